import { expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import type {
  AttendanceEntry,
  AttendanceHistoryEntry,
  ClassAttendanceResponse,
} from '../../domain/schemas/attendance';
import { AttendancePage } from './pages/attendance-page';
import { signInApi } from './support/api';
import { demoTeacherWithNewSitting } from './support/demo-classes';
import { test } from './support/test';

const KEYS = ['1', '2', '3', '4'] as const;
const STATUS_OF_KEY: Record<(typeof KEYS)[number], number> = {
  '1': AttendanceStatus.present,
  '2': AttendanceStatus.late,
  '3': AttendanceStatus.unexplainedAbsence,
  '4': AttendanceStatus.absent,
};

test('a teacher marks 40 students offline, reloads offline, and the server gets each mark once, merged with an admin’s comment', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { teacher, classId, sheet, column, scheduleId } = await demoTeacherWithNewSitting(request, 40);
  const students = sheet.students.slice(0, 40);
  const keys = students.map((_, index) => KEYS[index % KEYS.length] ?? '1');

  const attendance = await AttendancePage.openSignedIn(page, 'teacher@demo.test', { classId, sheet });

  // The network drops; the teacher opens the sheet again without it (the app starts offline) and marks.
  await context.setOffline(true);
  await page.reload();
  await expect(attendance.offlineBanner).toBeVisible();
  await expect(attendance.rows()).toHaveCount(sheet.students.length);
  await attendance.typeColumn(column, keys);
  for (const [row, key] of keys.entries()) {
    await expect(attendance.cell(row, column)).toHaveAttribute('data-status', String(STATUS_OF_KEY[key]));
  }
  await expect(attendance.cell(39, column)).toHaveAttribute('data-state', 'waiting');

  // Meanwhile an admin, online, writes a comment on the first student's mark of the same schedule.
  const admin = await signInApi(request, 'admin@demo.test');
  const first = students[0];
  if (!first) throw new Error('no first student');
  await admin.post(`/api/attendance/${scheduleId}`, {
    data: {
      subjectClass: classId,
      attendances: [
        {
          class_student_id: first.class_student_id,
          schedule_id: scheduleId,
          status: null,
          comment: '保護者連絡済み',
        },
      ],
    },
  });

  await page.reload();
  await expect(attendance.rows()).toHaveCount(sheet.students.length, { timeout: 60_000 });
  for (const [row, key] of keys.entries()) {
    await expect(attendance.cell(row, column)).toHaveAttribute('data-status', String(STATUS_OF_KEY[key]));
  }

  await context.setOffline(false);
  for (const row of keys.keys()) {
    await expect(attendance.cell(row, column)).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  }

  const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  const byStudent = new Map(after.students.map((student) => [student.class_student_id, student.attendances]));
  const orderedStudents = sheet.students;
  for (const [index, key] of keys.entries()) {
    const student = orderedStudents[index];
    if (!student) throw new Error(`no student ${index}`);
    const marks = (byStudent.get(student.class_student_id) ?? []).filter(
      (mark: AttendanceEntry) => mark.schedule_id === scheduleId,
    );
    expect(marks, `student ${index}`).toHaveLength(1);
    expect(marks[0]?.status, `student ${index} ${student.student.identity}`).toBe(STATUS_OF_KEY[key]);
  }
  const firstMarks = (byStudent.get(first.class_student_id) ?? []).filter(
    (mark) => mark.schedule_id === scheduleId,
  );
  expect(firstMarks[0]?.comment).toBe('保護者連絡済み');

  const { history } = (await teacher.get(`/api/attendance/history/${scheduleId}`)) as {
    history: AttendanceHistoryEntry[];
  };
  const teacherChanges = history.filter((entry) => entry.offline);
  expect(teacherChanges).toHaveLength(40);
  expect(new Set(teacherChanges.map((entry) => entry.class_student_id)).size).toBe(40);
  expect(history.filter((entry) => !entry.offline)).toHaveLength(1);

  // "Mark all present" on the next schedule asks first, then marks every student of it present.
  const next = column + 1;
  if (next < sheet.schedules.length) {
    await attendance.markAllPresent(next);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    for (const row of sheet.students.keys()) {
      await expect(attendance.cell(row, next)).toHaveAttribute(
        'data-status',
        String(AttendanceStatus.present),
      );
    }
    await expect(attendance.cell(sheet.students.length - 1, next)).toHaveAttribute('data-state', 'saved', {
      timeout: 60_000,
    });
  }
});
