import { errors, expect, type Locator, type Page } from '@playwright/test';
import { waitForOfflineShell } from './shell-page';

/** The dashboard's labels a user reads, by language. */
const DASHBOARD_TEXT = {
  ja: { cards: 'カード', pager: 'カードのページ', next: '次のページ', previous: '前のページ' },
  en: { cards: 'Cards', pager: 'Card pages', next: 'Next page', previous: 'Previous page' },
  vi: { cards: 'Thẻ', pager: 'Trang thẻ', next: 'Trang sau', previous: 'Trang trước' },
} as const;

/** How long a page button may take to become clickable before a page walk starts over. */
const PAGE_TURN_MS = 5_000;
/** Walks tried before the pager's changes count as a failure. */
const PAGE_WALK_ATTEMPTS = 5;

export type DashboardLanguage = keyof typeof DASHBOARD_TEXT;

/** The dashboard at /admin/ and the header's bell; the cards and pager in the language given (Japanese by default). */
export class DashboardPage {
  readonly strip: Locator;
  readonly cards: Locator;
  readonly placeholders: Locator;
  readonly pager: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly bell: Locator;
  readonly offlineBanner: Locator;

  constructor(
    private readonly page: Page,
    language: DashboardLanguage = 'ja',
  ) {
    const text = DASHBOARD_TEXT[language];
    this.strip = page.getByRole('list', { name: text.cards, exact: true });
    this.cards = this.strip.getByRole('article');
    // Placeholders are hidden from assistive technology, so they are found by their marker.
    this.placeholders = this.strip.locator('li[data-placeholder="true"]');
    this.pager = page.getByRole('navigation', { name: text.pager });
    this.next = this.pager.getByRole('button', { name: text.next, exact: true });
    this.previous = this.pager.getByRole('button', { name: text.previous, exact: true });
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

  /**
   * What `read` finds on each page of the pager, from the first page to the last (cards of one kind can fill
   * page 1, so a card looked for may be on any page). A dashboard without a pager is one page.
   *
   * Cards come and go while the walk runs (a retired card can take the last page away, and a page button is
   * disabled between the check and the click): a page button that cannot be read or clicked within
   * `PAGE_TURN_MS` starts the walk over, so a caller polling this never waits on a button that no longer
   * leads anywhere (a click without a timeout waited out a whole 60 s poll in a full run).
   */
  async onEveryPage<T>(read: () => Promise<T>): Promise<T[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.walkPages(read);
      } catch (error) {
        if (!(error instanceof errors.TimeoutError) || attempt === PAGE_WALK_ATTEMPTS) throw error;
      }
    }
  }

  private async walkPages<T>(read: () => Promise<T>): Promise<T[]> {
    while ((await this.previous.count()) > 0 && (await this.previous.isEnabled({ timeout: PAGE_TURN_MS })))
      await this.previous.click({ timeout: PAGE_TURN_MS });
    const found = [await read()];
    while ((await this.next.count()) > 0 && (await this.next.isEnabled({ timeout: PAGE_TURN_MS }))) {
      await this.next.click({ timeout: PAGE_TURN_MS });
      found.push(await read());
    }
    return found;
  }

  /** Whether a card on some page of the pager shows `text`. */
  async showsOnSomePage(text: string): Promise<boolean> {
    const counts = await this.onEveryPage(() => this.strip.getByText(text).count());
    return counts.some((count) => count > 0);
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
