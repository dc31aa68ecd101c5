import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** The request screens (/requests, /requests/add, /requests/{id}) in Japanese, as a user reads them. */
export class RequestsPage {
  readonly offlineBanner: Locator;

  constructor(private readonly page: Page) {
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** Opens `path` under /admin, signing in with the mailed code on the way. */
  static async openSignedIn(page: Page, email: string, path: string): Promise<RequestsPage> {
    await page.goto(`/admin${path}`);
    await new LoginPage(page).signInWithCode(email);
    const requests = new RequestsPage(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    return requests;
  }

  /** The form's fields, waiting until the student's subject is offered (their data is on the device). */
  async waitForForm(subjectId: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: '新規申請' })).toBeVisible();
    const subject = this.page.getByRole('combobox', { name: '科目', exact: true });
    await expect(subject.locator(`option[value="${subjectId}"]`)).toHaveCount(1);
  }

  /** Fills and sends a late notice about one sitting. */
  async fileLate(
    place: { subjectId: string; classId: string; scheduleId: string },
    minutes: number,
    content: string,
  ) {
    const choose = (name: string) => this.page.getByRole('combobox', { name, exact: true });
    await choose('申請').selectOption({ label: '遅刻連絡' });
    await choose('科目').selectOption(place.subjectId);
    await choose('クラス').selectOption(place.classId);
    await choose('授業回').selectOption(place.scheduleId);
    await this.page.getByLabel('遅刻時間（分）').fill(String(minutes));
    await this.page.getByLabel('内容').fill(content);
    await this.page.getByRole('button', { name: '申請する' }).click();
  }

  /** The list's entry (a phone card or a desktop row) holding `text`. */
  entry(text: string): Locator {
    return this.page.getByRole('listitem').or(this.page.getByRole('row')).filter({ hasText: text });
  }

  /** A decision button of the detail screen. */
  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The detail's history list. */
  history(): Locator {
    return this.page
      .getByRole('region', { name: '履歴' })
      .or(this.page.locator('section[aria-labelledby="request-history"]'));
  }
}
