import { expect } from '@playwright/test';
import type {
  AttendanceHistoryEntry,
  AttendanceSchedule,
  ClassAttendanceResponse,
} from '../../domain/schemas/attendance';
import type { SubjectDoc } from '../../domain/sync-docs';
import { AttendancePage } from './pages/attendance-page';
import { LoginPage } from './pages/login-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

/**
 * A class of the demo teacher, its last student (the offline spec types the first 40), a sitting of another
 * class that student may attend instead, where this class's sitting of the same lesson holds a mark to move,
 * and a class of the same subject the teacher does not teach.
 */
async function findExchange(teacher: ApiSession) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  const classes = docs.filter((doc) => doc.kind === 'class');
  for (const subjectClass of classes.filter((doc) => doc.teacherIds.includes(me.id))) {
    const other = classes.find(
      (doc) => doc.subjectId === subjectClass.subjectId && !doc.teacherIds.includes(me.id),
    );
    const sheet = (await teacher.get(`/api/attendance/${subjectClass.id}`)) as ClassAttendanceResponse;
    const student = sheet.students.at(-1);
    if (!other || !student) continue;
    const { schedules: candidates } = (await teacher.get(
      `/api/exchange-attendance/${student.class_student_id}/1`,
    )) as { schedules: AttendanceSchedule[] };
    // The dialog moves from this class's first sitting of the candidate's lesson.
    const fromOf = (candidate: AttendanceSchedule) =>
      sheet.schedules.findIndex((schedule) => schedule.lesson.id === candidate.lesson.id);
    const index = candidates.findIndex((candidate) =>
      student.attendances.some(
        (mark) => mark.schedule_id === sheet.schedules[fromOf(candidate)]?.id && mark.status !== null,
      ),
    );
    const candidate = candidates[index];
    const from = candidate ? sheet.schedules[fromOf(candidate)] : undefined;
    const mark = student.attendances.find((entry) => entry.schedule_id === from?.id);
    if (candidate && from && mark) {
      return {
        classId: subjectClass.id,
        otherClassId: other.id,
        student,
        candidate,
        index,
        fromColumn: fromOf(candidate),
        mark,
      };
    }
  }
  throw new Error('the demo school has no marked student of the demo teacher to exchange');
}

test('a teacher moves a student’s mark to another class’s sitting, once, and cannot offline or on a class not theirs', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, otherClassId, student, candidate, index, fromColumn, mark } = await findExchange(teacher);
  const name = student.student.name;

  await page.goto(`/admin/attendance?subjectClass=${classId}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  const attendance = new AttendancePage(page);
  const row = attendance.rowOf(name);
  await expect(row.locator('td').nth(fromColumn).getByRole('button')).toHaveAttribute(
    'data-status',
    String(mark.status),
    { timeout: 60_000 },
  );

  await attendance.exchangeButton(name).click();
  const dialog = attendance.exchangeDialog(name);
  const candidates = dialog.getByRole('list', { name: '振替できる他クラスの授業' }).getByRole('listitem');
  await expect(candidates.nth(index)).toContainText(candidate.lesson.name);
  await expect(dialog.getByText('まだ他クラスの授業へ振り替えていません。')).toBeVisible();
  await candidates
    .nth(index)
    .getByRole('button', { name: /へ振替$/ })
    .click();

  await expect(page.getByText('出欠を振替しました。', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('list', { name: '振替済みの授業' }).getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('list', { name: '振替済みの授業' })).toContainText(candidate.lesson.name);
  await dialog.getByRole('button', { name: '閉じる' }).click();
  // The server's change reaches the sheet: the mark left this class's sitting.
  await expect(row.locator('td').nth(fromColumn).getByRole('button')).toHaveAttribute('data-status', '', {
    timeout: 60_000,
  });

  const moved = (await teacher.get(`/api/exchange-attendance/${student.class_student_id}/0`)) as {
    schedules: AttendanceSchedule[];
  };
  expect(moved.schedules.map((schedule) => schedule.id)).toEqual([candidate.id]);
  const after = (await teacher.get(`/api/attendance/${classId}`)) as ClassAttendanceResponse;
  const marks = after.students.find((entry) => entry.class_student_id === student.class_student_id);
  expect(marks?.attendances.some((entry) => entry.schedule_id === mark.schedule_id)).toBe(false);
  const { history } = (await teacher.get(`/api/attendance/history/${candidate.id}`)) as {
    history: AttendanceHistoryEntry[];
  };
  const arrived = history.filter((entry) => entry.class_student_id === student.class_student_id);
  expect(arrived).toHaveLength(1);
  expect(arrived[0]?.new_status).toBe(mark.status);

  // Without a network the action is off and the sheet says why.
  await context.setOffline(true);
  await expect(attendance.offlineBanner).toBeVisible();
  await expect(attendance.exchangeButton(name)).toBeDisabled();
  await expect(
    page.getByText('出欠の振替にはサーバーへの接続が必要です。オンラインに戻ると利用できます。'),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(attendance.exchangeButton(name)).toBeEnabled();

  // A class of the subject the teacher does not teach is read-only: no exchange offered.
  await page.goto(`/admin/attendance?subjectClass=${otherClassId}`);
  await expect(page.getByText('このクラスは担当外のため、出欠は閲覧のみです。')).toBeVisible({
    timeout: 60_000,
  });
  await expect(attendance.sheet.getByRole('button', { name: /の出欠を振替$/ })).toHaveCount(0);

  // One class is remembered for both screens: /achievement without a class opens the one chosen last.
  await page.goto('/admin/achievement');
  await expect(page).toHaveURL(new RegExp(`subjectClass=${otherClassId}`));
  await expect(page.getByRole('combobox', { name: 'クラス' })).toHaveValue(otherClassId);
});
