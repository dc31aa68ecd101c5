import { expect } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { MasterSettingPage } from './pages/master-setting-page';
import { signInApi } from './support/api';
import { test } from './support/test';

interface CreatedRow {
  id: string;
}

test('admin sees master data after going offline and reloading, and a server change arrives live', async ({
  page,
  context,
  request,
}) => {
  const admin = await signInApi(request, 'admin@demo.test');
  const name = `E2E大学 ${Date.now()}`;
  const created = (await admin.post('/api/master-setting/universities', { name })) as CreatedRow;

  await page.goto('/admin/master-setting');
  await expect(page).toHaveURL(/\/admin\/login/);
  await new LoginPage(page).signInWithCode('admin@demo.test');
  await expect(page).toHaveURL(/\/admin\/master-setting/);

  const masterSetting = new MasterSettingPage(page);
  await masterSetting.showUniversities();
  await expect(masterSetting.row(name)).toBeVisible();
  await masterSetting.waitForOfflineShell();

  await context.setOffline(true);
  await page.reload();
  await masterSetting.showUniversities();
  await expect(masterSetting.row(name)).toBeVisible();
  await expect(masterSetting.offlineBanner).toBeVisible();
  // Editing needs the server: offline the buttons are off and say why; the list stays readable.
  await expect(page.getByRole('tabpanel').getByRole('button', { name: '追加', exact: true })).toBeDisabled();
  await expect(page.getByText('マスタデータの編集にはサーバーへの接続が必要です。')).toBeVisible();

  await context.setOffline(false);
  await expect(masterSetting.offlineBanner).toBeHidden();
  const renamed = `${name} 改`;
  await admin.post(`/api/master-setting/universities/${created.id}`, { name: renamed });
  await expect(masterSetting.row(renamed)).toBeVisible();
  await expect(masterSetting.row(name)).toBeHidden();
});

test('a visitor without a session is sent to the sign-in page and a wrong password is refused', async ({
  page,
}) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await new LoginPage(page).signIn('admin@demo.test', 'wrong-password-1');
  await expect(page.getByText('メールアドレスまたはパスワードが正しくありません')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
});
