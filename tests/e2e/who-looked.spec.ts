import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { type ApiSession, signInApi } from './support/api';
import { teacherClass } from './support/demo-classes';
import { test } from './support/test';

// Issue 46: an admin opens a student's screen; the student's "Who looked at my record" then names that admin,
// their role, and what they read, on a phone; the student's data comes out as a JSON file and a workbook. A
// guardian sees the same of their child; an admin sees on a teacher's screen the records the teacher read.

/** The parts a record workbook holds, as its sheets are named in English (the export's tables, in order). */
const RECORD_SHEETS = [
  'Contents',
  'Account',
  'Student profile',
  'Universities',
  'Subject enrolments',
  'Class seats',
  'Attendance',
  'Attendance changes',
  'Scores',
  'Score changes',
  'Final scores',
  'Final score changes',
  'Requests',
  'Notes about the student',
  'Dashboard cards',
  'Notifications',
  'Notification settings',
  'Event rankings',
  'Guardians',
  'Access log',
];

/** Clicks a download button and reads the saved workbook back (a valid .xlsx, or this fails). */
async function downloadWorkbook(
  page: Page,
  button: string,
): Promise<{ file: Download; book: ExcelJS.Workbook }> {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  return { file, book };
}

/** Every text of a sheet's cells. */
function textsOf(sheet: ExcelJS.Worksheet | undefined): string[] {
  const texts: string[] = [];
  sheet?.eachRow((row) => {
    row.eachCell((cell) => {
      texts.push(String(cell.value));
    });
  });
  return texts;
}

async function signInAs(page: Page, email: string): Promise<ShellPage> {
  await page.goto('/admin/');
  const login = new LoginPage(page, 'en');
  await login.chooseLanguage();
  await login.signInWithCode(email);
  const shell = new ShellPage(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await shell.waitUntilReady();
  return shell;
}

/** The student record of an account, found through the admin's student search (bounded to 40 pages). */
async function studentByEmail(admin: ApiSession, email: string): Promise<{ id: string; name: string }> {
  for (let page = 1; page <= 40; page += 1) {
    const list = (await admin.get(`/api/students/search?page=${page}&limit=100`)) as {
      data: { id: string; name: string; email: string }[];
    };
    const found = list.data.find((student) => student.email === email);
    if (found) return found;
    if (list.data.length < 100) break;
  }
  throw new Error(`no student with the email ${email} in the admin's student search`);
}

test('a student sees the admin who opened their page in "Who looked at my record", and downloads their data', async ({
  browser,
  request,
}) => {
  // Two sign-ins through the screens with mailed codes and two workbooks: past two minutes on a loaded machine.
  test.setTimeout(300_000);
  const adminApi = await signInApi(request, 'admin@demo.test');
  const adminName = ((await adminApi.get('/api/me')) as { name: string }).name;
  const student = await studentByEmail(adminApi, 'student@demo.test');

  // The admin opens the student's screen through the app: a logged read of the student's record.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, 'admin@demo.test');
  await adminPage.goto(`/admin/students/${student.id}`);
  await expect(adminPage.getByRole('heading', { name: 'Access log' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Download the record (JSON)' })).toBeVisible();
  // Beside it, the same record as a workbook: one sheet per part.
  const adminBook = await downloadWorkbook(adminPage, 'Download the record (Excel)');
  expect(adminBook.file.suggestedFilename()).toMatch(/^record-.+-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(adminBook.book.worksheets.map((sheet) => sheet.name)).toEqual(RECORD_SHEETS);
  await adminContext.close();

  // The student, on a phone, finds the screen in the menu and sees that admin, their role and what they read.
  const studentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await studentContext.newPage();
  const shell = await signInAs(page, 'student@demo.test');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await shell.mainMenu('en').getByRole('link', { name: 'Who looked at my record', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/who-looked$/);
  await expect(page.getByRole('heading', { name: 'Who looked at my record', level: 1 })).toBeVisible();
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: adminName })
    .filter({ hasText: "Opened the student's page" })
    .first();
  // The server writes its log every 200 ms: read the screen again until the entry is there (bounded; a
  // reloaded screen takes seconds to draw on a loaded machine).
  await expect(async () => {
    await page.reload();
    await expect(entry).toBeVisible({ timeout: 8_000 });
  }, `the admin ${adminName} listed as having opened the student's page`).toPass({ timeout: 60_000 });
  await expect(entry).toContainText('Admin');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the screen fits 390 px').toBeLessThanOrEqual(390);

  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download my data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^record-.+-\d{4}-\d{2}-\d{2}\.json$/);
  const record = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    student: { id: string; name: string };
    tables: Record<string, unknown[]>;
  };
  expect(record.student.id).toBe(student.id);
  expect(record.student.name).toBe(student.name);
  expect(Object.keys(record.tables).length).toBeGreaterThan(0);

  // The same record as a workbook: a sheet per part, the student's own rows in it.
  const { file: bookFile, book } = await downloadWorkbook(page, 'Download my data (Excel)');
  expect(bookFile.suggestedFilename()).toMatch(/^record-.+-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual(RECORD_SHEETS);
  expect(textsOf(book.getWorksheet('Account'))).toContain(student.name);
  expect(textsOf(book.getWorksheet('Access log'))).toContain('student_screen');
  const enrolments = book.getWorksheet('Subject enrolments');
  expect(enrolments?.rowCount ?? 0, 'a header and at least one enrolment').toBeGreaterThan(2);
  await studentContext.close();
});

test('a guardian on a phone sees who looked at their child’s record', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const adminApi = await signInApi(request, 'admin@demo.test');
  const adminName = ((await adminApi.get('/api/me')) as { name: string }).name;
  const child = await studentByEmail(adminApi, 'student@demo.test');
  // The admin reads the child's page through the call the screen makes: a logged read of the record.
  await adminApi.get(`/api/students/${child.id}`);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, 'guardian@demo.test');
  await page.goto(`/admin/children/${child.id}`);
  await page
    .getByRole('navigation', { name: "Child's screens" })
    .getByRole('link', { name: 'Who looked' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/children/${child.id}/who-looked$`));
  await expect(page.getByRole('heading', { name: "Who looked at my child's record" })).toBeVisible();
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: adminName })
    .filter({ hasText: "Opened the student's page" })
    .first();
  await expect(async () => {
    await page.reload();
    await expect(entry).toBeVisible({ timeout: 8_000 });
  }, `the admin ${adminName} listed as having opened the child's page`).toPass({ timeout: 60_000 });
  await expect(entry).toContainText('Admin');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the screen fits 390 px').toBeLessThanOrEqual(390);
  await context.close();
});

test('an admin sees on a teacher’s screen the class sheets the teacher opened, with the students', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // The teacher calls from a request context of their own: one cookie jar holds one session.
  const teacherDevice = await playwright.request.newContext({ baseURL });
  const teacher = await signInApi(teacherDevice, 'teacher@demo.test');
  const teacherId = ((await teacher.get('/api/me')) as { id: string }).id;
  // Finding the class opens its sheet: a logged read naming its students (the entry names the first 20).
  const { sheet } = await teacherClass(teacher, 1);
  const names = sheet.students.map((row) => row.student.name);
  if (names.length === 0) throw new Error('the teacher’s class has no student');
  const anyOfThem = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
  await teacherDevice.dispose();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, 'admin@demo.test');
  await page.goto(`/admin/teachers/${teacherId}`);
  const panel = page.getByRole('region', { name: 'Student records this person looked at' });
  const entry = panel
    .getByRole('listitem')
    .filter({ hasText: 'Opened a class sheet' })
    .filter({ hasText: anyOfThem });
  await expect(async () => {
    await page.reload();
    await expect(entry.first()).toBeVisible({ timeout: 8_000 });
  }, "the class sheet the teacher opened, with its students, listed on the teacher's screen").toPass({
    timeout: 60_000,
  });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the screen fits 390 px').toBeLessThanOrEqual(390);
  await context.close();
});
