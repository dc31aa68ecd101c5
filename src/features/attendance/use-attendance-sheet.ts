import { combineLatest, map, of, switchMap } from 'rxjs';
import { PublishState } from '../../../domain/lessons';
import type { AccountRole } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import type { SchoolDatabase } from '../../db/open-database';
import { writeStates$ } from '../../db/outbox';
import { subjectAttendance$ } from '../../db/queries/attendance';
import { subjectLessons$ } from '../../db/queries/lessons';
import { studentNames$ } from '../../db/queries/people';
import { classSchedules$ } from '../../db/queries/schedules';
import { classRoster$, subjectClass$, subjectHighlights$ } from '../../db/queries/subjects';
import { useLiveQuery } from '../../db/use-live-query';
import { buildSheet, type Sheet } from './attendance-sheet';

/** The class work an attendance sheet shows, kept subject by subject on an on-demand device: the marks only. */
export const ATTENDANCE_SHEET_SHOWN = [SyncCollection.attendance] as const;

function sheet$(
  database: SchoolDatabase,
  classId: string,
  actor: { id: string; role: AccountRole },
  today: string,
) {
  return subjectClass$(database, classId).pipe(
    switchMap((subjectClass) => {
      if (!subjectClass) return of(null);
      const { subjectId } = subjectClass;
      return combineLatest([
        classRoster$(database, subjectId, classId),
        classSchedules$(database, classId),
        subjectLessons$(database, subjectId),
        studentNames$(database),
        subjectAttendance$(database, subjectId),
        writeStates$(database, 'attendance'),
        subjectHighlights$(database, subjectId),
      ]).pipe(
        map(([classStudents, schedules, lessons, students, attendances, outbox, highlights]) => {
          // Sittings of draft lessons are not held yet: the sheet shows them once the lesson is published.
          const published = new Set(
            lessons.filter((lesson) => lesson.publish === PublishState.published).map((lesson) => lesson.id),
          );
          const sheet: Sheet = buildSheet({
            actor,
            subjectClass,
            classStudents,
            students,
            schedules: schedules.filter((schedule) => published.has(schedule.lessonId)),
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
