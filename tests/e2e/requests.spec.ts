import { type APIRequestContext, expect } from '@playwright/test';
import { AttendanceStatus } from '../../domain/attendance';
import type { AttendanceHistoryEntry } from '../../domain/schemas/attendance';
import type { StudentRequestData } from '../../domain/schemas/people';
import type { Request, RequestListResponse } from '../../domain/schemas/requests';
import type { PersonDoc, SubjectDoc } from '../../domain/sync-docs';
import { RequestsPage } from './pages/requests-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

const STUDENT = 'student@demo.test';
const TEACHER = 'teacher@demo.test';

/**
 * A sitting of a class the demo student sits in and the demo teacher teaches: the latest one before today
 * (yesterday's, as near as the demo school has it), else the first.
 */
async function sharedSitting(contexts: () => Promise<APIRequestContext>, skip: readonly string[] = []) {
  // Each API session keeps its own cookies: two sign-ins on one request context would share one session.
  const student = await signInApi(await contexts(), STUDENT);
  const teacher = await signInApi(await contexts(), TEACHER);
  const me = (await student.get('/api/me')) as { id: string };
  const people = await pullAll<PersonDoc>(student, 'people');
  const studentId = people.find((person) => person.id === me.id)?.studentId;
  if (!studentId) throw new Error('the demo student has no student record');
  const teacherMe = (await teacher.get('/api/me')) as { id: string };
  const taught = new Set(
    (await pullAll<SubjectDoc>(teacher, 'subjects'))
      .filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(teacherMe.id))
      .map((doc) => doc.id),
  );
  const data = (await student.get(`/api/students/${studentId}/data-request`)) as StudentRequestData;
  const today = new Date().toISOString().slice(0, 10);
  for (const subject of data.subjects) {
    for (const klass of subject.classes.filter((row) => taught.has(row.id))) {
      const sittings = klass.schedules.filter((row) => !skip.includes(row.id));
      const past = sittings.filter((row) => row.day < today);
      const sitting = past.at(-1) ?? sittings[0];
      if (sitting)
        return { student, teacher, subjectId: subject.id, classId: klass.id, scheduleId: sitting.id };
    }
  }
  throw new Error('the demo student sits in no class of the demo teacher');
}

async function findRequest(teacher: ApiSession, content: string): Promise<Request> {
  const list = (await teacher.get(
    `/api/requests/search?param=${encodeURIComponent(content)}`,
  )) as RequestListResponse;
  const [found] = list.data;
  if (!found) throw new Error(`no request "${content}"`);
  return found;
}

test('a student on a phone files a late notice offline; the teacher approves it with update and the student hears at once', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const place = await sharedSitting(() => playwright.request.newContext({ baseURL }));
  const content = `電車が遅れました ${Date.now()}`;

  // The student, on a 390 px phone, opens the form online once, then loses the network.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  const studentPage = await phone.newPage();
  const student = await RequestsPage.openSignedIn(studentPage, STUDENT, '/requests/add');
  await student.waitForForm(place.subjectId);
  await phone.setOffline(true);
  await student.fileLate(place, 10, content);

  // The list opens with a full reload, offline: the request is there, waiting to send; it survives a reload.
  await expect(studentPage).toHaveURL(/\/admin\/requests$/);
  await expect(student.entry(content)).toContainText('送信待ち');
  await studentPage.reload();
  await expect(student.entry(content)).toContainText('送信待ち');
  const pageWidth = await studentPage.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);

  // Back online, it is sent once.
  await phone.setOffline(false);
  await expect(student.entry(content)).not.toContainText('送信待ち', { timeout: 60_000 });
  const filed = await findRequest(place.teacher, content);
  expect(filed).toMatchObject({ status: 1, late_minutes: 10, schedule: { id: place.scheduleId } });

  // The teacher sees the waiting badge and the request card, and approves with update.
  const desk = await browser.newContext({ locale: 'ja-JP' });
  const teacherPage = await desk.newPage();
  const teacher = await RequestsPage.openSignedIn(teacherPage, TEACHER, '/');
  await expect(teacherPage.getByTestId('menu-badge-requests')).toBeVisible();
  await expect(teacherPage.getByText(content).first()).toBeVisible();
  await teacherPage.goto(`/admin/requests/${filed.id}`);
  await expect(teacherPage.getByText(content)).toBeVisible();
  await teacher.button('承認して記録を更新').click();
  await expect(teacherPage.getByText('申請を承認しました。').first()).toBeVisible();

  // The sitting is marked late, with a history line naming the request.
  const history = (await place.teacher.get(`/api/attendance/history/${place.scheduleId}`)) as {
    history: AttendanceHistoryEntry[];
  };
  expect(history.history.filter((line) => line.request_id === filed.id)).toEqual([
    expect.objectContaining({ new_status: AttendanceStatus.late }),
  ]);
  // The sheet shows that line too: the sitting's history names the request and leads to it.
  await teacherPage.goto(`/admin/attendance?subjectClass=${place.classId}`);
  const heading = teacherPage.locator(`th[data-schedule="${place.scheduleId}"]`);
  await heading.getByRole('button', { name: /^履歴/ }).click();
  const line = teacherPage.getByRole('dialog').locator(`li[data-request="${filed.id}"]`);
  await expect(line).toContainText('遅刻');
  await expect(line.getByRole('link')).toHaveAttribute('href', `/admin/requests/${filed.id}`);
  await teacherPage.keyboard.press('Escape');

  // The student's open phone hears of it live: the bell counts the notification, the list the new status.
  await expect(studentPage.getByRole('button', { name: /お知らせ（未読 \d+ 件）/ })).toBeVisible();
  await studentPage.goto(`/admin/requests/${filed.id}`);
  await expect(studentPage.getByText('この申請により出欠が変更されました。')).toBeVisible();
  await phone.close();
  await desk.close();
});

test('a teacher rejects a request with a reason, and a student cancels another', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const place = await sharedSitting(() => playwright.request.newContext({ baseURL }));
  const stamp = Date.now();
  const body = (content: string) => ({
    option: 2,
    subject_id: place.subjectId,
    class_id: place.classId,
    schedule_id: place.scheduleId,
    content,
  });
  const rejected = (await place.student.post('/api/requests', body(`体調不良 ${stamp}`))) as Request;
  const cancelled = (await place.student.post('/api/requests', body(`取り消す申請 ${stamp}`))) as Request;

  const desk = await browser.newContext({ locale: 'ja-JP' });
  const teacherPage = await desk.newPage();
  const teacher = await RequestsPage.openSignedIn(teacherPage, TEACHER, `/requests/${rejected.id}`);
  await teacher.button('却下').click();
  // A rejection needs its reason.
  await teacher.button('申請を却下する').click();
  await expect(teacherPage.getByText('必須')).toBeVisible();
  await teacherPage.getByLabel('却下の理由').fill('診断書を提出してください');
  await teacher.button('申請を却下する').click();
  await expect(teacherPage.getByText('申請を却下しました。').first()).toBeVisible();
  await expect(teacherPage.getByText('理由：診断書を提出してください')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  const studentPage = await phone.newPage();
  const student = await RequestsPage.openSignedIn(studentPage, STUDENT, `/requests/${cancelled.id}`);
  await student.button('申請を取り消す').click();
  await expect(studentPage.getByText('申請を取り消しました。').first()).toBeVisible();
  await expect
    .poll(async () => ((await place.student.get(`/api/requests/${cancelled.id}`)) as Request).status)
    .toBe(-1);
  // The rejected one is under the rejected tab with its reason.
  await studentPage.goto(`/admin/requests/${rejected.id}`);
  await expect(studentPage.getByText('理由：診断書を提出してください')).toBeVisible();
  await phone.close();
  await desk.close();
});
