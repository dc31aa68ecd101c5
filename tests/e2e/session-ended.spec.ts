import { expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import type { AttendanceHistoryEntry, ClassAttendanceResponse } from '../../domain/schemas/attendance';
import type { SessionEntry } from '../../domain/schemas/auth-account';
import { AttendancePage } from './pages/attendance-page';
import { LoginPage } from './pages/login-page';
import { demoTeacherWithNewSitting } from './support/demo-classes';
import { test } from './support/test';

test('a teacher whose session ended while marking offline is told the marks are kept, signs in again, and each reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { teacher, classId, sheet, column, scheduleId } = await demoTeacherWithNewSitting(request, 3);
  const marked = sheet.students.slice(0, 3);
  const statuses = [AttendanceStatus.present, AttendanceStatus.late, AttendanceStatus.absent];

  const attendance = await AttendancePage.openSignedIn(page, 'teacher@demo.test', { classId, sheet });

  await attendance.goOffline(context);
  await attendance.typeColumn(column, ['1', '2', '4']);
  for (const [row, status] of statuses.entries()) {
    await expect(attendance.cell(row, column)).toHaveAttribute('data-status', String(status));
    await expect(attendance.cell(row, column)).toHaveAttribute('data-state', 'waiting');
  }

  // Meanwhile the teacher ends their other sessions from another device, this browser's among them.
  const { data: sessions } = (await teacher.get('/api/sessions')) as { data: SessionEntry[] };
  for (const session of sessions.filter((entry) => !entry.current)) {
    await teacher.delete(`/api/sessions/${session.id}`);
  }

  // Back online, the first sync call meets the ended session: the app asks for a sign-in and says that
  // the three marks are still on the device.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/admin\/login/, { timeout: 60_000 });
  const notice = page.getByRole('status').filter({ hasText: 'もう一度ログインしてください' });
  await expect(notice).toContainText('この端末で送信待ちの変更: 3 件');

  await new LoginPage(page).signInWithCode('teacher@demo.test');
  await expect(page).not.toHaveURL(/\/admin\/(login|otp)/);
  await page.goto(`/admin/attendance?subjectClass=${classId}`);
  for (const [row, status] of statuses.entries()) {
    await expect(attendance.cell(row, column)).toHaveAttribute('data-status', String(status));
    await expect(attendance.cell(row, column)).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  }

  const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  for (const [index, student] of marked.entries()) {
    const marks = after.students
      .find((row) => row.class_student_id === student.class_student_id)
      ?.attendances.filter((mark) => mark.schedule_id === scheduleId);
    expect(marks, `student ${index}`).toHaveLength(1);
    expect(marks?.[0]?.status, `student ${index}`).toBe(statuses[index]);
  }
  const { history } = (await teacher.get(`/api/attendance/history/${scheduleId}`)) as {
    history: AttendanceHistoryEntry[];
  };
  expect(history).toHaveLength(3);
  expect(history.every((entry) => entry.offline)).toBe(true);
});
