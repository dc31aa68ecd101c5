import { expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import type { AttendanceHistoryEntry, ClassAttendanceResponse } from '../../domain/schemas/attendance';
import { AttendancePage } from './pages/attendance-page';
import { signInApi } from './support/api';
import { demoTeacherWithNewSitting } from './support/demo-classes';
import { test } from './support/test';

test('a mark an admin changed first while the teacher was offline is listed by student, and re-applying it reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { teacher, classId, sheet, column, scheduleId } = await demoTeacherWithNewSitting(request, 1);
  const student = sheet.students[0];
  if (!student) throw new Error('the class has no student');

  const attendance = await AttendancePage.openSignedIn(page, 'teacher@demo.test', { classId, sheet });

  // Offline, the teacher marks the first student late ("2"); online, an admin marks them present first.
  await attendance.goOffline(context);
  await attendance.typeColumn(column, ['2']);
  await expect(attendance.cell(0, column)).toHaveAttribute('data-state', 'waiting');
  const admin = await signInApi(request, 'admin@demo.test');
  const answer = (await admin.post(`/api/attendance/${scheduleId}`, {
    data: {
      subjectClass: classId,
      attendances: [
        {
          class_student_id: student.class_student_id,
          schedule_id: scheduleId,
          status: AttendanceStatus.present,
        },
      ],
    },
  })) as { attendances: { class_student_id: string; status: number | null }[] };
  expect(answer.attendances).toContainEqual(
    expect.objectContaining({ class_student_id: student.class_student_id, status: AttendanceStatus.present }),
  );
  // The premise: while offline the teacher's mark stayed on the device, so the admin's is the only one.
  const historyOf = async () =>
    (
      (await admin.get(`/api/attendance/history/${scheduleId}`)) as { history: AttendanceHistoryEntry[] }
    ).history.filter((entry) => entry.class_student_id === student.class_student_id);
  expect((await historyOf()).map((entry) => entry.new_status ?? null)).toEqual([AttendanceStatus.present]);
  await expect(attendance.cell(0, column)).toHaveAttribute('data-state', 'waiting');

  // Back online the server keeps the admin's value; the teacher's stays in the sync issues, named.
  await context.setOffline(false);
  await expect(attendance.cell(0, column)).toHaveAttribute('data-state', 'refused', { timeout: 60_000 });
  await expect(attendance.cell(0, column)).toHaveAttribute('data-status', String(AttendanceStatus.present));
  await page
    .getByRole('button', { name: /^同期状況:/ })
    .first()
    .click();
  const issues = page.getByRole('region', { name: '同期の問題' });
  const issue = issues.getByRole('listitem').filter({ hasText: student.student.name });
  await expect(issue).toContainText('他のユーザーが同じ項目を変更しました');
  await expect(issue).toContainText('あなたの入力: 出欠状況 遅刻');

  await issue.getByRole('button', { name: '再適用' }).click();
  await expect(issues).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(attendance.cell(0, column)).toHaveAttribute('data-status', String(AttendanceStatus.late));
  await expect(attendance.cell(0, column)).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });

  const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  const marks = after.students
    .find((row) => row.class_student_id === student.class_student_id)
    ?.attendances.filter((mark) => mark.schedule_id === scheduleId);
  expect(marks).toHaveLength(1);
  expect(marks?.[0]?.status).toBe(AttendanceStatus.late);

  // The history holds the admin's mark, then the teacher's re-applied one, each once.
  expect((await historyOf()).map((entry) => entry.new_status ?? null)).toEqual([
    AttendanceStatus.present,
    AttendanceStatus.late,
  ]);
});
