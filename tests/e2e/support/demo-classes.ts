import type { APIRequestContext } from '@playwright/test';
import type { AttendanceSchedule, ClassAttendanceResponse } from '../../../domain/schemas/attendance';
import type { LessonDetail } from '../../../domain/schemas/lessons';
import type { SubjectDoc } from '../../../domain/sync-docs';
import { type ApiSession, pullAll, signInApi } from './api';

/** The classes the signed-in teacher is assigned to with at least `minStudents` students, with their sheets. */
async function* teacherClasses(teacher: ApiSession, minStudents: number) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  for (const subjectClass of docs.filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id))) {
    const sheet = (await teacher.get(`/api/attendance/${subjectClass.id}`)) as ClassAttendanceResponse;
    if (sheet.students.length >= minStudents) yield { subjectClass, sheet };
  }
}

/**
 * A class the signed-in teacher is assigned to with at least `minStudents` students (and, when `studentName`
 * is given, that student among them), and its sheet.
 */
export async function teacherClass(teacher: ApiSession, minStudents: number, studentName?: string) {
  for await (const { subjectClass, sheet } of teacherClasses(teacher, minStudents)) {
    if (studentName && !sheet.students.some((row) => row.student.name === studentName)) continue;
    return { classId: subjectClass.id, subjectId: subjectClass.subjectId, sheet };
  }
  throw new Error(
    `the demo teacher has no class of ${minStudents} students${studentName ? ` with ${studentName}` : ''}`,
  );
}

/**
 * A class the signed-in teacher is assigned to with at least `minStudents` students, and a schedule of it
 * nobody has marked yet that `accept` takes. The demo leaves few held sittings unmarked: a spec that marks
 * one takes `newPastSitting` instead, so that specs of one run never share a column.
 */
export async function findUnmarkedSchedule(
  teacher: ApiSession,
  minStudents: number,
  accept: (schedule: AttendanceSchedule) => Promise<boolean> | boolean,
) {
  for await (const { subjectClass, sheet } of teacherClasses(teacher, minStudents)) {
    for (const [column, schedule] of sheet.schedules.entries()) {
      const unmarked = sheet.students.every((student) =>
        student.attendances.every((mark) => mark.schedule_id !== schedule.id),
      );
      if (unmarked && (await accept(schedule)))
        return { classId: subjectClass.id, sheet, column, scheduleId: schedule.id };
    }
  }
  throw new Error(`the demo school has no class of ${minStudents} students with such an unmarked schedule`);
}

/**
 * A sitting of its own for a spec: a lesson the signed-in teacher adds, two days ago (held wherever the
 * browser is: a mark on a sitting not yet held asks first, marking-ahead.spec.ts) or `daysAgo`, to a class of
 * theirs with at least `minStudents` students (and `studentName` among them); with the class's sheet and the
 * sitting's column in it.
 */
export async function newPastSitting(
  teacher: ApiSession,
  minStudents: number,
  options: { studentName?: string; daysAgo?: number } = {},
) {
  const { classId, subjectId } = await teacherClass(teacher, minStudents, options.studentName);
  const day = new Date(Date.now() - (options.daysAgo ?? 2) * 86_400_000).toISOString().slice(0, 10);
  const lesson = (await teacher.post(`/api/academic/subjects/${subjectId}/lessons`, {
    name: `E2E 出欠 ${Date.now().toString(36)}`,
    schedules: [
      { class_id: classId, day, start_time: '18:00', end_time: '19:30', room_id: null, teacher_ids: [] },
    ],
  })) as { id: string };
  const detail = (await teacher.get(
    `/api/academic/subjects/${subjectId}/lessons/${lesson.id}/detail`,
  )) as LessonDetail;
  const scheduleId = detail.schedule[0]?.id ?? '';
  const sheet = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  const column = sheet.schedules.findIndex((schedule) => schedule.id === scheduleId);
  if (column < 0) throw new Error('the new sitting is not on its class sheet');
  return { classId, sheet, column, scheduleId };
}

/** The demo teacher signed in through the API, with a class of theirs and a past sitting of its own. */
export async function demoTeacherWithNewSitting(request: APIRequestContext, minStudents: number) {
  const teacher = await signInApi(request, 'teacher@demo.test');
  return { teacher, ...(await newPastSitting(teacher, minStudents)) };
}
