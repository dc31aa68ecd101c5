import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { type ApiSession, signInApi } from './support/api';
import { test } from './support/test';

// Issue 46: an admin opens a student's screen; the student's "Who looked at my record" then names that admin,
// their role, and what they read, on a phone; the student's data comes out as a JSON file.

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
  // The server writes its log every 200 ms: read the screen again until the entry is there (bounded).
  await expect(async () => {
    await page.reload();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }, `the admin ${adminName} listed as having opened the student's page`).toPass({ timeout: 20_000 });
  await expect(entry).toContainText('Admin');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the screen fits 390 px').toBeLessThanOrEqual(390);

  const download = page.waitForEvent('download', { timeout: 15_000 });
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
  await studentContext.close();
});
