import { combineLatest, map, type ObservedValueOf, of, switchMap } from 'rxjs';
import { RequestStatus } from '../../../domain/request-status';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { liveCount$ } from '../each-document-once';
import type { SchoolDatabase } from '../open-database';
import { byIds } from './calendar';
import { asRows } from './rows';

/**
 * The requests on this device and only what names them, found by id: their subjects, classes and score
 * names, the master rows naming those, the sittings with their lessons, and the people (students, deciders
 * and the guardians who filed a request for their child). Live: a request filed here, or decided on another
 * device, reaches an open list at once.
 */
export function requestSources$(database: SchoolDatabase) {
  return database.requests.find({ sort: [{ createdAt: 'desc' }] }).$.pipe(
    asRows(),
    switchMap((requests) =>
      combineLatest([
        of(requests),
        byIds(
          database.subjects,
          requests.flatMap((row) => [row.subjectId, row.classId, row.scoreNameId]).filter(isId),
        ),
        byIds(
          database.schedules,
          requests.flatMap((row) => (row.scheduleId ? [row.scheduleId] : [])),
        ),
        database.people
          .find({ selector: { studentId: { $in: [...new Set(requests.map((row) => row.studentId))] } } })
          .$.pipe(asRows()),
        byIds(
          database.people,
          requests.flatMap((row) => [row.decidedBy, row.filedBy].filter(isId)),
        ),
      ]),
    ),
    switchMap(([requests, subjects, schedules, students, deciders]) =>
      combineLatest([
        byIds(database.master, subjects.flatMap((row) => [row.subjectNameId, row.classNameId]).filter(isId)),
        byIds(
          database.lessons,
          schedules.map((row) => row.lessonId),
        ),
      ]).pipe(
        map(([master, lessons]) => ({
          requests,
          subjects,
          schedules,
          lessons,
          master,
          people: [...students, ...deciders],
        })),
      ),
    ),
  );
}

/** Everything the request screens join, all local to this device. */
export type RequestSources = ObservedValueOf<ReturnType<typeof requestSources$>>;

/** How many requests on this device are still requesting: the menu badge, live. */
export function requestingCount$(database: SchoolDatabase) {
  return liveCount$(database.requests, { selector: { status: RequestStatus.requesting } });
}

const isId = (id: string | null): id is string => id !== null;

/**
 * What the request form offers a student, from this device alone (so it works offline): their seats (class
 * students), the subjects and classes of those seats with the master rows naming them, the classes'
 * sittings with their lessons, and the subjects' score names. Live.
 */
export function requestFormSources$(database: SchoolDatabase, studentId: string) {
  return database.subjects.find({ selector: { kind: SubjectDocKind.classStudent, studentId } }).$.pipe(
    asRows(),
    switchMap((seats) => {
      const subjectIds = [...new Set(seats.map((seat) => seat.subjectId))];
      const classIds = seats.flatMap((seat) => (seat.classId ? [seat.classId] : []));
      return combineLatest([
        of(seats),
        byIds(database.subjects, [...subjectIds, ...classIds]),
        database.subjects
          .find({ selector: { kind: SubjectDocKind.scoreName, subjectId: { $in: subjectIds } } })
          .$.pipe(asRows()),
        database.schedules.find({ selector: { classId: { $in: classIds } } }).$.pipe(asRows()),
      ]);
    }),
    switchMap(([seats, subjects, scoreNames, schedules]) =>
      combineLatest([
        byIds(database.master, subjects.flatMap((row) => [row.subjectNameId, row.classNameId]).filter(isId)),
        byIds(
          database.lessons,
          schedules.map((row) => row.lessonId),
        ),
      ]).pipe(map(([master, lessons]) => ({ seats, subjects, scoreNames, schedules, lessons, master }))),
    ),
  );
}

/** Everything the request form offers, all local to this device. */
export type RequestFormSources = ObservedValueOf<ReturnType<typeof requestFormSources$>>;

/** The requests one student filed that this device holds, newest first, live. */
export function studentRequests$(database: SchoolDatabase, studentId: string) {
  return database.requests.find({ selector: { studentId } }).$.pipe(
    asRows(),
    map((rows) => [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt))),
  );
}
