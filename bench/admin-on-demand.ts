import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { allowNamedFunctionsIn, launchChromium, signedInContext } from './browser';
import {
  type BenchServer,
  codeFromLog,
  codesPrinted,
  ms,
  percentile,
  signIn,
  startServer,
} from './server-process';
import { seed } from './sync-figures';

const RUNS = 3;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
const ADMIN = 'admin@demo.test';

const classRow = z.object({ class_id: z.string(), subject_id: z.string(), marks: z.coerce.number() });

/** A class of each of the `count` subjects with the most marks: the heaviest sheets an admin can open. */
async function busiestClasses(dataDir: string, count: number) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await queryRows(
      database.db,
      sql`select (select c.id::text from subject_classes c where c.subject_id = a.subject_id and not c.deleted
            order by c.id limit 1) as class_id, a.subject_id::text, count(*) as marks
          from attendances a group by a.subject_id order by count(*) desc limit ${count}`,
      classRow,
    );
  } finally {
    await database.close();
  }
}

/**
 * The app's screen ready to work in: its main region no longer busy (the shell marks it busy until the device
 * holds the master data), with neither the first-sync overlay nor the two-step code's field in the page (the
 * code's screen has a main region of its own, and the route changes before the screen does).
 */
const WORKING_SCREEN = {
  ready: '#root main:not([aria-busy="true"])',
  notYet: '[role="alertdialog"], #root input[autocomplete="one-time-code"]',
};
type WorkingScreen = typeof WORKING_SCREEN;

/**
 * Notes, in the page's own clock, the first frame showing the app's screen ready (`WORKING_SCREEN`).
 * Timed inside the page, since Playwright's own waits see a change late while the page's main thread is busy
 * with the sync. Only the app's own screen in #root counts, not index.html's prerendered sign-in page. It runs
 * before the page's own scripts (an init script), or on the code's screen just before the code is sent.
 */
const noteFirstWorkingScreen = (screen: WorkingScreen) => {
  const observer = new MutationObserver(() => {
    const ready = document.querySelector(screen.ready) && !document.querySelector(screen.notYet);
    if (!ready) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      Object.assign(window, { __firstWorkingScreen: performance.now() });
    });
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
};

/** The page's clock at the first working screen `noteFirstWorkingScreen` noted: from the navigation's start. */
async function firstWorkingScreen(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const at = (window as unknown as { __firstWorkingScreen?: number }).__firstWorkingScreen;
      return at !== undefined && at >= 0 ? at : null;
    },
    undefined,
    { timeout: 120_000 },
  );
  return Number(await handle.jsonValue());
}

/**
 * How long a person takes to read the two-step code from their mail and type it, at the least: the code's
 * screen loads what the signed-in start needs meanwhile (docs/on-demand-sync.md).
 */
const READING_THE_CODE_MS = 3000;

/**
 * Milliseconds from sending the two-step code on a new device (its own browser context: no stored user, no
 * local database, no service worker yet) until the first working screen: what an admin waits for after
 * signing in on a new device. The sign-in page and its scripts are loaded already; the signed-in app's are not.
 * `readingMs` is how long the code's screen shows before the code is sent: a person's `READING_THE_CODE_MS`,
 * or none, as a script signing in would.
 */
async function firstWorkingScreenAfterSignIn(
  browser: Browser,
  server: BenchServer,
  readingMs: number,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Asia/Tokyo',
  });
  try {
    await allowNamedFunctionsIn(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.locator('#root input[type="email"]').fill(ADMIN);
    await page.locator('#root input[type="password"]').fill(PASSWORD);
    const seen = codesPrinted(server.output);
    await page.locator('#root button[type="submit"]').click();
    await page
      .locator('#root input[autocomplete="one-time-code"]')
      .fill(await codeFromLog(server.output, seen));
    await page.waitForTimeout(readingMs);
    await page.evaluate(noteFirstWorkingScreen, WORKING_SCREEN);
    const sent = await page.evaluate(() => {
      const at = performance.now();
      document.querySelector<HTMLButtonElement>('#root button[type="submit"]')?.click();
      return at;
    });
    return (await firstWorkingScreen(page)) - sent;
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from choosing a class (an in-app navigation, as a link does) until its attendance sheet shows
 * rows: on an admin's device the subject's marks are pulled then (docs/on-demand-sync.md).
 */
async function classSheet(page: Page, classId: string): Promise<number> {
  return page.evaluate(
    (href) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const hooks = (window as unknown as { __schoolAdminTest: { navigate(href: string): Promise<void> } })
          .__schoolAdminTest;
        void hooks.navigate(href);
        const frame = () => {
          if (document.querySelector('main table tbody tr')) resolve(performance.now() - started);
          else if (performance.now() - started > 90_000) reject(new Error('the sheet never showed'));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    `/admin/attendance?subjectClass=${classId}`,
  );
}

/**
 * Issue #24: an admin on a new device at scale 10. The first working screen (the app with the first-sync
 * overlay gone: the master data is in), timed twice: on one new device from the code sent on the sign-in
 * screens, and on another, which holds a signed-in user and nothing else, from the page's start. Then the
 * attendance sheets of the busiest subjects chosen one after another, while the rest of the up-front sync (people, subjects, schedules) may still run, and the same
 * sheets again once the device holds them.
 */
export async function benchAdminOnDemand(): Promise<void> {
  await adminOnDemandFigures({ dataDir: process.env.BENCH_SYNC_DATA_DIR });
}

/** What `adminOnDemandFigures` measured, beside the goals of issue 45. */
export interface AdminOnDemandFigures {
  /** From the two-step code sent on a new device to the first working screen. */
  afterCodeMs: number;
  /** From the page's start, on a device holding a signed-in user and nothing else. */
  fromStartMs: number;
  /** Each busy subject's class sheet chosen for the first time, and again once on the device. */
  firstSheetsMs: number[];
  againSheetsMs: number[];
}

/**
 * The figures `benchAdminOnDemand` prints, answered too. `dataDir` reuses an already seeded PGlite folder (it
 * is written to); without it a new one is seeded and removed.
 */
export async function adminOnDemandFigures(
  options: { dataDir?: string | undefined } = {},
): Promise<AdminOnDemandFigures> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = options.dataDir;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-on-demand-'));
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const classes = await busiestClasses(dataDir, RUNS);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 5, {}, { dataDir });
    const browser = await launchChromium();
    try {
      const afterCodeMs = await firstWorkingScreenAfterSignIn(browser, server, READING_THE_CODE_MS);
      const sentAtOnceMs = await firstWorkingScreenAfterSignIn(browser, server, 0);
      console.log(
        `admin signing in on a new device: the two-step code sent → first working screen ${ms(afterCodeMs)} (sent ${
          READING_THE_CODE_MS / 1000
        } s after its screen showed, as a person reads it); sent at once, ${ms(sentAtOnceMs)}`,
      );
      const session = await signIn(server, ADMIN, PASSWORD);
      const context = await signedInContext(browser, server, session);
      await context.addInitScript(noteFirstWorkingScreen, WORKING_SCREEN);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/admin/`);
      const fromStartMs = await firstWorkingScreen(page);
      console.log(`admin on a new device: first working screen ${ms(fromStartMs)}`);
      const first: number[] = [];
      for (const chosen of classes) {
        const took = await classSheet(page, chosen.class_id).catch(async (error: unknown) => {
          // What the screen said instead, to tell a slow pull from a wrong screen.
          console.log(`the sheet did not show; the screen said: ${await page.locator('main').textContent()}`);
          throw error;
        });
        first.push(took);
        console.log(
          `  class sheet of a subject with ${chosen.marks} marks, chosen for the first time: ${ms(took)}`,
        );
      }
      const again: number[] = [];
      for (const chosen of classes) again.push(await classSheet(page, chosen.class_id));
      const line = (label: string, values: number[]) =>
        console.log(
          `${label}, ${values.length} subjects: p50 ${ms(percentile(values, 50))}, max ${ms(Math.max(...values))}`,
        );
      line('class sheet chosen for the first time (its subject pulled then)', first);
      line('class sheet chosen again (its subject on the device)', again);
      await context.close();
      return { afterCodeMs, fromStartMs, firstSheetsMs: first, againSheetsMs: again };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
