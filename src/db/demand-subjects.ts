import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import { z } from 'zod';
import { ON_DEMAND_LIMITS } from '../../domain/sync';
import { localDocument$, updateLocalDocument } from './local-documents';
import type { SchoolDatabase } from './open-database';

// A device of an on-demand role (docs/on-demand-sync.md) keeps the class work of the subjects its screens open.
// Two records say which: the subjects asked for, with when each was last opened (written by any tab), and,
// per collection, the subjects whose rows are all on the device (written by the replicating worker). Both
// are local documents, so every tab sees them.

const DAY_MS = 24 * 60 * 60 * 1000;
const ASKED_ID = 'demand-subjects';
const heldId = (collection: string) => `demand-held-${collection}`;

const askedSchema = z.record(z.string(), z.number());
const heldSchema = z.object({ held: z.array(z.string()), filled: z.array(z.string()) });

/**
 * Where a collection's subjects stand on the device: `held`, the subjects some of whose rows may be here (a
 * subject enters before its first row comes and leaves once its last row is gone), and `filled`, those whose
 * rows are all here (their pull ended), which the device keeps in step from then on.
 */
export type HeldSubjects = z.infer<typeof heldSchema>;

/** The subjects asked for, by id, with the time each was last opened; unreadable records count as none. */
function askedOf(data: unknown): Record<string, number> {
  return askedSchema.safeParse(data).data ?? {};
}

function heldOf(data: unknown): HeldSubjects {
  return heldSchema.safeParse(data).data ?? { held: [], filled: [] };
}

/**
 * The subjects a device keeps, most recently opened first: those opened within `ON_DEMAND_LIMITS.unusedDays`,
 * at most `ON_DEMAND_LIMITS.subjects` of them. The others are dropped from the device.
 */
export function keptSubjects(asked: Readonly<Record<string, number>>, now: number): string[] {
  const since = now - ON_DEMAND_LIMITS.unusedDays * DAY_MS;
  return Object.entries(asked)
    .filter(([, usedAt]) => usedAt >= since)
    .sort(([a, at], [b, bt]) => bt - at || (a < b ? -1 : 1))
    .slice(0, ON_DEMAND_LIMITS.subjects)
    .map(([subjectId]) => subjectId);
}

/**
 * Records that a screen opened `subjectId` now: the subject is kept on the device, and its rows come on the
 * next pull if they are not here yet. Subjects no longer kept leave the record, so it never grows past them.
 */
export async function askForSubject(database: SchoolDatabase, subjectId: string, now: number): Promise<void> {
  await updateLocalDocument(database, ASKED_ID, (data) => {
    const asked = { ...askedOf(data?.subjects), [subjectId]: now };
    const kept = new Set(keptSubjects(asked, now));
    return { subjects: Object.fromEntries(Object.entries(asked).filter(([id]) => kept.has(id))) };
  });
}

/** Lets go of `subjectId` at once, as its time unused running out would (the fault property's eviction). */
export async function dropSubject(database: SchoolDatabase, subjectId: string): Promise<void> {
  await (await database.getLocal(ASKED_ID))?.incrementalModify((data) => {
    const { [subjectId]: _, ...rest } = askedOf(data.subjects);
    return { subjects: rest };
  });
}

/** The subjects the device keeps now (`keptSubjects` of the record). */
export async function subjectsKept(database: SchoolDatabase, now: number): Promise<string[]> {
  return keptSubjects(askedOf((await database.getLocal(ASKED_ID))?.get('subjects')), now);
}

/** Streams the ids of the subjects asked for, sorted, changing only when one is added or dropped. */
export function askedSubjects$(database: SchoolDatabase): Observable<string> {
  return localDocument$(database, ASKED_ID).pipe(
    map((document) =>
      Object.keys(askedOf(document?.get('subjects')))
        .sort()
        .join(','),
    ),
    distinctUntilChanged(),
  );
}

/** Where `collection`'s subjects stand on the device; null before the device ever kept it by subject. */
export async function heldSubjects(
  database: SchoolDatabase,
  collection: string,
): Promise<HeldSubjects | null> {
  const stored = await database.getLocal(heldId(collection));
  return stored ? heldOf(stored.toJSON().data) : null;
}

/** Records where `collection`'s subjects stand; only the replicating worker writes it. */
export async function storeHeldSubjects(
  database: SchoolDatabase,
  collection: string,
  subjects: HeldSubjects,
): Promise<void> {
  await database.upsertLocal(heldId(collection), { held: [...subjects.held], filled: [...subjects.filled] });
}

/** Streams whether every one of `collections` holds all its rows of `subjectId` on this device. */
export function subjectFilled$(
  database: SchoolDatabase,
  subjectId: string,
  collections: readonly string[],
): Observable<boolean> {
  return combineLatest(
    collections.map((collection) =>
      localDocument$(database, heldId(collection)).pipe(
        map((document) => heldOf(document?.toJSON().data).filled.includes(subjectId)),
      ),
    ),
  ).pipe(
    map((filled) => filled.every(Boolean)),
    distinctUntilChanged(),
  );
}
