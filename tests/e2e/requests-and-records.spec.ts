import { expect, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { test } from './support/test';

async function signInAs(page: Page, email: string, language: 'ja' | 'en'): Promise<ShellPage> {
  await page.goto('/admin/');
  const login = new LoginPage(page, language);
  if (language !== 'ja') await login.chooseLanguage();
  await login.signInWithCode(email);
  const shell = new ShellPage(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await shell.waitUntilReady();
  return shell;
}

test('a teacher’s bell names who sent a request and what it asks, and opens that request', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'teacher@demo.test', 'en');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  // A request notification says what it is about under its sentence: the student (a name, marked as data),
  // the kind of request, the subject and class, the day.
  const named = bell
    .getByRole('button', { name: /^A new request is waiting for you\./ })
    .filter({ has: page.locator('[data-user-text]') })
    .first();
  await expect(named).toBeVisible();
  const student = (await named.locator('[data-user-text]').first().textContent()) ?? '';
  const text = (await named.textContent()) ?? '';
  const kind = text.split(`${student} · `)[1]?.split(' · ')[0] ?? '';
  expect(kind, `the kind of request after the student's name, in "${text}"`).not.toBe('');
  await named.click();
  await expect(page).toHaveURL(/\/admin\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: kind, level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(student);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a student (${viewport.name}) finds My record, not a list of students, with their sittings by date`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shell = await signInAs(page, 'student@demo.test', 'en');
    if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = shell.mainMenu('en');
    await expect(menu.getByRole('link', { name: 'My record', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Students', exact: true })).toHaveCount(0);

    // An old link to the students list lands on the student's own record.
    await page.goto('/admin/students');
    await expect(page).toHaveURL(/\/admin\/achievement-attendance-profile$/);
    await expect(page.getByRole('heading', { name: 'Attendance by sitting', level: 2 })).toBeVisible();
    const held = page.getByRole('list', { name: 'Held sittings' });
    await expect(held.getByRole('listitem').first()).toBeVisible();
    // Nothing on the page scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shell.keepScreenshot(testInfo, `my-record-${viewport.name}`);
  });
}
