import { expect, type Locator, type Page } from '@playwright/test';
import { waitForOfflineShell } from './shell-page';

/** The plan screen of one sitting, in Japanese (the default language). */
export class PlanPage {
  readonly status: Locator;
  readonly syncState: Locator;
  readonly content: Locator;
  readonly offlineBanner: Locator;

  constructor(private readonly page: Page) {
    this.status = page.getByTestId('plan-status');
    this.syncState = page.getByTestId('plan-sync');
    this.content = page.getByLabel('計画の内容');
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** Waits for the plan of the lesson named `lessonName` to show. */
  async waitForPlan(lessonName: string): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: `授業計画 · ${lessonName}` }),
    ).toBeVisible();
  }

  /** Saves the form as a draft ("temporary save"). */
  async saveDraft(): Promise<void> {
    await this.page.getByRole('button', { name: '一時保存', exact: true }).click();
  }

  /** Registers the plan. */
  async register(): Promise<void> {
    await this.page.getByRole('button', { name: '計画を登録', exact: true }).click();
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }
}
