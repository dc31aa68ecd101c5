import { expect, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { signInApi } from './support/api';
import { appWordsOf } from './support/screen-checks';
import { test } from './support/test';

/** Japanese script: what a server-made sentence showed in English and Vietnamese before (issue 25). */
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** The sentences the app words cards with that carry no text of their own, by language. */
const CARD_SENTENCES = {
  en: /has not been entered|has no plan yet|meet this|needs your attention/,
  vi: /chưa nhập|chưa có kế hoạch|học viên thuộc|cần bạn chú ý/,
} as const;

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

/**
 * The headings and sentences of the dashboard's cards on screen, without the names of places (data), once a
 * card worded by the app (`sentence`) is among them: cards keep arriving while the first sync goes on.
 */
async function cardWords(page: Page, language: 'en' | 'vi', sentence: RegExp): Promise<string[]> {
  const dashboard = new DashboardPage(page, language);
  let words: string[] = [];
  await expect
    .poll(async () => {
      words = (await dashboard.onEveryPage(() => cardWordsNow(dashboard.cards))).flat();
      return words.some((text) => sentence.test(text));
    })
    .toBe(true);
  return words;
}

async function cardWordsNow(cards: Locator): Promise<string[]> {
  await expect(cards.first()).toBeVisible();
  // A request card's body is what the student wrote (data, in any language): only its heading is the app's.
  return cards.evaluateAll((articles) =>
    articles.flatMap((article) => [
      article.querySelector('h2')?.textContent ?? '',
      ...[...article.querySelectorAll('p')]
        .filter(() => !/request/.test(article.getAttribute('data-sticky-style') ?? ''))
        .filter((paragraph) => !paragraph.className.includes('text-xs'))
        .map((paragraph) => paragraph.textContent ?? ''),
    ]),
  );
}

test('a teacher reads cards and notifications in English and Vietnamese, and reaches daily screens', async ({
  page,
  request,
}) => {
  // The server stores codes: the notifications it holds for the teacher are no sentences.
  const api = await signInApi(request, 'teacher@demo.test');
  const list = (await api.get('/api/notification')) as { data: { data: { message: string } }[] };
  expect(list.data.map((entry) => entry.data.message).filter((message) => JAPANESE.test(message))).toEqual(
    [],
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  const shell = await signInAs(page, 'teacher@demo.test', 'en');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const english = await cardWords(page, 'en', CARD_SENTENCES.en);
  expect(english.filter((text) => JAPANESE.test(text))).toEqual([]);

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  await expect(bell.getByRole('listitem').first()).toBeVisible();
  // Names a notification carries (a student, a subject) are data, in whatever language the school wrote them.
  const notices = await appWordsOf(bell.getByRole('listitem'));
  expect(notices.filter((text) => JAPANESE.test(text))).toEqual([]);
  await page.keyboard.press('Escape');

  // Teachers' daily screens are in the menu (SPEC §6's teacher menu left them out).
  const menu = shell.mainMenu('en');
  await expect(menu.getByRole('link', { name: 'Attendance', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Achievement', exact: true })).toBeVisible();

  await shell.switchLanguage('vi');
  await expect(page.getByRole('heading', { name: 'Bảng điều khiển', level: 1 })).toBeVisible();
  const vietnamese = await cardWords(page, 'vi', CARD_SENTENCES.vi);
  expect(vietnamese.filter((text) => JAPANESE.test(text))).toEqual([]);

  // A phone's sidebar shows the teacher's own menu, not the dashboard alone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Mở menu' }).click();
  const drawer = shell.mainMenu('vi');
  await expect(drawer.getByRole('link', { name: 'Điểm danh', exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Thành tích', exact: true })).toBeVisible();
});

test('the super admin lands on the administrators, which the menu lists', async ({ page }) => {
  const shell = await signInAs(page, 'super@demo.test', 'ja');
  await expect(page).toHaveURL(/\/admin\/admins$/);
  const users = shell.mainMenu().getByRole('button', { name: 'ユーザー' });
  if ((await users.getAttribute('aria-expanded')) !== 'true') await users.click();
  await expect(shell.mainMenu().getByRole('link', { name: '管理者一覧' })).toBeVisible();
});
