import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { SyncCollection } from '../../domain/sync';
import { localDocument$ } from './local-documents';
import type { SchoolDatabase } from './open-database';

const MASTER_SYNC_STATE_ID = 'sync-master';

const syncStateSchema = z.object({ syncedAt: z.number() });

/**
 * Records that a master pull completed. It lives in the database (a local document, never replicated) so
 * every tab sees it, including tabs whose worker is not the replicating leader.
 */
export async function markMasterSynced(database: SchoolDatabase, syncedAt: number): Promise<void> {
  await database.upsertLocal(MASTER_SYNC_STATE_ID, { syncedAt });
}

/** Streams the time of the last completed master pull, or null while the collection was never synced. */
export function masterSyncedAt$(database: SchoolDatabase) {
  return localDocument$(database, MASTER_SYNC_STATE_ID);
}

/** Reads the sync time out of a local document's data; unknown shapes count as never synced. */
export function parseSyncedAt(data: unknown): number | null {
  const parsed = syncStateSchema.safeParse(data);
  return parsed.success ? parsed.data.syncedAt : null;
}

const scopeSweepId = (collection: string) => `scope-sweep-${collection}`;

/**
 * Records that a collection's pull started over after a change of the user's scope: when the re-pull
 * completes, the rows it did not bring are dropped. Stored, so a worker restarting in between starts the
 * re-pull over instead of forgetting the drop.
 */
export async function startScopeSweep(database: SchoolDatabase, collection: string): Promise<void> {
  await database.upsertLocal(scopeSweepId(collection), { startedAt: Date.now() });
}

/** Whether a re-pull after a change of scope is unfinished for the collection. */
export async function scopeSweepPending(database: SchoolDatabase, collection: string): Promise<boolean> {
  return (await database.getLocal(scopeSweepId(collection))) !== null;
}

/** Ends a re-pull after a change of scope: its rows are in, the others dropped. */
export async function endScopeSweep(database: SchoolDatabase, collection: string): Promise<void> {
  await (await database.getLocal(scopeSweepId(collection)))?.remove();
}

const pullRewindId = (collection: string) => `pull-rewind-${collection}`;
const pullRewindSchema = z.object({ updatedAt: z.number().int().nonnegative() });

/**
 * Asks the next pull of a collection to start again from the server sequence `updatedAt`, keeping the
 * earliest position asked for. The push side asks it for rows the device holds at a sequence it cannot
 * vouch for having applied in order; stored, so a worker restarting before that pull still makes it.
 */
export async function rewindPull(
  database: SchoolDatabase,
  collection: string,
  updatedAt: number,
): Promise<void> {
  const current = await pullRewind(database, collection);
  if (current !== null && current <= updatedAt) return;
  await database.upsertLocal(pullRewindId(collection), { updatedAt });
}

/** The sequence the next pull of a collection must start from, or null when it goes on from its checkpoint. */
export async function pullRewind(database: SchoolDatabase, collection: string): Promise<number | null> {
  const stored = await database.getLocal(pullRewindId(collection));
  return pullRewindSchema.safeParse(stored?.toJSON().data).data?.updatedAt ?? null;
}

/** Ends a rewind once a pull started from `updatedAt`; an earlier one asked for meanwhile stays. */
export async function endPullRewind(
  database: SchoolDatabase,
  collection: string,
  updatedAt: number,
): Promise<void> {
  if ((await pullRewind(database, collection)) !== updatedAt) return;
  await (await database.getLocal(pullRewindId(collection)))?.remove();
}

const firstPullId = (collection: string) => `first-pull-${collection}`;

/**
 * Records that a collection's first pull on this device has brought everything the server held for the user
 * (a page came back short). Stored, so every tab (not only the one whose worker replicates) can tell data
 * still arriving from data that is not the user's, and a restart does not count the collection again.
 */
export async function markFirstPullDone(database: SchoolDatabase, collection: string): Promise<void> {
  await database.upsertLocal(firstPullId(collection), { doneAt: Date.now() });
}

/** Whether the first pull of `collection` has completed on this device. */
export async function isFirstPullDone(database: SchoolDatabase, collection: string): Promise<boolean> {
  return (await database.getLocal(firstPullId(collection))) !== null;
}

/** Streams whether the first pull of `collection` has completed on this device. */
export function firstPullDone$(database: SchoolDatabase, collection: string): Observable<boolean> {
  return localDocument$(database, firstPullId(collection)).pipe(map((document) => document !== null));
}

/**
 * How far one collection's first pull on this device has got: the rows brought so far of how many the server
 * said there were (null until it said; rows that arrive meanwhile raise it), and whether it is done.
 */
export const firstPullProgressSchema = z.object({
  collection: z.enum(SyncCollection),
  pulled: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  done: z.boolean(),
});

export type FirstPullProgress = z.infer<typeof firstPullProgressSchema>;

const FIRST_SYNC_PROGRESS_ID = 'first-sync-progress';
const firstSyncProgressSchema = z.array(firstPullProgressSchema);

/**
 * Records how far the device's first sync has got: every collection the user replicates, in the registry's
 * order. Written by the replicating tab's worker, read by every tab (a tab whose worker is not the leader
 * shows the same numbers).
 */
export async function storeFirstSyncProgress(
  database: SchoolDatabase,
  collections: readonly FirstPullProgress[],
): Promise<void> {
  await database.upsertLocal(FIRST_SYNC_PROGRESS_ID, { collections: [...collections] });
}

/** Streams the first sync's progress as last recorded; empty before any record, or when one is unreadable. */
export function firstSyncProgress$(database: SchoolDatabase): Observable<FirstPullProgress[]> {
  return localDocument$(database, FIRST_SYNC_PROGRESS_ID).pipe(
    map((document) => {
      const parsed = firstSyncProgressSchema.safeParse(document?.get('collections'));
      return parsed.success ? parsed.data : [];
    }),
  );
}

const FIRST_PULLS_TRACKED_ID = 'first-pulls-tracked';

/**
 * The first pulls done on this device, by collection. A device that synced under a build that kept no such
 * records (only `markMasterSynced`, which every pull sets) counts each of `collections` as done: it pulled
 * them before. The check runs once per device; after it the records alone say.
 */
export async function firstPullsDone(
  database: SchoolDatabase,
  collections: readonly string[],
): Promise<Set<string>> {
  if ((await database.getLocal(FIRST_PULLS_TRACKED_ID)) === null) {
    if ((await database.getLocal(MASTER_SYNC_STATE_ID)) !== null) {
      for (const collection of collections) await markFirstPullDone(database, collection);
    }
    await database.upsertLocal(FIRST_PULLS_TRACKED_ID, { since: Date.now() });
  }
  const done = new Set<string>();
  for (const collection of collections) {
    if (await isFirstPullDone(database, collection)) done.add(collection);
  }
  return done;
}
