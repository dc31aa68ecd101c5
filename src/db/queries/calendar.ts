import { combineLatest, map, type Observable, type ObservedValueOf, of, switchMap } from 'rxjs';
import { MasterKind } from '../../../domain/master-kind';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../open-database';
import { asRows } from './rows';

/** The documents of `ids` in a collection, live, as rows (RxDB's `findByIds` answers a map). */
export function byIds<Row>(
  collection: { findByIds(ids: string[]): { $: Observable<Map<string, { toJSON(): Row }>> } },
  ids: readonly string[],
) {
  return collection
    .findByIds([...new Set(ids)])
    .$.pipe(map((found) => [...found.values()].map((doc) => doc.toJSON())));
}

/**
 * The local rows of the sittings between `first` and `last` (ISO dates, both included) and only what names
 * them: their lessons, subjects, classes, master rows and teachers, found by id, so the work follows the
 * sittings of the range and not the size of the device's data. Live: a sitting published or moved on the
 * server reaches an open calendar through the pull. `withSeats` adds the class students (a student's own).
 */
export function calendarSources$(
  database: SchoolDatabase,
  range: { first: string; last: string },
  withSeats = false,
) {
  return database.schedules.find({ selector: { day: { $gte: range.first, $lte: range.last } } }).$.pipe(
    asRows(),
    switchMap((schedules) =>
      combineLatest([
        of(schedules),
        byIds(
          database.lessons,
          schedules.map((schedule) => schedule.lessonId),
        ),
        byIds(database.subjects, [
          ...schedules.map((schedule) => schedule.subjectId),
          ...schedules.map((schedule) => schedule.classId),
        ]),
        withSeats
          ? database.subjects.find({ selector: { kind: SubjectDocKind.classStudent } }).$.pipe(asRows())
          : of([]),
      ]),
    ),
    switchMap(([schedules, lessons, subjects, seats]) => {
      const masterIds = [
        ...schedules.flatMap((schedule) => (schedule.roomId ? [schedule.roomId] : [])),
        ...subjects.flatMap((row) => [row.subjectNameId, row.yearCodeId, row.classNameId]),
      ].filter((id): id is string => id !== null);
      const teacherIds = [
        ...schedules.flatMap((schedule) => schedule.teacherIds),
        ...subjects.flatMap((row) => row.teacherIds),
      ];
      return combineLatest([byIds(database.master, masterIds), byIds(database.people, teacherIds)]).pipe(
        map(([master, staff]) => ({ schedules, lessons, subjects: [...subjects, ...seats], master, staff })),
      );
    }),
  );
}

/**
 * Everything a calendar joins to show the sittings of a day range, all local to this device: schedules,
 * lessons, subjects with their classes (and class students for a student), the master rows that name them,
 * and the teachers.
 */
export type CalendarSources = ObservedValueOf<ReturnType<typeof calendarSources$>>;

/** The semesters (terms) on this device, once: what an export "for the term" looks up. */
export function semesters(database: SchoolDatabase) {
  return database.master
    .find({ selector: { kind: MasterKind.semesters } })
    .exec()
    .then((documents) => documents.map((document) => document.toJSON()));
}
