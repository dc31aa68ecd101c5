import { combineLatest, map, of, switchMap } from 'rxjs';
import type { AccountRole } from '../../../domain/roles';
import { SubjectDocKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../../db/open-database';
import { writeStates$ } from '../../db/outbox';
import { useLiveQuery } from '../../db/use-live-query';
import { buildSheet, type Sheet } from './attendance-sheet';

const json = <T>(documents: { toMutableJSON(): T }[]) =>
  documents.map((document) => document.toMutableJSON());

function sheet$(
  database: SchoolDatabase,
  classId: string,
  actor: { id: string; role: AccountRole },
  today: string,
) {
  return database.subjects.findOne(classId).$.pipe(
    map((document) => document?.toMutableJSON() ?? null),
    switchMap((subjectClass) => {
      if (!subjectClass || subjectClass.kind !== SubjectDocKind.subjectClass) return of(null);
      const { subjectId } = subjectClass;
      return combineLatest([
        database.subjects
          .find({ selector: { kind: SubjectDocKind.classStudent, subjectId } })
          .$.pipe(map(json)),
        database.schedules.find({ selector: { classId } }).$.pipe(map(json)),
        database.lessons.find({ selector: { subjectId } }).$.pipe(map(json)),
        database.people.find({ selector: { studentId: { $ne: null } } }).$.pipe(map(json)),
        database.attendance.find({ selector: { subjectId } }).$.pipe(map(json)),
        writeStates$(database, 'attendance'),
        database.subjects.find({ selector: { kind: SubjectDocKind.highlight, subjectId } }).$.pipe(map(json)),
      ]).pipe(
        map(([classStudents, schedules, lessons, people, attendances, outbox, highlights]) => {
          const students = new Map(
            people.flatMap((person) =>
              person.studentId
                ? [[person.studentId, { name: person.name, identity: person.identity }] as const]
                : [],
            ),
          );
          const sheet: Sheet = buildSheet({
            actor,
            subjectClass,
            classStudents: classStudents.filter((row) => row.classId === classId),
            students,
            schedules,
            lessonNames: new Map(lessons.map((lesson) => [lesson.id, lesson.name])),
            attendances,
            outbox,
            highlights,
            today,
          });
          return { sheet, subjectClass };
        }),
      );
    }),
  );
}

/** The live attendance sheet of a class from the local database: undefined while loading, null when unknown. */
export function useAttendanceSheet(classId: string, actor: { id: string; role: AccountRole }, today: string) {
  return useLiveQuery(
    (database) => (classId ? sheet$(database, classId, actor, today) : null),
    [classId, actor.id, actor.role, today],
  );
}
