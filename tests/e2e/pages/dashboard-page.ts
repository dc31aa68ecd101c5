import { expect, type Locator, type Page } from '@playwright/test';
import { waitForOfflineShell } from './shell-page';

/** The dashboard at /admin/ and the header's bell, in Japanese (the default language). */
export class DashboardPage {
  readonly cards: Locator;
  readonly placeholders: Locator;
  readonly pager: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly bell: Locator;
  readonly offlineBanner: Locator;

  constructor(private readonly page: Page) {
    const strip = page.getByRole('list', { name: 'カード', exact: true });
    this.cards = strip.getByRole('article');
    // Placeholders are hidden from assistive technology, so they are found by their marker.
    this.placeholders = strip.locator('li[data-placeholder="true"]');
    this.pager = page.getByRole('navigation', { name: 'カードのページ' });
    this.next = this.pager.getByRole('button', { name: '次のページ' });
    this.previous = this.pager.getByRole('button', { name: '前のページ' });
    this.bell = page.getByRole('banner').getByRole('button', { name: /^お知らせ/ });
    this.offlineBanner = page.getByRole('status').filter({ hasText: 'オフラインです' });
  }

  /** Waits for the dashboard heading and the first sync's overlay to go. */
  async waitUntilShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    await this.page
      .getByRole('alertdialog', { name: /オフライン/ })
      .waitFor({ state: 'hidden', timeout: 30_000 });
  }

  /** Expects the pager to say "page `page` of `pages`". */
  async expectPage(page: number, pages: number): Promise<void> {
    await expect(this.pager).toContainText(`${pages} ページ中 ${page} ページ`);
  }

  /** Pages forward until the last page. */
  async goToLastPage(pages: number): Promise<void> {
    for (let page = 2; page <= pages; page += 1) {
      await this.next.click();
      await this.expectPage(page, pages);
    }
  }

  /** The close buttons of the cards on screen. */
  closeButtons(): Locator {
    return this.cards.getByRole('button', { name: /^カードを閉じる/ });
  }

  /** Waits until the service worker controls the page, so a reload without network still loads the app. */
  async waitForOfflineShell(): Promise<void> {
    await waitForOfflineShell(this.page);
  }
}
