import { expect, type Page } from '@playwright/test';
import { AUTH_TEXT } from './pages/login-page';
import { type OidcStack, PROVIDER_BUTTON_JA, startOidcStack } from './support/oidc-stack';
import { test } from './support/test';

// Issue 44: sign-in with the school's identity provider, in Chromium through the provider's own login page
// (oidc-provider's development pages), against an app server configured with it by environment.

let stack: OidcStack;

/** The welcome toast's own text (the live region that reads toasts aloud starts with its own word). */
const WELCOME_TOAST = new RegExp(`^${AUTH_TEXT.ja.welcome}`);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOidcStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

/** From the app's sign-in screen through the provider's login page, as `login`. */
async function signInThroughProvider(page: Page, login: string): Promise<void> {
  await page.goto(`${stack.origin}/admin/login`);
  await page.getByRole('link', { name: PROVIDER_BUTTON_JA }).click();
  // The provider's own page, on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${stack.provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password the provider accepts');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a teacher signs in on a phone with the school account, through the provider, with no mailed code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughProvider(page, 'teacher@demo.test');
  await expect(page).toHaveURL(`${stack.origin}/admin/`, { timeout: 30_000 });
  // One welcome: the sign-in finishes once though the sign-in screen mounts twice (provider-sign-in.tsx).
  await expect(page.getByText(WELCOME_TOAST)).toHaveCount(1);
  // Signed in for good: a reload keeps the session (the same cookie as a password sign-in).
  await page.reload();
  await expect(page).toHaveURL(`${stack.origin}/admin/`);
  const me = await page.evaluate(async () => (await fetch('/api/me')).json());
  expect(me).toMatchObject({ role: 1, verified_otp: true });
  expect(stack.cspReports()).toBe('');
});

test('a school account of another domain comes back to the sign-in screen with the reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughProvider(page, 'stranger@elsewhere.test');
  await expect(page).toHaveURL(/\/admin\/login\?provider_error=provider_domain_refused/, { timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('このアカウントのメールドメインは受け付けていません');
  // Nothing signed in: the password form is still there, the provider's button beside it.
  await expect(page.getByRole('button', { name: AUTH_TEXT.ja.signIn, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: PROVIDER_BUTTON_JA })).toBeVisible();
  expect((await page.request.get(`${stack.origin}/api/me`)).status()).toBe(401);
  expect(stack.cspReports()).toBe('');
});

test('an admin who opened a deep page signed out lands on it after the school account, and turns on students created on first sign-in, on a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack.origin}/admin/master-setting?tab=2`);
  // Sent to sign in, the page asked for kept in the sign-in screen's address and on to the server.
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/, { timeout: 30_000 });
  await page.getByRole('link', { name: PROVIDER_BUTTON_JA }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.provider.issuer}/interaction/`));
  // The page asked for is not in what the provider sees.
  expect(page.url()).not.toContain('master-setting');
  await page.locator('input[name="login"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill('any password the provider accepts');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${stack.origin}/admin/master-setting?tab=2`, { timeout: 30_000 });
  await expect(page.getByText(WELCOME_TOAST)).toHaveCount(1);

  // The school's setting, off by default, under the master lists.
  const panel = page.getByRole('region', { name: '学校アカウントでのログイン' });
  const create = panel.getByRole('checkbox', {
    name: '学校アカウントで初めてログインしたときに生徒アカウントを作成する',
  });
  await expect(create).not.toBeChecked({ timeout: 30_000 });
  await create.check();
  const university = panel.getByLabel('新しい生徒の大学');
  await expect(university.locator('option')).not.toHaveCount(1, { timeout: 30_000 });
  await university.selectOption({ index: 1 });
  await panel.getByRole('button', { name: '設定を保存' }).click();
  await expect(page.getByText('学校の設定を保存しました。', { exact: true })).toBeVisible();
  const saved = await page.evaluate(async () => (await fetch('/api/school-settings')).json());
  expect(saved).toMatchObject({
    provider_creates_students: true,
    provider_student_university_id: expect.any(String),
  });
  // The screen fits a 390 px phone: nothing wider than the viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(stack.cspReports()).toBe('');
});
