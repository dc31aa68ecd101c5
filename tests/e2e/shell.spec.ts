import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { SHELL_TEXT, type ShellLanguage, ShellPage } from './pages/shell-page';
import { mailCount } from './support/mailbox';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

const ADMIN = 'admin@demo.test';
const ja = SHELL_TEXT.ja;

async function signIn(page: Page, email = ADMIN, path = '/admin/'): Promise<ShellPage> {
  await page.goto(path);
  await new LoginPage(page).signInWithCode(email);
  const shell = new ShellPage(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await shell.waitUntilReady();
  return shell;
}

/** Fails on serious or critical axe findings, listing them. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the collapsed side menu survives a reload', async ({ page }) => {
  await page.goto('/admin/');
  const login = new LoginPage(page);
  const before = mailCount(ADMIN);
  await login.signIn(ADMIN);
  // The welcome toast after sign-in (SPEC §4), watched from before the code is sent: it stays only 4 s.
  await expectStatusAfter(page, 'ようこそ', () => login.enterCode(ADMIN, before));
  const shell = new ShellPage(page);
  await shell.waitUntilReady();
  await expect.poll(() => shell.sideMenuWidth()).toBe(200);

  await page.getByRole('button', { name: ja.collapse }).click();
  await expect.poll(() => shell.sideMenuWidth()).toBe(80);

  await page.reload();
  await expect(page.getByRole('button', { name: ja.expand })).toBeVisible();
  await expect.poll(() => shell.sideMenuWidth()).toBe(80);
  await expect(shell.mainMenu().getByRole('link', { name: ja.masterSettings })).toBeVisible();

  await page.getByRole('button', { name: ja.expand }).click();
  await expect.poll(() => shell.sideMenuWidth()).toBe(200);
});

test('a teacher sees the 403 screen on master settings, and an unknown address goes to not-found', async ({
  page,
}) => {
  const shell = await signIn(page, 'teacher@demo.test', '/admin/master-setting');
  await expect(page.getByRole('heading', { name: ja.forbidden })).toBeVisible();
  await expect(shell.mainMenu().getByRole('link', { name: ja.masterSettings })).toHaveCount(0);

  await page.goto('/admin/no-such-page');
  await expect(page).toHaveURL(/\/admin\/not-found$/);
  await expect(page.getByRole('heading', { name: ja.notFound })).toBeVisible();
});

test('the unsaved-edits guard asks before every way of leaving', async ({ page }) => {
  const shell = await signIn(page);
  await shell.mainMenu().getByRole('link', { name: ja.masterSettings }).click();
  await expect(page).toHaveURL(/\/admin\/master-setting/);
  const leaveDialog = page.getByRole('alertdialog', { name: ja.leaveTitle });

  await shell.markUnsavedEdits();

  // A menu link: cancel stays.
  await shell.mainMenu().getByRole('link', { name: ja.dashboard }).click();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole('button', { name: ja.stay }).click();
  await expect(leaveDialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/master-setting/);

  // The browser's back button: cancel stays.
  await page.goBack();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole('button', { name: ja.stay }).click();
  await expect(page).toHaveURL(/\/admin\/master-setting/);

  // Logout: cancel keeps the session.
  await shell.logout();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole('button', { name: ja.stay }).click();
  await expect(page).toHaveURL(/\/admin\/master-setting/);

  // The logo: confirm leaves and forgets the edits.
  await shell.sideMenu.getByRole('link', { name: ja.logo }).click();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole('button', { name: ja.leave }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
  await shell.mainMenu().getByRole('link', { name: ja.masterSettings }).click();
  await expect(page).toHaveURL(/\/admin\/master-setting/);
  await expect(leaveDialog).toBeHidden();

  // Logout with edits, confirmed: signed out.
  await shell.markUnsavedEdits();
  await shell.logout();
  await leaveDialog.getByRole('button', { name: ja.leave }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('the mobile layout at 390×844', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shell = await signIn(page);
  await expect(shell.sideMenu).toHaveCount(0);
  await expect(shell.mainMenu()).toBeHidden();

  await page.getByRole('button', { name: ja.openMenu }).click();
  const drawer = shell.mainMenu();
  await expect(drawer.getByRole('link', { name: ja.dashboard })).toBeVisible();
  await shell.keepScreenshot(testInfo, 'mobile-menu-ja');
  // An outside click closes the sidebar.
  await page.mouse.click(370, 400);
  await expect(drawer).toBeHidden();

  await shell.openAvatarMenu();
  await expect(page.getByRole('menuitem', { name: ja.logout })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoSeriousAxeViolations(page);
});

test('the shell switches between ja, vi and en and keeps the choice for the user', async ({
  page,
}, testInfo) => {
  const shell = await signIn(page);
  await expectNoSeriousAxeViolations(page);
  const languages: ShellLanguage[] = ['ja', 'vi', 'en'];

  for (const language of languages) {
    if (language !== 'ja') await shell.switchLanguage(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(shell.mainMenu(language)).toBeVisible();
    // The test build names no feedback address (VITE_FEEDBACK_URL): the footer offers no addressless mail.
    await expect(page.getByRole('link', { name: SHELL_TEXT[language].feedback })).toHaveCount(0);
    await shell.keepScreenshot(testInfo, `desktop-${language}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('banner')).toBeVisible();
    await shell.keepScreenshot(testInfo, `mobile-${language}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(shell.mainMenu('en')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
