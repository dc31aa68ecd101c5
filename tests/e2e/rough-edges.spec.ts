import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage, waitForOfflineShell } from './pages/shell-page';
import { test } from './support/test';

/** Where the screenshots of this spec are kept for a reviewer (issue 42 asks for them at 1280 and 390 px). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join('test-results', 'rough-edges');

/**
 * The words of the labels that a line break cut in two: each word of each label is measured as a text range,
 * and a word drawn on two lines has two boxes.
 */
async function brokenWords(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

async function signIn(page: Page, language: 'en', email = 'admin@demo.test'): Promise<ShellPage> {
  await page.goto('/admin/');
  const login = new LoginPage(page, language);
  await login.chooseLanguage();
  await login.signInWithCode(email);
  const shell = new ShellPage(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await shell.waitUntilReady();
  return shell;
}

/** Opens every sub-menu of a menu, so each entry is drawn. */
async function openGroups(menu: Locator): Promise<void> {
  const closed = menu.locator('button[aria-expanded="false"]');
  // A role's menu has a handful of sub-menus; each click opens one.
  for (let left = 10; left > 0 && (await closed.count()) > 0; left -= 1) await closed.first().click();
  await expect(closed, 'every sub-menu open').toHaveCount(0);
}

/** Every role's menu (issue 42 row 10: "Administrato/rs" on a desktop, "Newcom/er" on a phone). */
const ACCOUNTS = [
  { name: 'admin', email: 'admin@demo.test' },
  { name: 'teacher', email: 'teacher@demo.test' },
  { name: 'observer', email: 'observer@demo.test' },
  { name: 'student', email: 'student@demo.test' },
  { name: 'super-admin', email: 'super@demo.test' },
  { name: 'guardian', email: 'guardian@demo.test' },
] as const;

for (const account of ACCOUNTS) {
  test(`the ${account.name}'s menu entries wrap between words, never inside one, at 1280 px in English and 390 px in English and Vietnamese`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const shell = await signIn(page, 'en', account.email);
    const desktopMenu = page.getByRole('navigation', { name: 'Main menu' });
    await openGroups(desktopMenu);
    await expect(desktopMenu.getByRole('link').first()).toBeVisible();
    if (account.name === 'admin' || account.name === 'super-admin')
      await expect(desktopMenu.getByRole('link', { name: 'Administrators', exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `menu-${account.name}-en-1280.png`) });
    expect(await brokenWords(desktopMenu.locator('a span, button span')), 'desktop en').toEqual([]);
    if (account.name === 'admin') {
      // "Viblo" is named for what it is, and its screen says so in a line (issue 42 row 17).
      await desktopMenu.getByRole('link', { name: 'Coding events (Viblo)', exact: true }).click();
      await expect(
        page.getByText('Programming contests held on Viblo, the coding-practice site'),
      ).toBeVisible();
    }

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [language, openMenu, mainMenu] of [
      ['en', 'Open menu', 'Main menu'],
      ['vi', 'Mở menu', 'Menu chính'],
    ] as const) {
      if (language === 'vi') await shell.switchLanguage('vi');
      await page.getByRole('button', { name: openMenu }).click();
      const sheet = page.getByRole('dialog').getByRole('navigation', { name: mainMenu });
      await openGroups(sheet);
      await page.screenshot({ path: path.join(SHOTS, `menu-${account.name}-${language}-390.png`) });
      expect(await brokenWords(sheet.locator('a span, button span')), `phone ${language}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    }
    // The account keeps the school's default language for the specs after this one.
    await shell.switchLanguage('ja');
  });
}

test('the default avatar shows in the header after a reload without network', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'en');
  await waitForOfflineShell(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  // The header draws the image, not the initial that stands in when the image cannot load.
  const avatar = page.getByRole('banner').locator('img[src*="default-avatar.svg"]');
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await context.setOffline(false);
});
