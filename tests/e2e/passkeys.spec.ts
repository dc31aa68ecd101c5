import { type BrowserContext, type CDPSession, expect, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { mailCount } from './support/mailbox';
import { serverPort } from './support/servers';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

// Passkeys as the second step (issue 44), in Debian's Chromium with its virtual authenticator (CDP WebAuthn
// domain): a platform authenticator with user verification, as a phone's or laptop's screen lock is.

// A passkey's relying party is the server's public URL host, which is `localhost` for the e2e server (no
// PUBLIC_URL): the browser must be there too, and WebAuthn refuses an IP address such as 127.0.0.1.
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first parameter, which must be a pattern.
  baseURL: async ({}, use) => {
    await use(`http://localhost:${serverPort()}`);
  },
});

const TEXT = {
  passkeys: 'パスキー',
  name: 'パスキーの名前',
  add: 'パスキーを追加',
  added: 'パスキーを追加しました',
  notUsed: '未使用',
  lastUsed: '最終使用',
  usePasskey: 'パスキーを使う',
  codeInstead: '代わりにコードをメールで受け取る',
  remove: '削除',
  removeTitle: 'このパスキーを削除しますか？',
  removed: 'パスキーを削除しました。',
  none: 'パスキーはまだありません。',
  welcome: 'ようこそ',
} as const;

type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/** A virtual platform authenticator in this page's browser, present and verifying the user at once. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async (): Promise<VirtualCredential[]> =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: (credential: VirtualCredential) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

function passkeySection(page: Page) {
  return page.getByRole('region', { name: TEXT.passkeys });
}

test('a passkey registered in the profile replaces the mailed code on a new browser; the code stays one tap away', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = 'student2@demo.test';

  // Signed in with the mailed code, the user adds a passkey of this device in the profile.
  const login = new LoginPage(page);
  await page.goto('/admin/login');
  await login.signInWithCode(email);
  await expect(page.getByRole('banner')).toBeVisible();
  const laptop = await virtualAuthenticator(context, page);
  await page.goto('/admin/profile');
  const section = passkeySection(page);
  await expect(section.getByText(TEXT.none)).toBeVisible();
  // Named after this device as the sessions list words it (browser · system).
  await expect(section.getByLabel(TEXT.name)).toHaveValue(/ · /);
  await section.getByLabel(TEXT.name).fill('Laptop');
  await expectStatusAfter(page, TEXT.added, () => section.getByRole('button', { name: TEXT.add }).click());
  const entry = section.getByRole('listitem').filter({ hasText: 'Laptop' });
  await expect(entry).toContainText(TEXT.notUsed);
  const [credential] = await laptop.credentials();
  if (!credential) throw new Error('the virtual authenticator holds no credential after the registration');
  expect(credential.rpId).toBe('localhost');

  // A new browser (no trusted-device mark) holding the same passkey: the passkey, not a mailed code.
  const other = await browser.newContext({ baseURL, locale: 'ja-JP' });
  const phone = await other.newPage();
  const phoneKeys = await virtualAuthenticator(other, phone);
  await phoneKeys.add(credential);
  const mailsBefore = mailCount(email);
  await phone.goto('/admin/login');
  await new LoginPage(phone).signIn(email);
  await expect(phone).toHaveURL(/\/admin\/otp/);
  await expectStatusAfter(phone, TEXT.welcome, () =>
    phone.getByRole('button', { name: TEXT.usePasskey }).click(),
  );
  await expect(phone.getByRole('banner')).toBeVisible();
  expect(mailCount(email)).toBe(mailsBefore);
  await phone.goto('/admin/profile');
  await expect(passkeySection(phone).getByRole('listitem').filter({ hasText: 'Laptop' })).toContainText(
    TEXT.lastUsed,
  );

  // A third browser without the passkey: "send me a code instead" mails the code, which signs in.
  const third = await browser.newContext({ baseURL, locale: 'ja-JP' });
  const borrowed = await third.newPage();
  const thirdLogin = new LoginPage(borrowed);
  await borrowed.goto('/admin/login');
  await thirdLogin.signIn(email);
  await expect(borrowed.getByRole('button', { name: TEXT.usePasskey })).toBeVisible();
  const beforeCode = mailCount(email);
  await borrowed.getByRole('button', { name: TEXT.codeInstead }).click();
  await thirdLogin.enterCode(email, beforeCode);
  await expect(borrowed.getByRole('banner')).toBeVisible();

  // Removed after a confirmation, the passkey no longer stands in for the code.
  await borrowed.goto('/admin/profile');
  const list = passkeySection(borrowed);
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Laptop' })
    .getByRole('button', { name: TEXT.remove })
    .click();
  const confirm = borrowed.getByRole('alertdialog', { name: TEXT.removeTitle });
  await expectStatusAfter(borrowed, TEXT.removed, () =>
    confirm.getByRole('button', { name: TEXT.remove }).click(),
  );
  await expect(list.getByText(TEXT.none)).toBeVisible();
});
