import { type Browser, expect, type Page } from '@playwright/test';
import type { MasterDataResponse } from '../../domain/schemas/master-setting';
import type { SubjectDoc } from '../../domain/sync-docs';
import { AttendancePage } from './pages/attendance-page';
import { LoginPage } from './pages/login-page';
import { PeoplePage } from './pages/people-page';
import { pullAll, signInApi } from './support/api';
import { teacherClass } from './support/demo-classes';
import { mailCount, RESET_LINK_PATTERN, waitForMail } from './support/mailbox';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

/** A tag of this run, so names, numbers and addresses never meet those of an earlier run. */
const RUN = Date.now().toString(36);

async function signedInPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await new LoginPage(page).signInWithCode(email, password);
  await expect(page.getByRole('banner')).toBeVisible();
  return page;
}

test('an admin bulk-adds 30 students from a pasted sheet, fixes two rows in place, finds one by filter and puts them in a class; the class teacher sees them on the sheet without reloading', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // A class of the demo teacher, and where its subject sits (university, faculty, year code) by name.
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, sheet } = await teacherClass(teacher, 1);
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  const subjectId = docs.find((doc) => doc.id === classId)?.subjectId;
  const subject = docs.find((doc) => doc.kind === 'subject' && doc.id === subjectId);
  if (!subject?.facultyId || !subject.yearCodeId) throw new Error('the class has no faculty or year code');
  const admin = await signInApi(request, 'admin@demo.test');
  const master = (await admin.get('/master-data')) as MasterDataResponse;
  const nameOf = (rows: readonly { id: string; name: string }[], id: string) =>
    rows.find((row) => row.id === id)?.name ?? '';
  const className = nameOf(master.class_names, docs.find((doc) => doc.id === classId)?.classNameId ?? '');
  if (!className) throw new Error('the class has no name');
  const school = {
    university: nameOf(master.universities, subject.universityId),
    faculty: nameOf(master.faculties, subject.facultyId),
    yearCode: nameOf(master.year_codes, subject.yearCodeId),
  };

  // The teacher keeps the class's attendance sheet open in a browser of their own.
  const teacherPage = await (await browser.newContext()).newPage();
  const attendance = await AttendancePage.openSignedIn(teacherPage, 'teacher@demo.test', { classId, sheet });

  await page.goto('/admin/students/add');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  const people = new PeoplePage(page);
  // Adding students opens on one student, the common case; the sheet of many is the second tab.
  await expect(page.getByRole('tab', { name: '1人ずつ' })).toHaveAttribute('aria-selected', 'true');
  await people.chooseSchool(school);
  const rows = Array.from({ length: 30 }, (_, index) => {
    const n = index + 1;
    const email = n === 5 ? 'not-an-email' : `e2e-${RUN}-${n}@people.test`;
    const phone = n === 17 ? 'call me' : '090-1234-5678';
    return [
      `${RUN}-${String(n).padStart(2, '0')}`,
      `E2E ${RUN} 学生${n}`,
      'イーツーイー',
      email,
      phone,
      n % 10 === 0 ? 'N1' : 'N3',
      n % 2 === 0 ? '○' : '',
    ];
  });
  await people.pasteRows(
    ['学籍番号\t氏名\tカナ\tメール\t電話\tJLPT\t奨学金', ...rows.map((row) => row.join('\t'))].join('\n'),
  );
  await people.saveRows(30);
  await expect(page.getByRole('alert').filter({ hasText: '2行に修正が必要です' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/students\/add/);
  await people.cell('メールアドレス', 5).fill(`e2e-${RUN}-5@people.test`);
  await people.cell('電話番号', 17).fill('090-1111-2222');
  // SPEC §8's success toast, seen even though the screen moves on at once: SPEC §2 sends a bulk add to /students.
  await expectStatusAfter(page, '30人の学生を追加しました。', () => people.saveRows(30));
  await expect(page).toHaveURL(/\/admin\/students(\?|$)/);

  // The search keeps its filters in the URL: the run's students, then those with JLPT N1.
  await people.search(RUN);
  await expect(page.getByText('30人の学生', { exact: true })).toBeVisible();
  await page.getByLabel('JLPT').first().selectOption({ label: 'N1' });
  await expect(page.getByText('3人の学生', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]jlpt=/);
  const name = `E2E ${RUN} 学生10`;
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  await page.getByLabel('クラス', { exact: true }).selectOption({ value: classId });
  await expectStatusAfter(page, '学生をクラスに登録しました。', () =>
    page.getByRole('button', { name: 'クラスに登録' }).click(),
  );
  // The lasting proof is the student's record, read again, listing the class.
  const record = page.getByRole('region', { name: '出欠と成績' });
  await expect(record.getByRole('row').filter({ hasText: className })).toHaveCount(1);

  // The teacher's open sheet lists the new student, with no reload.
  await expect(attendance.rows().filter({ hasText: name })).toHaveCount(1, { timeout: 60_000 });
});

test('an admin invites a teacher, who chooses a password from the mailed link and signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `invited-${RUN}@people.test`;
  await page.goto('/admin/teachers/invite');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  const people = new PeoplePage(page);
  const before = mailCount(email);
  await expectStatusAfter(page, '教員にメールで招待を送りました。', () =>
    people.invite({ name: `招待 ${RUN}`, email }),
  );
  // SPEC §2: the invitation goes back to /teachers, which lists the invited teacher.
  await expect(page).toHaveURL(/\/admin\/teachers$/);
  await page.getByLabel('氏名またはメール').fill(email);
  await expect(page.getByRole('link', { name: `招待 ${RUN}` })).toBeVisible();

  // Before choosing a password the account cannot sign in with any password anyone knows.
  const link = await waitForMail(email, RESET_LINK_PATTERN, before);
  const invitee = await (await browser.newContext()).newPage();
  await PeoplePage.choosePassword(invitee, link, 'invited-pass-2026');
  await invitee.goto('/admin/login');
  await new LoginPage(invitee).signInWithCode(email, 'invited-pass-2026');
  await expect(invitee).toHaveURL(/\/admin\/$/);
});

test('the super admin promotes a teacher, blocks their sign-in (which ends their session) and unblocks it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `promoted-${RUN}@people.test`;
  const name = `昇格 ${RUN}`;
  const admin = await signInApi(request, 'admin@demo.test');
  const master = (await admin.get('/master-data')) as MasterDataResponse;
  const university = master.universities[0];
  if (!university) throw new Error('no university');
  const before = mailCount(email);
  await admin.post('/api/users/invite', { name, email, university_ids: [university.id] });
  const link = await waitForMail(email, RESET_LINK_PATTERN, before);
  const promoted = await (await browser.newContext()).newPage();
  await PeoplePage.choosePassword(promoted, link, 'promoted-pass-2026');

  await page.goto('/admin/login');
  await new LoginPage(page).signInWithCode('super@demo.test');
  // SPEC §2: the super admin lands on /admins.
  await expect(page).toHaveURL(/\/admin\/admins$/);
  await page.getByRole('button', { name: '管理者を追加' }).click();
  await page.getByLabel('氏名またはメール').fill(name);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: '管理者にする' })
    .click();
  await expectStatusAfter(page, `${name}さんを管理者にしました。`, () =>
    page.getByRole('alertdialog').getByRole('button', { name: '確定' }).click(),
  );
  // SPEC §2: admin role-up goes to /admins, which lists them now.
  await expect(page).toHaveURL(/\/admin\/admins$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The new admin signs in; the super admin blocks them and their open session ends at once.
  await promoted.goto('/admin/login');
  await new LoginPage(promoted).signInWithCode(email, 'promoted-pass-2026');
  await expect(promoted.getByRole('banner')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'サインインを停止' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('停止中');
  const me = await promoted.request.get('/api/me');
  expect(me.status()).toBe(401);

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'サインインを再開' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('可能');
  const again = await signedInPage(browser, email, 'promoted-pass-2026');
  await expect(again).toHaveURL(/\/admin\/$/);
});
