import { combineLatest, map, type Observable } from 'rxjs';
import { outsideDrafts } from '../../../domain/lessons';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../open-database';
import type { SubjectDocType } from '../synced-schemas';
import { subjectLessons$ } from './lessons';
import { asRows } from './rows';

/** A class of a subject by its id, live; null while it is not on this device or the id is no class. */
export function subjectClass$(database: SchoolDatabase, classId: string): Observable<SubjectDocType | null> {
  return database.subjects.findOne(classId).$.pipe(
    map((document) => {
      const row = document?.toMutableJSON() ?? null;
      return row?.kind === SubjectDocKind.subjectClass ? row : null;
    }),
  );
}

/** A subject by its id, live; null while it is not on this device. */
export function subject$(database: SchoolDatabase, subjectId: string): Observable<SubjectDocType | null> {
  return database.subjects.findOne(subjectId).$.pipe(map((document) => document?.toMutableJSON() ?? null));
}

/** The class roster: the class students (enrolments) of one class of a subject, live. */
export function classRoster$(database: SchoolDatabase, subjectId: string, classId: string) {
  // The index is (kind, subjectId); a subject has few classes, so its enrolments are filtered here.
  return database.subjects.find({ selector: { kind: SubjectDocKind.classStudent, subjectId } }).$.pipe(
    asRows(),
    map((rows) => rows.filter((row) => row.classId === classId)),
  );
}

/** The highlight rules of a subject, live. */
export function subjectHighlights$(database: SchoolDatabase, subjectId: string) {
  return database.subjects.find({ selector: { kind: SubjectDocKind.highlight, subjectId } }).$.pipe(asRows());
}

/**
 * The score names of a subject outside draft exams (`outsideDrafts`, issue #17), live: the achievement screens'
 * columns.
 */
export function subjectScoreNames$(database: SchoolDatabase, subjectId: string) {
  return combineLatest([
    database.subjects.find({ selector: { kind: SubjectDocKind.scoreName, subjectId } }).$.pipe(asRows()),
    subjectLessons$(database, subjectId),
  ]).pipe(map(([scoreNames, lessons]) => outsideDrafts(scoreNames, lessons)));
}

/** Every subject on this device (the caller's subjects as the server scoped them), live. */
export function subjectList$(database: SchoolDatabase) {
  return database.subjects.find({ selector: { kind: SubjectDocKind.subject } }).$.pipe(asRows());
}
