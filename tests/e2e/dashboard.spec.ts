import { type APIRequestContext, expect } from '@playwright/test';
import { dashboardItems } from '../../domain/sticky-groups';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { type ApiSession, signInApi } from './support/api';
import { test } from './support/test';

interface StickyPage {
  data: { id: string; type: number; content: string | null }[];
  meta: { pagination: { total: number; total_pages: number } };
}

interface NotificationPage {
  data: { id: string; read_at: string | null; data: { message: string } }[];
}

/** Request cards cannot be closed (SPEC §4): they go when the request is decided. */
const REQUEST_TYPES = new Set([9, 18]);

/** How many places a staff dashboard shows for these cards: cards of one kind gather into one (issue 25). */
function itemCount(cards: StickyPage['data']): number {
  return dashboardItems(cards).length;
}

/** The user's open cards as the server lists them (the server's truth the dashboard must show). */
async function openCards(api: ApiSession): Promise<StickyPage['data']> {
  const cards: StickyPage['data'] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await api.get(`/api/sticky?page=${page}&numberSticky=6`)) as StickyPage;
    cards.push(...answer.data);
    if (page >= answer.meta.pagination.total_pages) return cards;
  }
}

/**
 * The open cards once they stop changing: card refreshes run after the writes that ask for them (earlier
 * specs' marks and scores), so the set may still move for a moment.
 */
async function settledCards(api: ApiSession): Promise<StickyPage['data']> {
  let before = await openCards(api);
  for (let round = 0; round < 15; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await openCards(api);
    if (now.map((card) => card.id).join() === before.map((card) => card.id).join()) return now;
    before = now;
  }
  return before;
}

async function signInOnDashboard(
  page: import('@playwright/test').Page,
  email: string,
): Promise<DashboardPage> {
  await page.goto('/admin/');
  await new LoginPage(page).signInWithCode(email);
  await expect(page).toHaveURL(/\/admin\/$/);
  const dashboard = new DashboardPage(page);
  await dashboard.waitUntilShown();
  return dashboard;
}

/** How many account-change notifications of the user the server holds unread. */
async function unreadAccountChanges(api: ApiSession): Promise<number> {
  const list = (await api.get('/api/notification')) as NotificationPage;
  return list.data.filter(
    (entry) => entry.data.message === 'notification_account_changed' && entry.read_at === null,
  ).length;
}

/** The bell's accessible name for an unread count. */
function bellName(unread: number): string {
  return unread === 0 ? 'お知らせ' : `お知らせ（未読 ${unread} 件）`;
}

async function apiFor(request: APIRequestContext, email: string): Promise<ApiSession> {
  return signInApi(request, email);
}

test.describe('desktop dashboard', () => {
  test('shows 6 cards per page at 1920 px and 4 at 1280 px, placeholders filling the last row', async ({
    page,
    request,
  }) => {
    const total = itemCount(await openCards(await apiFor(request, 'teacher@demo.test')));
    expect(total, 'the demo teacher needs more than one page of cards').toBeGreaterThan(6);

    await page.setViewportSize({ width: 1920, height: 1080 });
    const dashboard = await signInOnDashboard(page, 'teacher@demo.test');
    const widePages = Math.ceil(total / 6);
    await expect(dashboard.cards).toHaveCount(6);
    await dashboard.expectPage(1, widePages);
    await expect(dashboard.previous).toBeDisabled();
    await dashboard.goToLastPage(widePages);
    const onLastWide = total - 6 * (widePages - 1);
    await expect(dashboard.cards).toHaveCount(onLastWide);
    await expect(dashboard.placeholders).toHaveCount(6 - onLastWide);
    await expect(dashboard.next).toBeDisabled();

    await page.setViewportSize({ width: 1280, height: 900 });
    const narrowPages = Math.ceil(total / 4);
    await expect(dashboard.pager).toContainText(`${narrowPages} ページ中`);
    await dashboard.previous.click();
    await expect(dashboard.cards).toHaveCount(4);
    await expect(dashboard.placeholders).toHaveCount(0);
  });

  test('closing the last card of the last page steps back a page, and the server has it closed', async ({
    page,
    request,
  }) => {
    // A teacher with more than a page of dashboard places; card refreshes after earlier specs' writes may
    // have closed or renewed some cards, so the set is read once it settles.
    let email = '';
    let api: ApiSession | undefined;
    let cards: StickyPage['data'] = [];
    for (const candidate of ['teacher2@demo.test', 'teacher3@demo.test']) {
      api = await apiFor(request, candidate);
      cards = await settledCards(api);
      email = candidate;
      if (itemCount(cards) > 5) break;
    }
    if (!api) throw new Error('no teacher');
    const close = async (id: string) => {
      await api.post(`/api/sticky/${id}`, { status: 1 });
      cards = await openCards(api);
    };
    // The last place shown must be one closable card: a gathered last place keeps only its newest card.
    const lastItem = () => dashboardItems(cards).at(-1);
    for (let item = lastItem(); item?.kind === 'group'; item = lastItem()) {
      for (const card of item.cards.slice(1)) await close(card.id);
    }
    // Then close places through the API (a lone card, or every card of a gathered place), never the last
    // place nor a request, until the last 4-place page holds one.
    for (;;) {
      const items = dashboardItems(cards);
      const cardsOf = (item: (typeof items)[number]) => (item.kind === 'card' ? [item.card] : item.cards);
      const spare = items
        .slice(0, -1)
        .find((item) => cardsOf(item).every((card) => !REQUEST_TYPES.has(card.type)));
      if (items.length % 4 === 1 || !spare) break;
      for (const card of cardsOf(spare)) await close(card.id);
    }
    const last = lastItem();
    expect(last?.kind === 'card' && !REQUEST_TYPES.has(last.card.type), 'the last card can be closed').toBe(
      true,
    );
    expect(itemCount(cards) % 4, 'one card alone on the last page').toBe(1);
    expect(itemCount(cards), 'at least two pages').toBeGreaterThan(4);
    const pages = Math.ceil(itemCount(cards) / 4);

    await page.setViewportSize({ width: 1280, height: 900 });
    const dashboard = await signInOnDashboard(page, email);
    await dashboard.expectPage(1, pages);
    await dashboard.goToLastPage(pages);
    await expect(dashboard.cards).toHaveCount(1);
    await expect(dashboard.placeholders).toHaveCount(3);
    const lastCard = dashboard.cards.first();
    const lastClose = lastCard.getByRole('button', { name: /^カードを閉じる/ });
    await expect(lastClose).toBeVisible();
    await lastClose.click();

    // One page left shows no pager (SPEC §2 pages only when there is more than one).
    if (pages - 1 > 1) await dashboard.expectPage(pages - 1, pages - 1);
    else await expect(dashboard.pager).toBeHidden();
    await expect(dashboard.cards).toHaveCount(4);
    await expect.poll(async () => (await openCards(api)).length).toBe(cards.length - 1);
  });

  test('a notification made by a real server call arrives live and is marked read', async ({
    page,
    request,
  }) => {
    const api = await apiFor(request, 'teacher3@demo.test');
    const dashboard = await signInOnDashboard(page, 'teacher3@demo.test');
    // The bell starts from the server's own count, once the first pull has brought the notifications.
    const unreadBefore = ((await api.get('/api/notification')) as { unread: number }).unread;
    // Other tests may have changed this account before: only the notification made here is counted.
    const accountChangesBefore = await unreadAccountChanges(api);
    await expect(dashboard.bell).toHaveAccessibleName(bellName(unreadBefore));

    // Changing the profile is an account change, which the server notifies (and pushes over /ws).
    const profile = (await api.get('/api/profile')) as {
      name: string;
      name_kana: string | null;
      phone: string | null;
      email: string;
    };
    const { name, name_kana, phone, email } = profile;
    await api.post('/api/users/update-profile', { name, name_kana, phone, email });
    await expect(dashboard.bell).toHaveAccessibleName(bellName(unreadBefore + 1));

    await dashboard.bell.click();
    const item = page.getByRole('dialog', { name: 'お知らせ' }).getByRole('button', {
      name: /アカウント情報が変更されました/,
    });
    await item.first().click();
    await expect(page).toHaveURL(/\/admin\/profile/);
    await expect.poll(() => unreadAccountChanges(api)).toBe(accountChangesBefore);
    await expect(dashboard.bell).toHaveAccessibleName(bellName(unreadBefore));
    await expect(page.getByRole('dialog', { name: 'お知らせ' })).toBeHidden();
  });

  test('the dashboard renders offline after a reload, from the last sync', async ({
    page,
    context,
    request,
  }) => {
    const total = itemCount(await openCards(await apiFor(request, 'teacher@demo.test')));
    await page.setViewportSize({ width: 1280, height: 900 });
    const dashboard = await signInOnDashboard(page, 'teacher@demo.test');
    await expect(dashboard.cards).toHaveCount(Math.min(4, total));
    await dashboard.waitForOfflineShell();

    await context.setOffline(true);
    await page.reload();
    await expect(dashboard.offlineBanner).toBeVisible();
    await expect(dashboard.cards).toHaveCount(Math.min(4, total));
    await dashboard.expectPage(1, Math.ceil(total / 4));
    // Closing is online only: no card offers it now.
    await expect(dashboard.closeButtons()).toHaveCount(0);
    await context.setOffline(false);
  });
});

test('a student sees only highlight cards, without a close button, with More to their profile', async ({
  page,
  request,
}) => {
  const total = (await openCards(await apiFor(request, 'student@demo.test'))).length;
  await page.setViewportSize({ width: 1280, height: 900 });
  const dashboard = await signInOnDashboard(page, 'student@demo.test');
  if (total === 0) {
    await expect(
      page.getByRole('status').filter({ hasText: 'ダッシュボードにカードはありません' }),
    ).toBeVisible();
    return;
  }
  await expect(dashboard.cards).toHaveCount(Math.min(4, total));
  const headings = await dashboard.cards.getByRole('heading').allTextContents();
  expect(headings.every((heading) => /^ハイライト/.test(heading))).toBe(true);
  await expect(dashboard.closeButtons()).toHaveCount(0);
  const more = dashboard.cards.first().getByRole('link', { name: '詳細' });
  await expect(more).toHaveAttribute('href', '/admin/achievement-attendance-profile');
});

test.describe('mobile dashboard', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows one card with the carousel online, and no carousel offline', async ({
    page,
    context,
    request,
  }) => {
    const total = itemCount(await openCards(await apiFor(request, 'teacher@demo.test')));
    expect(total).toBeGreaterThan(1);
    const dashboard = await signInOnDashboard(page, 'teacher@demo.test');
    await expect(dashboard.cards).toHaveCount(1);
    await dashboard.expectPage(1, total);
    await dashboard.next.click();
    await dashboard.expectPage(2, total);
    await expect(dashboard.cards).toHaveCount(1);

    await context.setOffline(true);
    await expect(dashboard.pager).toBeHidden();
    await expect(dashboard.cards).toHaveCount(1);
    await context.setOffline(false);
    await expect(dashboard.pager).toBeVisible();
  });
});
