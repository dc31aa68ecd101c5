import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * The route paths of the app's screens, read from the file routes in `src/routes` (TanStack's naming: `_app`
 * is the signed-in layout, `index` the parent's own path, a dot a further segment), so that a screen added
 * later is in the tour without anyone remembering to list it.
 */
export function routePathsFromFiles(): string[] {
  const root = path.resolve(import.meta.dirname, '../../../src/routes');
  const paths = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.name.endsWith('.tsx') || entry.name.endsWith('.test.tsx')) continue;
      const relative = path.relative(root, full).replace(/\.tsx$/, '');
      const segments = relative
        .split(path.sep)
        .flatMap((segment) => segment.split('.'))
        .filter((segment) => !segment.startsWith('_') && segment !== 'index');
      if (relative === '__root' || relative === '_app') continue;
      paths.add(`/${segments.join('/')}`);
    }
  };
  walk(root);
  return [...paths].sort();
}

/**
 * The environment variable naming the run's folder where the screen tour keeps the texts each of its tests
 * saw, to compare one role's screens across languages toured by different tests (set by the global setup).
 */
export const TOUR_TEXTS_DIR = 'E2E_TOUR_TEXTS_DIR';

/** What one look at a screen found. */
export interface ScreenFacts {
  /** The page's width beyond the viewport, and the elements that stick out, when it scrolls sideways. */
  overflow: { by: number; culprits: string[] } | null;
  /** Labels cut with an ellipsis and no title to read them whole. */
  cutLabels: string[];
  /** Every text a user or a screen reader meets: text nodes, labels, titles, placeholders. */
  texts: string[];
  /** Text the server made: dashboard cards (not the memos and notes people wrote) and messages. */
  serverTexts: string[];
  /** Every in-app address the screen links to. */
  links: string[];
}

/** Reads the facts of the screen shown, in one round trip. */
export function inspectScreen(page: Page): Promise<ScreenFacts> {
  return page.evaluate(() => {
    const nameOf = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return `${element.tagName.toLowerCase()}${id} "${label.trim().slice(0, 40)}"`;
    };
    const viewport = document.documentElement.clientWidth;
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    let overflow: { by: number; culprits: string[] } | null = null;
    if (pageWidth > viewport + 1) {
      // The innermost elements that stick out past the viewport with no scrolling box holding them in.
      const passes = (element: Element) => element.getBoundingClientRect().right > viewport + 1;
      const heldIn = (element: Element) => {
        for (
          let parent = element.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        ) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' && style.overflowX !== 'clip') return true;
        }
        return false;
      };
      const culprits: string[] = [];
      for (const element of document.body.querySelectorAll('*')) {
        if (!passes(element) || [...element.children].some(passes) || heldIn(element)) continue;
        culprits.push(nameOf(element));
        if (culprits.length >= 5) break;
      }
      overflow = { by: pageWidth - viewport, culprits };
    }

    const cutLabels = [...document.querySelectorAll('.truncate, .text-ellipsis')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && !element.closest('[title]'))
      .map(nameOf);

    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Names and text people wrote (`data-user-text`) are data in any language, not catalogue messages.
      if (!parent || parent.closest('script, style, noscript, [data-user-text]')) continue;
      const text = node.textContent?.trim();
      if (text) texts.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }

    const serverMade = document.querySelectorAll(
      'article[data-sticky-style]:not([data-sticky-style="memo"]):not([data-sticky-style="teacher"]), [role="alert"], [role="status"]',
    );
    // Inside a card, what people wrote and the names of places are data (`data-user-text`), not server text.
    const serverTexts = [...serverMade]
      .map((element) => {
        const copy = element.cloneNode(true) as Element;
        for (const data of copy.querySelectorAll('[data-user-text]')) data.remove();
        return copy.textContent?.trim() ?? '';
      })
      .filter(Boolean);

    const links = [...document.querySelectorAll('a[href^="/admin/"]')].map(
      (anchor) => anchor.getAttribute('href') ?? '',
    );
    return { overflow, cutLabels, texts: [...texts], serverTexts, links };
  });
}

/**
 * The text of each element without the data inside it (`[data-user-text]`: a student's or a subject's name,
 * what a person wrote), in whatever language the school wrote it: what is left are the app's own words.
 */
export function appWordsOf(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((items) =>
    items.map((item) => {
      const words = item.cloneNode(true) as HTMLElement;
      for (const data of words.querySelectorAll('[data-user-text]')) data.remove();
      return words.textContent ?? '';
    }),
  );
}

/**
 * The texts of the notification bell's list, opened and closed again (the popover is not in the page shut),
 * without the names a notification carries (data).
 */
export async function bellTexts(page: Page): Promise<string[]> {
  const bell = page.getByRole('banner').getByRole('button', { name: /通知|Thông báo|Notifications/ });
  await bell.click();
  const popover = page.locator('[data-radix-popper-content-wrapper]');
  await popover.waitFor();
  const texts = await appWordsOf(popover.locator('li'));
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
  return texts;
}

/**
 * Opens an in-app address the way a link does (no page load), then waits for the screen to settle: the
 * router resolved, skeletons and busy parts gone (at most a few seconds: a screen that stays busy is still
 * checked as it is).
 */
export async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate(async (target) => {
    const hooks = (window as unknown as { __schoolAdminTest?: { navigate(href: string): Promise<void> } })
      .__schoolAdminTest;
    if (!hooks) throw new Error('automation hooks missing');
    // A push to the address already shown resolves nothing: do not wait for it.
    const here = `${location.pathname}${location.search}`;
    if (here === target) return;
    await Promise.race([hooks.navigate(target), new Promise((resolve) => setTimeout(resolve, 5000))]);
  }, href);
  await settle(page);
}

/** Waits until the screen shows data rather than placeholders (capped), then for two frames. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('main .animate-pulse, main [aria-busy="true"], main [role="progressbar"]'),
      undefined,
      { timeout: 4000, polling: 100 },
    )
    .catch(() => undefined);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
