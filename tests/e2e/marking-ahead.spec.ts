import { expect } from '@playwright/test';
import dayjs from 'dayjs';
import { AttendanceStatus } from '../../domain/attendance';
import { AttendancePage } from './pages/attendance-page';
import { signInApi } from './support/api';
import { findUnmarkedSchedule } from './support/demo-classes';
import { test } from './support/test';

test('a mark on a sitting not yet held is asked about once per sitting, and stored once agreed', async ({
  page,
  request,
}) => {
  const teacher = await signInApi(request, 'teacher@demo.test');
  const today = dayjs().format('YYYY-MM-DD');
  const target = await findUnmarkedSchedule(teacher, 3, (schedule) => schedule.day > today);
  const attendance = await AttendancePage.openSignedIn(page, 'teacher@demo.test', target);
  const present = String(AttendanceStatus.present);
  const ask = page.getByRole('alertdialog', { name: /この授業は.+です。このまま入力しますか？/ });

  // Cancelled: nothing is marked.
  await attendance.cell(0, target.column).click();
  await page.keyboard.press('1');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'キャンセル' }).click();
  await expect(ask).toBeHidden();
  await expect(attendance.cell(0, target.column)).toHaveAttribute('data-status', '');

  // Agreed: the mark is stored, and the next student of the same sitting is marked without a question.
  await attendance.cell(0, target.column).click();
  await page.keyboard.press('1');
  await ask.getByRole('button', { name: 'このまま入力する' }).click();
  await expect(attendance.cell(0, target.column)).toHaveAttribute('data-status', present);
  await attendance.cell(1, target.column).click();
  await page.keyboard.press('1');
  await expect(attendance.cell(1, target.column)).toHaveAttribute('data-status', present);
  await expect(ask).toBeHidden();
});
