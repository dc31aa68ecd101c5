import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import { z } from 'zod';
import { ROWS_AHEAD_MAX, SyncCollection, syncedDocSchema } from '../../domain/sync';
import { SubjectDocKind } from '../../domain/sync-docs';
import { localDocument$, updateLocalDocument } from './local-documents';
import type { SchoolDatabase } from './open-database';
import { firstPullDone$ } from './sync-state';

// While the first pull of a collection whose rows hang on subjects runs (`SUBJECT_AHEAD_COLLECTIONS`), the
// rows a screen waits for come ahead of the rest (docs/on-demand-sync.md, "Ahead of the first pull"). Two
// local documents per collection say which, so every tab sees them: the rows screens wait for (written by
// any tab), and the subjects whose rows have come ahead (written by the replicating worker). Both are let go
// of once the first pull is done: the whole collection is then here.

const rowsId = (collection: string) => `ahead-rows-${collection}`;
const subjectsId = (collection: string) => `ahead-subjects-${collection}`;

const idsSchema = z.array(z.string());

function idsOf(data: unknown): string[] {
  return idsSchema.safeParse(data).data ?? [];
}

function updateIds(database: SchoolDatabase, id: string, update: (ids: readonly string[]) => string[]) {
  return updateLocalDocument(database, id, (data) => ({ ids: update(idsOf(data?.ids)) }));
}

/**
 * Asks for rows of `collection` to come ahead of the rest of its first pull: in a collection whose rows hang
 * on subjects, with every row of their subject (a screen opened for a class or a score name shows it as
 * soon as it comes); in one of `ROWS_AHEAD_COLLECTIONS`, the rows themselves (a class's students). The
 * latest `ROWS_AHEAD_MAX` asked are kept.
 */
export async function askAheadForRows(
  database: SchoolDatabase,
  collection: string,
  rowIds: readonly string[],
) {
  // Only ids can be asked for (a screen with no row chosen has none).
  const asked = rowIds.filter((id) => syncedDocSchema.shape.id.safeParse(id).success);
  if (asked.length === 0) return;
  await updateIds(database, rowsId(collection), (ids) =>
    [...ids.filter((id) => !asked.includes(id)), ...asked].slice(-ROWS_AHEAD_MAX),
  );
}

/**
 * Asks for the names of the students a page of `subjects` rows enrols in class `classId` (people, by student
 * id) to come ahead: what a class sheet opened for that class waits for once it has its roster. Asked as the
 * page comes, the names come beside the subject's marks, not after the sheet has read its roster.
 */
export async function askNamesOfClass(
  database: SchoolDatabase,
  page: readonly Record<string, unknown>[],
  classId: string,
): Promise<void> {
  const students = page.flatMap((row) =>
    row.kind === SubjectDocKind.classStudent &&
    row.classId === classId &&
    row._deleted !== true &&
    typeof row.studentId === 'string'
      ? [row.studentId]
      : [],
  );
  await askAheadForRows(database, SyncCollection.people, students);
}

/** The rows of `collection` asked for ahead, oldest first. */
export async function aheadRowsAsked(database: SchoolDatabase, collection: string): Promise<string[]> {
  return idsOf((await database.getLocal(rowsId(collection)))?.get('ids'));
}

/** Streams the rows of `collection` asked for ahead, changing only when one is added or let go of. */
export function aheadRowsAsked$(database: SchoolDatabase, collection: string): Observable<string> {
  return localDocument$(database, rowsId(collection)).pipe(
    map((document) => idsOf(document?.get('ids')).join(',')),
    distinctUntilChanged(),
  );
}

/** Lets go of rows asked for ahead once they (or their subject's rows) have come. */
export async function forgetAheadRows(
  database: SchoolDatabase,
  collection: string,
  rowIds: readonly string[],
) {
  await (await database.getLocal(rowsId(collection)))?.incrementalModify((data) => ({
    ids: idsOf(data.ids).filter((id) => !rowIds.includes(id)),
  }));
}

/** The subjects whose rows of `collection` came ahead of its first pull. */
export async function subjectsAhead(database: SchoolDatabase, collection: string): Promise<string[]> {
  return idsOf((await database.getLocal(subjectsId(collection)))?.get('ids'));
}

/** Records that every row of `subjectId` in `collection` has come ahead of its first pull and is stored. */
export async function markSubjectAhead(database: SchoolDatabase, collection: string, subjectId: string) {
  await updateIds(database, subjectsId(collection), (ids) =>
    ids.includes(subjectId) ? [...ids] : [...ids, subjectId],
  );
}

/** Lets go of what was asked for and brought ahead of `collection`'s first pull, once that pull is done. */
export async function clearAhead(database: SchoolDatabase, collection: string): Promise<void> {
  for (const id of [rowsId(collection), subjectsId(collection)]) {
    await (await database.getLocal(id))?.remove();
  }
}

/** Streams whether every row of `subjectId` in `collection` is here: its first pull is done, or they came ahead. */
export function subjectHereAhead$(
  database: SchoolDatabase,
  collection: string,
  subjectId: string,
): Observable<boolean> {
  return combineLatest([
    firstPullDone$(database, collection),
    localDocument$(database, subjectsId(collection)).pipe(map((document) => idsOf(document?.get('ids')))),
  ]).pipe(
    map(([done, ahead]) => done || ahead.includes(subjectId)),
    distinctUntilChanged(),
  );
}
