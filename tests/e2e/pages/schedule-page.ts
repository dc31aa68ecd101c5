import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';
import { waitForOfflineShell } from './shell-page';

/** The schedule screens, "my day" and the sitting roll, in Japanese (the default language). */
export class SchedulePage {
  constructor(private readonly page: Page) {}

  /** Opens an app path, signs in with the mailed code on the way, and waits for the first sync's overlay. */
  static async openSignedIn(page: Page, path: string, email: string): Promise<SchedulePage> {
    await page.goto(`/admin${path}`);
    await new LoginPage(page).signInWithCode(email);
    await page.getByRole('alertdialog', { name: /オフライン/ }).waitFor({ state: 'hidden', timeout: 30_000 });
    return new SchedulePage(page);
  }

  /** The "my day" list of the dashboard. */
  myDay(): Locator {
    return this.page.getByRole('region', { name: /今日の授業/ });
  }

  /** The entry of a sitting in "my day": a link to its attendance sheet. */
  myDaySitting(scheduleId: string): Locator {
    return this.myDay().locator(`a[href*="schedule=${scheduleId}"]`);
  }

  /** A student's status buttons in the roll of the sitting the attendance sheet was opened on. */
  rollButton(studentName: string, status: string): Locator {
    return this.page
      .getByRole('region', { name: /の出欠$/ })
      .getByRole('group', { name: studentName, exact: true })
      .getByRole('button', { name: status, exact: true });
  }

  /** The place selects of the school calendar. */
  placeSelect(label: '大学' | '学部' | '年度コード'): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The button of a calendar view (月, 週, 日). */
  viewButton(view: '月' | '週' | '日'): Locator {
    return this.page.getByRole('group', { name: '表示' }).getByRole('button', { name: view, exact: true });
  }

  /** The month table's cell of a day (desktop), or a day's section of the week and day views. */
  day(day: string): Locator {
    return this.page.locator(`[data-day="${day}"]`);
  }

  /** How many sittings the month view shows, summed from its days' labels ("…：授業 N 件"). */
  monthCount(): Promise<number> {
    return this.page
      .locator('td[data-day] button[aria-label]')
      .evaluateAll((buttons) =>
        buttons.reduce(
          (sum, button) =>
            sum + Number(/授業 (\d+) 件/.exec(button.getAttribute('aria-label') ?? '')?.[1] ?? 0),
          0,
        ),
      );
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }

  /** The banner the app shows offline. */
  offlineBanner(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** Expects a view button to be the chosen one. */
  async expectView(view: '月' | '週' | '日'): Promise<void> {
    await expect(this.viewButton(view)).toHaveAttribute('aria-pressed', 'true');
  }
}
