import { expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import type { AttendanceHistoryEntry, ClassAttendanceResponse } from '../../domain/schemas/attendance';
import { AttendancePage } from './pages/attendance-page';
import { LoginPage } from './pages/login-page';
import { demoTeacherWithNewSitting } from './support/demo-classes';
import { test } from './support/test';

// Two tabs of one browser share the user's local database; only the leader tab's worker replicates it.
test('two tabs mark offline into one local database; the tab left open pushes every mark once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { teacher, classId, sheet, column, scheduleId } = await demoTeacherWithNewSitting(request, 6);
  const url = `/admin/attendance?subjectClass=${classId}`;

  await page.goto(url);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const first = new AttendancePage(page);
  await first.waitForSheet(sheet);
  await first.waitForOfflineShell();
  const otherPage = await context.newPage();
  await otherPage.goto(url);
  const second = new AttendancePage(otherPage);
  await second.waitForSheet(sheet);

  // Offline, each tab marks three students; each tab shows the other's marks at once, waiting to sync.
  await context.setOffline(true);
  await first.typeColumn(column, ['1', '2', '4']);
  await second.typeColumn(column, ['3', '1', '2'], 3);
  const expected = [
    AttendanceStatus.present,
    AttendanceStatus.late,
    AttendanceStatus.absent,
    AttendanceStatus.unexplainedAbsence,
    AttendanceStatus.present,
    AttendanceStatus.late,
  ];
  for (const tab of [first, second]) {
    for (const [row, status] of expected.entries()) {
      await expect(tab.cell(row, column)).toHaveAttribute('data-status', String(status));
      await expect(tab.cell(row, column)).toHaveAttribute('data-state', 'waiting');
    }
  }

  // The first tab is closed with everything still waiting (its worker may have been the leader); the network
  // comes back and the tab left open sends all six.
  await page.close();
  await context.setOffline(false);
  for (const row of expected.keys()) {
    await expect(second.cell(row, column)).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  }

  const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  for (const [row, status] of expected.entries()) {
    const student = sheet.students[row];
    if (!student) throw new Error(`no student ${row}`);
    const marks = (
      after.students.find((entry) => entry.class_student_id === student.class_student_id)?.attendances ?? []
    ).filter((mark) => mark.schedule_id === scheduleId);
    expect(marks, `student ${row}`).toHaveLength(1);
    expect(marks[0]?.status, `student ${row}`).toBe(status);
  }
  const { history } = (await teacher.get(`/api/attendance/history/${scheduleId}`)) as {
    history: AttendanceHistoryEntry[];
  };
  expect(history, 'each mark applied once').toHaveLength(expected.length);
  expect(history.every((entry) => entry.offline)).toBe(true);
});
