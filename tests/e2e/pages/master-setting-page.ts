import type { Locator, Page } from '@playwright/test';

/** The /master-setting screen, in Japanese (the default language). */
export class MasterSettingPage {
  readonly offlineBanner: Locator;

  constructor(private readonly page: Page) {
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** Opens the universities tab. */
  async showUniversities(): Promise<void> {
    await this.page.getByRole('tab', { name: '大学' }).click();
  }

  /** The table cell showing a master row's name. */
  row(name: string): Locator {
    return this.page.getByRole('tabpanel').getByRole('cell', { name, exact: true });
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
  }
}
