import { combineLatest, map } from 'rxjs';
import { PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { person$ } from '../../db/queries/people';
import { asRows } from '../../db/queries/rows';
import { useLiveQuery } from '../../db/use-live-query';
import { localTime, localToday } from './local-clock';
import { type AttendanceHistory, buildAttendanceHistory } from './student-attendance';

/**
 * One student's dated attendance from the local database, live (the student's own scope replicates all of it,
 * so it opens offline too): undefined until the first answer.
 */
export function useStudentAttendance(studentId: string): AttendanceHistory | undefined {
  return useLiveQuery(
    (database) =>
      combineLatest([
        database.subjects
          .find({ selector: { kind: { $in: [SubjectDocKind.subject, SubjectDocKind.classStudent] } } })
          .$.pipe(asRows()),
        database.master.find({ selector: { kind: MasterKind.subjectNames } }).$.pipe(asRows()),
        database.schedules.find().$.pipe(asRows()),
        database.lessons.find().$.pipe(asRows()),
        database.attendance.find({ selector: { studentId } }).$.pipe(asRows()),
        database.requests.find({ selector: { studentId } }).$.pipe(asRows()),
      ]).pipe(
        map(([subjects, names, sittings, lessons, marks, requests]) => {
          const nameOf = new Map(names.map((row) => [row.id, row.name]));
          return buildAttendanceHistory({
            enrolments: subjects.filter(
              (row) => row.kind === SubjectDocKind.classStudent && row.studentId === studentId,
            ),
            subjectNames: new Map(
              subjects
                .filter((row) => row.kind === SubjectDocKind.subject)
                .map((row) => [row.id, nameOf.get(row.subjectNameId ?? '') ?? '']),
            ),
            sittings,
            publishedLessons: new Map(
              lessons
                .filter((lesson) => lesson.publish === PublishState.published)
                .map((lesson) => [lesson.id, lesson.name]),
            ),
            marks,
            requests,
            moment: { today: localToday(), time: localTime() },
          });
        }),
      ),
    [studentId],
  );
}

/** The student record of a signed-in student's account, from the local people rows; null while unknown. */
export function useStudentIdOf(userId: string): string | null | undefined {
  return useLiveQuery(
    (database) => person$(database, userId).pipe(map((person) => person?.studentId ?? null)),
    [userId],
  );
}
