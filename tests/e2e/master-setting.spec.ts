import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { MasterDataResponse } from '../../domain/schemas/master-setting';
import type { SubjectDoc } from '../../domain/sync-docs';
import { LoginPage } from './pages/login-page';
import { MasterSettingPage } from './pages/master-setting-page';
import { type ApiSession, pullAll, signInApi } from './support/api';
import { test } from './support/test';

/** Opens /master-setting signed in as the demo admin. */
async function openAsAdmin(page: Page): Promise<MasterSettingPage> {
  await page.goto('/admin/master-setting');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  await expect(page).toHaveURL(/\/admin\/master-setting/);
  return new MasterSettingPage(page);
}

/** A class of the demo teacher whose subject names a faculty, with that faculty and its university. */
async function teacherClassWithFaculty(teacher: ApiSession, admin: ApiSession) {
  const me = (await teacher.get('/api/me')) as { id: string };
  const docs = await pullAll<SubjectDoc>(teacher, 'subjects');
  const master = (await admin.get('/master-data')) as MasterDataResponse;
  for (const subjectClass of docs.filter((doc) => doc.kind === 'class' && doc.teacherIds.includes(me.id))) {
    const subject = docs.find((doc) => doc.kind === 'subject' && doc.id === subjectClass.subjectId);
    const faculty = master.faculties.find((row) => row.id === subject?.facultyId);
    const university = master.universities.find((row) => row.id === faculty?.university_id);
    // Universities name their faculties alike: the faculty is told apart by its university.
    if (faculty && university) return { classId: subjectClass.id, faculty, university };
  }
  throw new Error('the demo teacher has no class of a subject with a faculty');
}

/** The demo teacher's /attendance with a class chosen, in a browser context of its own. */
async function openTeacherCascade(browser: Browser, classId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/admin/attendance?subjectClass=${classId}`);
  await new LoginPage(page).signInWithCode('teacher@demo.test');
  return page;
}

async function firstUniversity(request: APIRequestContext): Promise<string> {
  const admin = await signInApi(request, 'admin@demo.test');
  const master = (await admin.get('/master-data')) as MasterDataResponse;
  const university = master.universities[0];
  if (!university) throw new Error('the demo school has no university');
  return university.name;
}

test('an admin creates, renames and deletes a room; a renamed faculty reaches a teacher’s open cascade live', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins and a teacher's whole first sync: well past the default minute on a loaded CI machine.
  test.setTimeout(150_000);
  const admin = await signInApi(request, 'admin@demo.test');
  const teacher = await signInApi(request, 'teacher@demo.test');
  const { classId, faculty, university: facultyUniversity } = await teacherClassWithFaculty(teacher, admin);
  const university = await firstUniversity(request);
  const room = `E2E教室 ${Date.now()}`;

  const masterSetting = await openAsAdmin(page);
  await masterSetting.showTab('教室');
  await masterSetting.add(room, university);
  await expect(masterSetting.row(room)).toBeVisible();

  // The same name again in the same university is refused under the name field, and nothing is added.
  await masterSetting.submitNew(room, university);
  await expect(masterSetting.dialog.getByText('この名前はすでに使われています。')).toBeVisible();
  await masterSetting.dialog.getByRole('button', { name: 'キャンセル' }).click();

  const renamed = `${room} 改`;
  await masterSetting.rename(room, renamed);
  await expect(masterSetting.row(renamed)).toBeVisible();
  await expect(masterSetting.row(room)).toBeHidden();
  await masterSetting.delete(renamed);
  await expect(masterSetting.message(`「${renamed}」を削除しました。`)).toBeVisible();
  await expect(masterSetting.row(renamed)).toBeHidden();

  const teacherPage = await openTeacherCascade(browser, classId);
  const chosenFaculty = teacherPage.getByLabel('学部').locator('option:checked');
  await expect(chosenFaculty).toHaveText(faculty.name, { timeout: 60_000 });

  const facultyRenamed = `${faculty.name} E2E`;
  await masterSetting.showTab('学部');
  await masterSetting.filterByUniversity(facultyUniversity.name);
  await masterSetting.search(faculty.name);
  await masterSetting.rename(faculty.name, facultyRenamed);
  await expect(chosenFaculty).toHaveText(facultyRenamed);

  // The faculty is the demo school's: it gets its name back for the specs after this one.
  await masterSetting.search(facultyRenamed);
  await masterSetting.rename(facultyRenamed, faculty.name);
  await expect(chosenFaculty).toHaveText(faculty.name);
  await teacherPage.context().close();
});

test('an admin adds 20 rooms at once on a phone: a list with a taken name is refused whole, then stored', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now();
  // A long name, as real universities have: the filters and the form must still fit the phone.
  const university = `E2E国際情報科学技術大学大学院 情報理工学系研究科 ${stamp}`;
  const admin = await signInApi(request, 'admin@demo.test');
  await admin.post('/api/master-setting/universities', { name: university });
  const names = Array.from({ length: 20 }, (_, index) => `P${stamp}-${String(index + 1).padStart(2, '0')}`);
  const masterSetting = await openAsAdmin(page);
  await masterSetting.showTab('教室');
  await masterSetting.add(names[0] ?? '', university);

  await masterSetting.addRooms(university, names);
  await expect(masterSetting.dialog.getByRole('alert')).toContainText('教室は追加されていません');
  await expect(masterSetting.dialog.getByRole('alert')).toContainText(`${names[0]}（1件目）`);
  const renamedFirst = `${names[0]}-b`;
  await masterSetting.dialog
    .getByRole('textbox', { name: '教室名（1行に1件）' })
    .fill([renamedFirst, ...names.slice(1)].join('\n'));
  await masterSetting.dialog.getByRole('button', { name: '20件の教室を追加' }).click();
  await expect(masterSetting.message('20件の教室を追加しました。')).toBeVisible();

  await masterSetting.search(`P${stamp}`);
  await expect(page.getByText('3 ページ中 1 ページ')).toBeVisible();
  await expect(masterSetting.row(renamedFirst)).toBeVisible();
  // The list fits the phone: no sideways scrolling of the page itself.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
