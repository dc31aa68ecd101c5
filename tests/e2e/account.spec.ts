import { expect } from '@playwright/test';
import sharp from 'sharp';
import { LoginPage } from './pages/login-page';
import { signInApi } from './support/api';
import { test } from './support/test';
import { expectStatusAfter } from './support/toasts';

const TEXT = {
  ja: {
    phone: '電話番号',
    saveProfile: 'プロフィールを保存',
    profileSaved: 'プロフィールを保存しました。',
    chooseImage: '画像を選択（PNGまたはJPEG、4MBまで）',
    avatarUpdated: 'アバターを更新しました。',
    notAnImage: 'PNG または JPEG の画像を選んでください。',
    endSession: 'セッションを終了',
    sessionEnded: 'セッションを終了しました。',
    mail: 'お知らせをメールでも受け取る',
    save: '保存',
    saved: '通知設定を保存しました。',
    logout: 'ログアウト',
    profile: 'プロフィール',
    asOf: '保存済みの内容',
  },
  en: {
    phone: 'Phone number',
    saveProfile: 'Save profile',
    profileSaved: 'Your profile was saved.',
    chooseImage: 'Choose an image (PNG or JPEG, up to 4 MB)',
    avatarUpdated: 'Your avatar was updated.',
    notAnImage: 'Choose a PNG or JPEG image.',
    endSession: 'End session',
    sessionEnded: 'The session was ended.',
    mail: 'Also send notifications by mail',
    save: 'Save',
    saved: 'Notification settings saved.',
    logout: 'Log out',
    profile: 'Profile',
    asOf: 'Saved copy, as of',
  },
} as const;

for (const language of ['ja', 'en'] as const) {
  const text = TEXT[language];
  const email = language === 'ja' ? 'teacher3@demo.test' : 'student4@demo.test';

  test(`a user edits the profile, changes the avatar, ends another session and saves notification settings (${language})`, async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    // A whole journey (profile, avatar, a second device's session, settings): the suite's budget for such.
    test.setTimeout(120_000);
    const login = new LoginPage(page, language);
    await page.goto('/admin/login');
    if (language !== 'ja') await login.chooseLanguage();
    await login.signInWithCode(email);
    await expect(page.getByRole('banner')).toBeVisible();

    // Another device of the same user, to end from the profile.
    const otherDevice = await playwright.request.newContext({ baseURL });
    const other = await signInApi(otherDevice, email);

    await page.goto('/admin/profile');
    await page.getByLabel(text.phone).fill('090-1234-5678');
    await expectStatusAfter(page, text.profileSaved, () =>
      page.getByRole('button', { name: text.saveProfile }).click(),
    );

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    await expectStatusAfter(page, text.avatarUpdated, () =>
      page.getByLabel(text.chooseImage).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png }),
    );
    await expect(
      page.getByRole('img').and(page.locator('[src*="/storage/images/avatar/"]')).first(),
    ).toHaveAttribute('src', /\/storage\/images\/avatar\/(user|student)\/[0-9a-f-]{36}\.png$/);

    // A renamed executable passes the browser's name check but not the server's content check.
    const exe = Buffer.concat([Buffer.from('MZ', 'binary'), Buffer.alloc(1024, 1)]);
    await page
      .getByLabel(text.chooseImage)
      .setInputFiles({ name: 'tool.png', mimeType: 'image/png', buffer: exe });
    await expect(page.getByRole('alert').filter({ hasText: text.notAnImage })).toBeVisible();

    await expectStatusAfter(page, text.sessionEnded, () =>
      page.getByRole('button', { name: text.endSession }).first().click(),
    );
    await expect(other.get('/api/me')).rejects.toThrow(/401/);
    await otherDevice.dispose();

    await page.goto('/admin/notification-setting');
    const mail = page.getByRole('checkbox', { name: text.mail });
    await expect(mail).toBeChecked();
    await mail.click();
    await expectStatusAfter(page, text.saved, () =>
      page.getByRole('button', { name: text.save, exact: true }).click(),
    );
    await page.reload();
    await expect(page.getByRole('checkbox', { name: text.mail })).not.toBeChecked();

    // Offline, the profile reads the device's copy of its last answer and says when it was fetched.
    await context.setOffline(true);
    await page.getByRole('button', { name: /アカウントメニュー|Account menu/ }).click();
    await page.getByRole('menuitem', { name: text.profile }).click();
    await expect(page.getByRole('status').filter({ hasText: text.asOf })).toBeVisible();
    await expect(page.getByLabel(text.phone)).toHaveValue('090-1234-5678');
    await context.setOffline(false);

    await page.getByRole('button', { name: /アカウントメニュー|Account menu/ }).click();
    await page.getByRole('menuitem', { name: text.logout }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
  });
}
