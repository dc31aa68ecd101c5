import { expect } from '@playwright/test';
import { AUTH_TEXT, LoginPage } from './pages/login-page';
import { DEMO_PASSWORD } from './support/api';
import { mailCount, RESET_LINK_PATTERN, waitForMail } from './support/mailbox';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

const ja = AUTH_TEXT.ja;
const en = AUTH_TEXT.en;

test('a teacher signs in with the mailed code, trusts the device, and the next sign-in skips the code (ja)', async ({
  page,
}) => {
  const email = 'teacher2@demo.test';
  const login = new LoginPage(page, 'ja');
  await page.goto('/admin/master-setting');
  await expect(page).toHaveURL(/\/admin\/login/);

  // Every sync call the page makes, with its answer.
  const syncCalls: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/sync/'))
      syncCalls.push({ url: response.url(), status: response.status() });
  });

  const before = mailCount(email);
  await login.signIn(email);
  await expect(page).toHaveURL(/\/admin\/otp/);
  // The 60-second resend countdown runs from the sign-in.
  await expect(page.getByRole('button', { name: new RegExp(`${ja.resend}（\\d+秒）`) })).toBeDisabled();

  await page.getByLabel(ja.code).fill('000000');
  await page.getByRole('button', { name: ja.verify, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(ja.wrongCode);
  // Halfway through signing in, the server would refuse every sync call: none is made, and no database of the
  // user's is opened. The sync worker's script is loaded by now, idle until the code is taken
  // (docs/on-demand-sync.md, "The start after the code").
  expect(syncCalls).toEqual([]);
  expect(
    await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)),
  ).toEqual([]);

  const firstPull = page.waitForResponse((response) => /\/api\/sync\/[^/]+\/pull/.test(response.url()));
  // Back to the page first asked for, with the welcome toast (watched from before the code is sent: it lasts
  // 4 s, which a busy CI machine's polls missed once); only now does replication start.
  await expectStatusAfter(page, ja.welcome, () => login.enterCode(email, before, { trust: true }));
  await expect(page).toHaveURL(/\/admin\/master-setting/);
  expect((await firstPull).status()).toBe(200);
  expect(syncCalls.filter((call) => call.status === 403)).toEqual([]);

  // Signing out and in again on this device needs no code.
  await page.evaluate(async () => {
    const token = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
    await fetch('/api/logout', { method: 'POST', headers: { 'x-csrf-token': token } });
    localStorage.removeItem('user');
  });
  await page.goto('/admin/login');
  const mailsBefore = mailCount(email);
  await login.signIn(email);
  await expect(page).toHaveURL(/\/admin\/$/);
  expect(mailCount(email)).toBe(mailsBefore);
});

test('a student resets a forgotten password through the mailed link and signs in with it (en)', async ({
  page,
}) => {
  const email = 'student5@demo.test';
  const newPassword = 'reset-pass-2026';
  const login = new LoginPage(page, 'en');
  await page.goto('/admin/login');
  await login.chooseLanguage();
  await page.getByRole('link', { name: en.forgot }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password/);
  // The sign-in form has an email field too: wait until the reset form has replaced it.
  await expect(page.getByRole('button', { name: en.sendLink })).toBeVisible();

  const before = mailCount(email);
  await page.getByLabel(en.email).fill(email);
  await expectStatusAfter(page, en.linkSent, () => page.getByRole('button', { name: en.sendLink }).click());
  const link = await waitForMail(email, RESET_LINK_PATTERN, before);

  await page.goto(link);
  await page.getByLabel(en.newPassword, { exact: true }).fill('short');
  await page.getByLabel(en.confirmPassword).fill('short');
  await page.getByRole('button', { name: en.setPassword }).click();
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();

  await page.getByLabel(en.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(en.confirmPassword).fill(newPassword);
  await expectStatusAfter(page, en.passwordChanged, () =>
    page.getByRole('button', { name: en.setPassword }).click(),
  );

  // The link works once only.
  await page.goto(link);
  await page.getByLabel(en.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(en.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: en.setPassword }).click();
  await expect(page.getByRole('alert')).toContainText(en.linkInvalid);

  await page.goto('/admin/login');
  await login.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await login.signInWithCode(email, newPassword);
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('banner')).toBeVisible();
  // A signed-in user is sent away from the reset page.
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/$/);
});

for (const language of ['ja', 'en'] as const) {
  test(`a new account must change its password first, then enters the code (${language})`, async ({
    page,
  }) => {
    const text = AUTH_TEXT[language];
    const email = language === 'ja' ? 'newcomer@demo.test' : 'newcomer2@demo.test';
    const newPassword = `first-pass-${language}1`;
    const login = new LoginPage(page, language);
    await page.goto('/admin/login');
    if (language !== 'ja') await login.chooseLanguage();
    const before = mailCount(email);
    await login.signIn(email);
    await expect(page).toHaveURL(/\/admin\/change-password/);
    // The guard keeps the user on the change screen, remembering the page asked for.
    await page.goto('/admin/master-setting');
    await expect(page).toHaveURL(/\/admin\/change-password/);
    await page.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(text.confirmPassword).fill('different-pass-1');
    await page.getByRole('button', { name: text.changePassword }).click();
    await expect(page.getByText(text.mismatch)).toBeVisible();
    await page.getByLabel(text.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: text.changePassword }).click();
    await expectStatusAfter(page, text.welcome, () => login.enterCode(email, before));
    await expect(page).toHaveURL(/\/admin\/master-setting/);

    // The old password no longer signs in.
    const response = await page.request.post('/api/login', {
      headers: {
        'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '',
      },
      data: { email, password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(422);
  });
}

test('the code screen is already shown when the address turns to /otp: a code pasted that instant goes into its field, not into the sign-in form', async ({
  page,
}) => {
  // At the instant the address becomes /otp, the page notes whether the sign-in form is still shown and pastes
  // a code into whatever has the focus, as a quick paste or a phone's one-time-code autofill does.
  await page.addInitScript(() => {
    const seen: { signInFormShown: boolean | null } = { signInFormShown: null };
    Object.assign(window, { codeScreenCheck: seen });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        if (seen.signInFormShown !== null || !location.pathname.endsWith('/otp')) return;
        seen.signInFormShown = document.querySelector('#root input[type="password"]') !== null;
        document.execCommand('insertText', false, '123456');
      };
    }
  });
  await page.goto('/admin/login');
  await new LoginPage(page, 'ja').signIn('student3@demo.test');
  await expect(page).toHaveURL(/\/admin\/otp/);
  const seen = await page.evaluate(
    () => (window as unknown as { codeScreenCheck: { signInFormShown: boolean | null } }).codeScreenCheck,
  );
  expect(seen.signInFormShown, 'the sign-in form was still on screen when the address said /otp').toBe(false);
  await expect(page.getByLabel(ja.code)).toHaveValue('123456');
  await expect(page.locator('#root input[type="password"]')).toHaveCount(0);
});
