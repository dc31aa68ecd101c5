import { type Browser, expect, type Page } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import { Role } from '../../domain/roles';
import type { ClassAttendanceResponse } from '../../domain/schemas/attendance';
import type { LessonDoc, PersonDoc, RequestDoc, ScheduleDoc, SubjectDoc } from '../../domain/sync-docs';
import { DEMO_ACCOUNTS, EXTRA_TEACHERS } from '../../server/db/demo/accounts';
import { AttendancePage } from './pages/attendance-page';
import { GuardianPage } from './pages/guardian-page';
import { LoginPage } from './pages/login-page';
import { ShellPage, waitForOfflineShell } from './pages/shell-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { newPastSitting } from './support/demo-classes';
import { mailCount, waitForMail } from './support/mailbox';
import { test } from './support/test';

// Issue 43, absence notices: a teacher marks student@demo.test absent on the sheet; after the window (6 s in
// the browser tests, playwright.config.ts) the guardian hears of it by mail in their language and in the app,
// excuses it offline from the notice on their phone, and once the teacher approves it on the request screen
// the guardian and the student see the mark change (the "Done when", end to end).

const GUARDIAN = 'guardian@demo.test';

/** The e-mail of a named demo teacher who teaches one of the child's classes, from the admin's own pulls. */
async function teacherOfChild(admin: ApiSession, childName: string): Promise<string> {
  const [people, subjects] = await Promise.all([
    pullAll<PersonDoc>(admin, 'people'),
    pullAll<SubjectDoc>(admin, 'subjects'),
  ]);
  const child = people.find((person) => person.role === Role.student && person.name === childName);
  const classIds = new Set(
    subjects.flatMap((doc) =>
      doc.kind === 'classStudent' && doc.studentId === child?.studentId && doc.classId ? [doc.classId] : [],
    ),
  );
  const named = new Map(
    [...DEMO_ACCOUNTS, ...EXTRA_TEACHERS]
      .filter((account) => account.role === Role.teacher)
      .map((account) => [account.name, account.email] as const),
  );
  for (const doc of subjects) {
    if (doc.kind !== 'class' || !classIds.has(doc.id)) continue;
    for (const teacherId of doc.teacherIds) {
      const email = named.get(people.find((person) => person.id === teacherId)?.name ?? '');
      if (email) return email;
    }
  }
  throw new Error(`no named demo teacher teaches a class of ${childName}`);
}
// The bound: the notice's mail arrives within the window plus a minute.
const NOTICE_BOUND_MS = 66_000;

/** Waits (within the window plus a minute) until a mail to the guardian arrives after `before` mails. */
async function noticeMailAfter(before: number): Promise<void> {
  await expect
    .poll(() => mailCount(GUARDIAN), {
      message: 'the absence notice mail to the guardian',
      timeout: NOTICE_BOUND_MS,
    })
    .toBeGreaterThan(before);
}

const CHILD_DAY_LINK = /(\/admin\/children\/[0-9a-f-]+\?date=\d{4}-\d{2}-\d{2})/;

/** The lesson name of a sitting, from the guardian's own pulls (what the child's day lists it by). */
async function lessonNameOf(guardian: ApiSession, scheduleId: string): Promise<string> {
  const [schedules, lessons] = await Promise.all([
    pullAll<ScheduleDoc>(guardian, 'schedules'),
    pullAll<LessonDoc>(guardian, 'lessons'),
  ]);
  const lessonId = schedules.find((row) => row.id === scheduleId)?.lessonId;
  const name = lessons.find((row) => row.id === lessonId)?.name;
  if (!name) throw new Error(`the guardian's pulls do not hold the sitting ${scheduleId}`);
  return name;
}

/** Signs a user in on a new 390 px phone, in English, asking for `path` first. */
async function phoneSignedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`/admin${path}`);
  const login = new LoginPage(phone, 'en');
  await login.chooseLanguage();
  await login.signInWithCode(email);
  await new ShellPage(phone).waitUntilReady();
  return phone;
}

test('a child marked absent: the guardian hears in their language, excuses it offline from the notice, the teacher approves, and guardian and student see the mark change', async ({
  browser,
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  // The guardian's API session has a cookie jar of its own: `request` ends signed in as the teacher.
  const guardian = await signInApi(await playwright.request.newContext({ baseURL }), GUARDIAN);
  const child = (await (await signInApi(request, 'student@demo.test')).get('/api/me')) as { name: string };
  const teacherEmail = await teacherOfChild(await signInApi(request, 'admin@demo.test'), child.name);
  const teacher = await signInApi(request, teacherEmail);

  // Two sittings of the child's own on two days: each day is a notice of its own.
  const first = await newPastSitting(teacher, 1, { studentName: child.name, daysAgo: 3 });
  const second = await newPastSitting(teacher, 1, { studentName: child.name, daysAgo: 4 });
  const sheet = (await teacher.get(`/api/attendance/${first.classId}`)) as ClassAttendanceResponse;
  const row = sheet.students.findIndex((entry) => entry.student.name === child.name);
  const columnOf = (scheduleId: string) =>
    sheet.schedules.findIndex((schedule) => schedule.id === scheduleId);
  const attendance = await AttendancePage.openSignedIn(page, teacherEmail, {
    classId: first.classId,
    sheet,
  });
  const markAbsent = async (column: number) => {
    await attendance.typeColumn(column, [String(AttendanceStatus.unexplainedAbsence)], row);
    await expect(attendance.cell(row, column)).toHaveAttribute(
      'data-status',
      String(AttendanceStatus.unexplainedAbsence),
    );
  };

  // The guardian reads Japanese: the mail is in Japanese.
  await guardian.post('/api/users/update-language', { locale: 'ja' });
  const before = mailCount(GUARDIAN);
  await markAbsent(columnOf(first.scheduleId));
  await noticeMailAfter(before);
  const japaneseLink = await waitForMail(
    GUARDIAN,
    new RegExp(`${child.name}さんの.+欠席または遅刻として記録されました。[\\s\\S]*?${CHILD_DAY_LINK.source}`),
    before,
  );

  // Switched to English: the next notice is in English.
  await guardian.post('/api/users/update-language', { locale: 'en' });
  const beforeEnglish = mailCount(GUARDIAN);
  await markAbsent(columnOf(second.scheduleId));
  await noticeMailAfter(beforeEnglish);
  const englishLink = await waitForMail(
    GUARDIAN,
    new RegExp(`${child.name} was marked absent or late on[\\s\\S]*?${CHILD_DAY_LINK.source}`),
    beforeEnglish,
  );
  expect(englishLink).not.toBe(japaneseLink);

  // The guardian's phone: the bell holds the notice, which opens the child's day.
  const phone = await phoneSignedIn(browser, GUARDIAN, '/');
  await phone.getByRole('button', { name: /^Notifications/ }).click();
  const notice = phone
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Your child was marked absent or late\./ })
    .filter({ hasText: child.name })
    .first();
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(phone).toHaveURL(new RegExp(englishLink.replace(/[?]/g, '\\?')));

  // The sitting of the notice, on the child's day: excused offline, kept on the phone.
  const screens = new GuardianPage(phone);
  const sitting = screens.sittings().filter({ hasText: await lessonNameOf(guardian, second.scheduleId) });
  await expect(sitting).toContainText('Unexplained absence', { timeout: 60_000 });
  await waitForOfflineShell(phone);
  await phone.context().setOffline(true);
  const content = `Fever — ${testInfo.testId}`;
  await screens.excuse(sitting, content);
  const filed = phone.getByRole('main').getByRole('link').filter({ hasText: content });
  await expect(filed).toContainText('Waiting to send');

  // Back online the phone sends it; the server holds it, filed by the guardian for the child.
  await phone.context().setOffline(false);
  const guardianMe = (await guardian.get('/api/me')) as { id: string; name: string };
  let requestId = '';
  await expect
    .poll(
      async () => {
        const found = (await pullAll<RequestDoc>(guardian, 'requests')).find(
          (doc) => doc.content === content,
        );
        requestId = found?.id ?? '';
        return found ? { scheduleId: found.scheduleId, filedBy: found.filedBy } : null;
      },
      { message: 'the excuse filed offline reaches the server', timeout: 90_000 },
    )
    .toEqual({ scheduleId: second.scheduleId, filedBy: guardianMe.id });

  // The teacher, on their own request screen (Japanese), sees who filed it and approves it with the update.
  await page.goto(`/admin/requests/${requestId}`);
  await expect(page.getByRole('main')).toContainText(`${guardianMe.name}（保護者）`, { timeout: 60_000 });
  await page.getByRole('button', { name: '承認して記録を更新', exact: true }).click();
  await expect(page.getByText('申請を承認しました。', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The guardian's phone, back on the child's day: the sitting is now an (excused) absence, the excuse approved.
  await phone.goto(englishLink);
  await expect(sitting).toContainText('Request: Absent (notice), approved', { timeout: 60_000 });
  await expect(sitting).not.toContainText('Unexplained absence');

  // The student, on their own phone: the record shows the change, and the request names the guardian.
  const student = await phoneSignedIn(browser, 'student@demo.test', '/achievement-attendance-profile');
  const own = student
    .getByRole('list', { name: 'Held sittings' })
    .getByRole('listitem')
    .filter({ hasText: await lessonNameOf(guardian, second.scheduleId) });
  await expect(own).toContainText('Your request: Absent (notice), approved', { timeout: 60_000 });
  await expect(own).not.toContainText('Unexplained absence');
  await own.getByRole('link', { name: /Your request/ }).click();
  await expect(student.getByRole('main')).toContainText(
    `Filed by ${guardianMe.name} (guardian) for ${child.name}`,
    { timeout: 60_000 },
  );
  await Promise.all([phone.close(), student.close()]);
});
