import { combineLatest, map, type ObservedValueOf } from 'rxjs';
import { MasterKind } from '../../../domain/master';
import { Role } from '../../../domain/roles';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

const CALENDAR_MASTER_KINDS = [
  MasterKind.subjectNames,
  MasterKind.classNames,
  MasterKind.rooms,
  MasterKind.yearCodes,
  MasterKind.universities,
  MasterKind.faculties,
];

/**
 * The local rows of the sittings between `first` and `last` (ISO dates, both included) and what names them,
 * live: a sitting published or moved on the server reaches an open calendar through the pull.
 */
export function calendarSources$(database: SchoolDatabase, range: { first: string; last: string }) {
  return combineLatest([
    database.schedules.find({ selector: { day: { $gte: range.first, $lte: range.last } } }).$.pipe(asRows()),
    database.lessons.find().$.pipe(asRows()),
    database.subjects
      .find({
        selector: {
          kind: { $in: [SubjectDocKind.subject, SubjectDocKind.subjectClass, SubjectDocKind.classStudent] },
        },
      })
      .$.pipe(asRows()),
    database.master.find({ selector: { kind: { $in: CALENDAR_MASTER_KINDS } } }).$.pipe(asRows()),
    // Staff only: their names go on a sitting; students' names never reach a calendar.
    database.people.find({ selector: { role: { $ne: Role.student } } }).$.pipe(asRows()),
  ]).pipe(
    map(([schedules, lessons, subjects, master, staff]) => ({ schedules, lessons, subjects, master, staff })),
  );
}

/**
 * Everything a calendar joins to show the sittings of a day range, all local to this device: schedules,
 * lessons, subjects with their classes and class students, the master rows that name them, and staff.
 */
export type CalendarSources = ObservedValueOf<ReturnType<typeof calendarSources$>>;

/** The semesters (terms) on this device, once: what an export "for the term" looks up. */
export function semesters(database: SchoolDatabase) {
  return database.master
    .find({ selector: { kind: MasterKind.semesters } })
    .exec()
    .then((documents) => documents.map((document) => document.toJSON()));
}
