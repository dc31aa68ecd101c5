import { expect, type Page } from '@playwright/test';
import { PublishState } from '../../domain/lessons';
import { RequestStatus } from '../../domain/request-status';
import type { LessonDoc, PersonDoc, RequestDoc, ScheduleDoc, SubjectDoc } from '../../domain/sync-docs';
import { GuardianPage } from './pages/guardian-page';
import { LoginPage } from './pages/login-page';
import { ShellPage, waitForOfflineShell } from './pages/shell-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

// Issue 43: a guardian on a phone follows their children and excuses an absence, offline too.

const GUARDIAN = 'guardian@demo.test';

/** Signs the guardian in on a 390 px phone, in English, asking for `path` first. */
async function signInGuardian(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin${path}`);
  const login = new LoginPage(page, 'en');
  await login.chooseLanguage();
  await login.signInWithCode(GUARDIAN);
  await expect(page.getByRole('banner')).toBeVisible();
  await new ShellPage(page).waitUntilReady();
}

/** The guardian's children as their own pull of people holds them: the student cards. */
async function childrenOf(guardian: ApiSession) {
  const people = await pullAll<PersonDoc>(guardian, 'people');
  return people.filter((person) => person.role === 5 && person.studentId !== null && !person._deleted);
}

/**
 * A sitting to come of one of the child's classes (a published lesson of a published subject) that no
 * request is about yet, from the guardian's own pulls: the excuse is filed for it.
 */
async function sittingToExcuse(guardian: ApiSession, studentId: string) {
  const [subjects, schedules, lessons, requests] = await Promise.all([
    pullAll<SubjectDoc>(guardian, 'subjects'),
    pullAll<ScheduleDoc>(guardian, 'schedules'),
    pullAll<LessonDoc>(guardian, 'lessons'),
    pullAll<RequestDoc>(guardian, 'requests'),
  ]);
  const classes = new Set(
    subjects.flatMap((row) =>
      row.kind === 'classStudent' && row.studentId === studentId && row.classId ? [row.classId] : [],
    ),
  );
  const published = new Map(
    lessons.filter((row) => row.publish === PublishState.published).map((row) => [row.id, row]),
  );
  const subjectOk = new Set(
    subjects
      .filter(
        (row) => row.kind === 'subject' && (row.publish === null || row.publish === PublishState.published),
      )
      .map((row) => row.id),
  );
  const asked = new Set(requests.flatMap((row) => (row.scheduleId ? [row.scheduleId] : [])));
  const today = new Date().toISOString().slice(0, 10);
  const sitting = schedules
    .filter(
      (row) =>
        classes.has(row.classId) &&
        published.has(row.lessonId) &&
        subjectOk.has(row.subjectId) &&
        !asked.has(row.id) &&
        row.day > today,
    )
    .sort((a, b) => `${a.day}${a.startTime}`.localeCompare(`${b.day}${b.startTime}`))[0];
  if (!sitting) throw new Error('the demo child has no sitting to come without a request about it');
  return { sitting, lessonName: published.get(sitting.lessonId)?.name ?? '' };
}

test('a guardian on a phone sees both children, a child’s day and attendance, excuses a sitting offline, and cancels the excuse they filed from its request screen', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  // Each account calls from a request context of its own: one cookie jar holds one session.
  const guardian = await signInApi(request, GUARDIAN);
  const children = await childrenOf(guardian);
  expect(children.map((child) => child.role)).toEqual([5, 5]);
  const studentDevice = await playwright.request.newContext({ baseURL });
  const student = await signInApi(studentDevice, 'student@demo.test');
  const studentMe = (await student.get('/api/me')) as { id: string; name: string };
  const child = children.find((row) => row.id === studentMe.id);
  if (!child?.studentId) throw new Error('student@demo.test is not one of the demo guardian’s children');
  const { sitting, lessonName } = await sittingToExcuse(guardian, child.studentId);

  await signInGuardian(page, '/children');
  const screens = new GuardianPage(page);
  // Two children and none chosen yet on this device: the switcher lists both by name.
  await expect(screens.children()).toHaveCount(2, { timeout: 60_000 });
  for (const row of children) await expect(screens.children().filter({ hasText: row.name })).toHaveCount(1);
  await screens.children().filter({ hasText: child.name }).click();
  await expect(screens.childHeading(child.name)).toBeVisible();
  await expect(screens.switcher().getByRole('link')).toHaveCount(2);
  await new ShellPage(page).keepScreenshot(testInfo, 'guardian-child-day');

  await screens.openTab('Attendance');
  await expect(page.getByRole('heading', { name: 'Attendance by sitting', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Held sittings' }).getByRole('listitem').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the attendance list fits the 390 px phone').toBeLessThanOrEqual(0);

  // The day of the sitting to excuse, then offline: the excuse is kept on the phone.
  await page.goto(`/admin/children/${child.studentId}?date=${sitting.day}`);
  const row = screens.sittings().filter({ hasText: lessonName }).first();
  await expect(row).toBeVisible({ timeout: 60_000 });
  await waitForOfflineShell(page);
  await context.setOffline(true);
  const content = `Fever — ${testInfo.testId}`;
  await screens.excuse(row, content);
  await expect(page).toHaveURL(new RegExp(`/admin/children/${child.studentId}/requests`));
  const filed = page.getByRole('main').getByRole('link').filter({ hasText: content });
  await expect(filed).toBeVisible();
  await expect(filed).toContainText('Waiting to send');
  await page.goto(`/admin/children/${child.studentId}?date=${sitting.day}`);
  await expect(row).toContainText('Request: Absent (notice), waiting for a decision');

  // Back online the worker sends it; the server holds it as the guardian's, about the child.
  await context.setOffline(false);
  const guardianMe = (await guardian.get('/api/me')) as { id: string; name: string };
  let requestId = '';
  await expect
    .poll(
      async () => {
        const found = (await pullAll<RequestDoc>(guardian, 'requests')).find(
          (doc) => doc.content === content,
        );
        requestId = found?.id ?? '';
        return found
          ? { studentId: found.studentId, scheduleId: found.scheduleId, filedBy: found.filedBy }
          : null;
      },
      { message: 'the excuse filed offline reaches the server', timeout: 90_000 },
    )
    .toEqual({ studentId: child.studentId, scheduleId: sitting.id, filedBy: guardianMe.id });

  // The guardian opens what they filed: it names them, and they cancel it (the server lets the guardian who
  // filed it, as it lets the student); the child's day offers the excuse again and the student's pull holds it.
  await row.getByRole('link', { name: /^Request: Absent \(notice\)/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/requests/${requestId}`));
  await expect(page.getByRole('main')).toContainText(
    `Filed by ${guardianMe.name} (guardian) for ${child.name}`,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Cancel the request', exact: true }).click();
  await expect(page.getByText('The request was cancelled.', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`/admin/children/${child.studentId}?date=${sitting.day}`);
  await expect(row.getByRole('link', { name: 'Excuse an absence or lateness' })).toBeVisible({
    timeout: 60_000,
  });
  const cancelled = (await pullAll<RequestDoc>(student, 'requests')).find((doc) => doc.id === requestId);
  expect(cancelled?.status).toBe(RequestStatus.cancelled);
  await studentDevice.dispose();
});

test('a guardian cannot open a staff screen nor another family’s child', async ({ page, request }) => {
  test.setTimeout(180_000);
  const guardian = await signInApi(request, GUARDIAN);
  const own = new Set((await childrenOf(guardian)).map((child) => child.studentId));
  // The guardian's calls are done: the same request context now signs in the admin.
  const admin = await signInApi(request, 'admin@demo.test');
  const other = (await pullAll<PersonDoc>(admin, 'people')).find(
    (person) => person.role === 5 && person.studentId !== null && !own.has(person.studentId),
  );
  if (!other?.studentId) throw new Error('the demo school has no student outside the guardian’s family');

  await signInGuardian(page, '/students');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  // The guardian's menu holds their children and nothing of the school.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(new ShellPage(page).mainMenu('en').getByRole('link')).toHaveText(['My children']);
  await page.goto(`/admin/children/${other.studentId}`);
  await expect(page.getByRole('heading', { name: 'This student is not linked to your account' })).toBeVisible(
    { timeout: 60_000 },
  );
  await expect(page.getByRole('main')).not.toContainText(other.name);
  // The guardian's home is their children, not the school's dashboard.
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/children/);
});
