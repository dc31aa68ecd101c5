import { type BrowserContext, expect, type Locator, type Page, type Route } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { test } from './support/test';

// A device's first sync says how far it has got ("同期中 3/11：出欠（1,000 / 4,146 件）"), in the tab that
// replicates and in every other tab of the same browser, which reads the numbers from the shared database.

/** Records every text the first sync's progress bars take in each page of `context`, from before the app runs. */
async function recordProgressTexts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __firstSyncTexts: string[] }).__firstSyncTexts = seen;
    const note = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const text = bar.getAttribute('aria-valuetext');
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuetext'],
    });
  });
}

function progressTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __firstSyncTexts: string[] }).__firstSyncTexts);
}

/** "（1,000 / 4,146 件）" as numbers. */
function countsOf(text: string): { pulled: number; total: number } | null {
  const match = /（([\d,]+) \/ ([\d,]+) 件）/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { pulled: Number(match[1].replaceAll(',', '')), total: Number(match[2].replaceAll(',', '')) };
}

const STEP_WITH_COUNTS = /^同期中 \d+\/\d+：.+（[\d,]+ \/ [\d,]+ 件）$/;

test('the first sync says how far it has got, in the replicating tab and in a second tab', async ({
  page,
  context,
}) => {
  // The pages after a collection's first (each pull that goes on from a checkpoint) wait until the test lets
  // them through: the first sync stays at a collection with more rows than one page while both tabs are read.
  const held: Route[] = [];
  let holding = true;
  await context.route(/\/api\/sync\/\w+\/pull\?.*checkpoint=/, async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  await recordProgressTexts(context);

  await page.goto('/');
  await new LoginPage(page).signInWithCode('admin@demo.test');
  await page.getByRole('alertdialog', { name: /オフライン/ }).waitFor({ state: 'hidden' });
  await expect.poll(() => held.length).toBeGreaterThan(0);

  const second = await context.newPage();
  await second.goto('/');
  const bars: Locator[] = [];
  for (const tab of [page, second]) {
    await tab.getByRole('button', { name: /^同期状況/ }).click();
    bars.push(tab.getByRole('progressbar', { name: '初回同期' }));
  }
  // The line moves on as collections finish until it stops at the held one; there the second tab, whose
  // worker does not replicate, reads the same numbers as the replicating tab.
  let shared: string | null = null;
  await expect
    .poll(async () => {
      const [first, other] = await Promise.all(bars.map((bar) => bar.getAttribute('aria-valuetext')));
      shared = first && first === other && STEP_WITH_COUNTS.test(first) ? first : null;
      return shared;
    })
    .not.toBeNull();

  // Let through, the next page moves the second tab's line on too (or the first sync ends and it goes). The
  // rest of the admin's first sync is not waited for: it took over 30 s on a busy CI machine.
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  const secondBar = bars[1];
  if (!secondBar) throw new Error('no second tab');
  await expect
    .poll(() => secondBar.getAttribute('aria-valuetext', { timeout: 500 }).catch(() => 'gone'))
    .not.toBe(shared);

  // Recorded from before the code was entered: the line named its steps, counted rows once it knew how
  // many, and never counted past its total. Its first step, the master data, may be over before the line is
  // drawn: a sign-in asks for its first page while the database opens (docs/on-demand-sync.md).
  const texts = await progressTexts(page);
  expect(texts.some((text) => /^同期中 \d+\/\d+：/.test(text))).toBe(true);
  expect(texts.some((text) => STEP_WITH_COUNTS.test(text))).toBe(true);
  for (const text of texts) {
    const counts = countsOf(text);
    if (counts) expect(counts.pulled, text).toBeLessThanOrEqual(counts.total);
  }
});
