import { map } from 'rxjs';
import { NoteKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The plan of a sitting, live; null while it has none on this device. */
export function sittingPlan$(database: SchoolDatabase, subjectId: string, scheduleId: string) {
  return database.notes.find({ selector: { subjectId, kind: NoteKind.plan, scheduleId } }).$.pipe(
    asRows(),
    map((rows) => rows[0] ?? null),
  );
}

/** The notes on a plan, newest first (by their sequence; a note not yet synced, 0, first), live. */
export function planNotes$(database: SchoolDatabase, subjectId: string, planId: string) {
  return database.notes.find({ selector: { subjectId, kind: NoteKind.planNote, planId } }).$.pipe(
    asRows(),
    map((rows) => [...rows].sort((a, b) => (a.updatedAt || Infinity) - (b.updatedAt || Infinity)).reverse()),
  );
}

/** The memos of a subject about any of `scheduleIds`, newest first (by their sequence), live. */
export function sittingMemos$(database: SchoolDatabase, subjectId: string, scheduleIds: readonly string[]) {
  const wanted = new Set(scheduleIds);
  return database.notes.find({ selector: { subjectId, kind: NoteKind.memo } }).$.pipe(
    asRows(),
    map((rows) =>
      rows
        .filter((row) => row.scheduleIds.some((id) => wanted.has(id)))
        .sort((a, b) => b.updatedAt - a.updatedAt),
    ),
  );
}
