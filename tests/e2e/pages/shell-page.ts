import type { Locator, Page, TestInfo } from '@playwright/test';

/** The words the shell shows in each language, as a user reads them. */
export const SHELL_TEXT = {
  ja: {
    mainMenu: 'メインメニュー',
    logo: '学校管理システム',
    collapse: 'メニューを折りたたむ',
    expand: 'メニューを展開する',
    openMenu: 'メニューを開く',
    dashboard: 'ダッシュボード',
    masterSettings: 'マスター設定',
    logout: 'ログアウト',
    welcome: (name: string) => `ようこそ、${name}さん`,
    leaveTitle: '保存せずに移動しますか？',
    leave: '移動する',
    stay: 'このページに留まる',
    forbidden: 'このページへのアクセス権限がありません',
    notFound: 'ページが見つかりません',
    feedback: 'フィードバックを送る',
  },
  vi: { mainMenu: 'Menu chính', welcome: (name: string) => `Xin chào, ${name}`, feedback: 'Gửi góp ý' },
  en: { mainMenu: 'Main menu', welcome: (name: string) => `Welcome, ${name}`, feedback: 'Send feedback' },
} as const;

export type ShellLanguage = keyof typeof SHELL_TEXT;

/** The language names of the switch (each in itself). */
const ENDONYMS: Record<ShellLanguage, string> = { ja: '日本語', vi: 'Tiếng Việt', en: 'English' };

/** The signed-in shell: side menu, header, avatar menu, the unsaved-edits dialog. */
export class ShellPage {
  readonly sideMenu: Locator;
  readonly header: Locator;
  readonly leaveDialog: Locator;

  constructor(private readonly page: Page) {
    this.sideMenu = page.locator('aside');
    this.header = page.getByRole('banner');
    this.leaveDialog = page.getByRole('alertdialog');
  }

  /** The side menu's navigation landmark in a language. */
  mainMenu(language: ShellLanguage = 'ja'): Locator {
    return this.page.getByRole('navigation', { name: SHELL_TEXT[language].mainMenu });
  }

  /** The side menu's drawn width in pixels. */
  async sideMenuWidth(): Promise<number> {
    const box = await this.sideMenu.boundingBox();
    return box?.width ?? 0;
  }

  /** Opens the avatar menu. */
  async openAvatarMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /アカウントメニュー|Menu tài khoản|Account menu/ }).click();
  }

  /** Chooses a language in the avatar menu. */
  async switchLanguage(language: ShellLanguage): Promise<void> {
    await this.openAvatarMenu();
    await this.page.getByRole('menuitemradio', { name: ENDONYMS[language] }).click();
    await this.page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  }

  /** Logs out through the avatar menu (Japanese). */
  async logout(): Promise<void> {
    await this.openAvatarMenu();
    await this.page.getByRole('menuitem', { name: SHELL_TEXT.ja.logout }).click();
  }

  /** Marks unsaved edits through the automation hook (no screen of this build has a form yet). */
  async markUnsavedEdits(): Promise<void> {
    await this.page.evaluate(() => {
      const hooks = (
        window as unknown as {
          __schoolAdminTest?: { unsavedChanges: { setDirty(k: string, d: boolean): void } };
        }
      ).__schoolAdminTest;
      if (!hooks) throw new Error('automation hooks missing');
      hooks.unsavedChanges.setDirty('e2e-form', true);
    });
  }

  /** Waits until the first sync's overlay is gone, so screenshots show the screen. */
  async waitUntilReady(): Promise<void> {
    await this.page
      .getByRole('alertdialog', { name: /オフライン|ngoại tuyến|offline use/ })
      .waitFor({ state: 'hidden' });
  }

  /** Keeps a full-page screenshot as a test artefact (test-results and the report). */
  async keepScreenshot(testInfo: TestInfo, name: string): Promise<void> {
    const path = testInfo.outputPath(`${name}.png`);
    await this.page.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  }
}

/**
 * Waits until the service worker controls the page: its precache holds the app, so a reload without network
 * still loads it. On a busy machine the first precache of the whole app takes tens of seconds.
 */
export async function waitForOfflineShell(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 90_000,
  });
}
