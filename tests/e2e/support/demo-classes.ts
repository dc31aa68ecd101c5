import type { APIRequestContext } from '@playwright/test';
import type { AttendanceSchedule, ClassAttendanceResponse } from '../../../domain/schemas/attendance';
import type { SubjectDoc } from '../../../domain/sync-docs';
import { type ApiSession, pullAll, signInApi } from './api';

/**
 * A class the signed-in teacher is assigned to with at least `minStudents` students, and a schedule of it
 * nobody has marked yet (each spec marks its own, so specs of one run never share a column) that `accept`
 * takes, when given.
 */
export async function findUnmarkedSchedule(
  teacher: ApiSession,
  minStudents: number,
  accept: (schedule: AttendanceSchedule) => Promise<boolean> | boolean = () => true,
) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  for (const subjectClass of docs.filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id))) {
    const sheet = (await teacher.get(`/api/attendance/${subjectClass.id}`)) as ClassAttendanceResponse;
    if (sheet.students.length < minStudents) continue;
    for (const [column, schedule] of sheet.schedules.entries()) {
      const unmarked = sheet.students.every((student) =>
        student.attendances.every((mark) => mark.schedule_id !== schedule.id),
      );
      if (unmarked && (await accept(schedule)))
        return { classId: subjectClass.id, sheet, column, scheduleId: schedule.id };
    }
  }
  throw new Error(`the demo school has no class of ${minStudents} students with an unmarked schedule`);
}

/** The demo teacher signed in through the API, with a class of theirs and a schedule nobody has marked. */
export async function demoTeacherWithUnmarkedSchedule(request: APIRequestContext, minStudents: number) {
  const teacher = await signInApi(request, 'teacher@demo.test');
  return { teacher, ...(await findUnmarkedSchedule(teacher, minStudents)) };
}
