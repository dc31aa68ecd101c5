import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../server/db/client';
import { BENCH_GRID, insertBenchSubject } from './achievement-grid-data';
import { allowNamedFunctionsIn, launchChromium } from './browser';
import { codeFromLog, codeLinePattern, ms, percentile, startServer } from './server-process';

const CELLS = BENCH_GRID.students * BENCH_GRID.scoreNames;
/** Every input of the grid: the score cells and each student's final score. */
const INPUTS = BENCH_GRID.students * (BENCH_GRID.scoreNames + 1);
const TAPS = 60;
/** One animation frame at 60 Hz: the floor a tap is measured against. */
const FRAME_MS = 16.7;
const RENDERS = 10;

/** What the page is told to do: go back or forward in its history, or type a score into a cell and press Enter. */
type Action = { kind: 'history'; step: -1 | 1 } | { kind: 'type'; cell: string; value: string };
/** What the page waits for: the grid shown or gone, or a cell showing a stored value. */
type Goal = { kind: 'grid'; shown: boolean; cells: number } | { kind: 'cell'; cell: string; value: string };

/**
 * In the page: runs `action`, then resolves with the milliseconds until `goal` is first drawn and until it
 * holds from the local database, checked after every DOM change (a MutationObserver, so the figure is not
 * rounded to animation frames). A cell is drawn once it shows the value with a sync state; it holds once it
 * is no longer busy (the screen draws an accepted entry at once, busy until the database has it). For the
 * grid both are the same.
 */
async function timeInPage(page: Page, action: Action, goal: Goal): Promise<[drawn: number, held: number]> {
  return page.evaluate(
    ([act, target]) =>
      new Promise<[number, number]>((resolve, reject) => {
        const gridCells = () =>
          document.querySelectorAll('table[aria-label="成績表"] input[data-cell]').length;
        const input = (cell: string) =>
          document.querySelector<HTMLInputElement>(`input[data-cell="${cell}"]`);
        const drawn = () => {
          if (target.kind === 'grid') return (gridCells() === target.cells) === target.shown;
          const element = input(target.cell);
          return element?.value === target.value && element.dataset.state !== 'empty';
        };
        const held = () => target.kind === 'grid' || !input(target.cell)?.hasAttribute('aria-busy');
        const timeout = setTimeout(() => reject(new Error(`timed out: ${JSON.stringify(target)}`)), 30_000);
        let drawnAfter: number | null = null;
        const observer = new MutationObserver(() => {
          if (!drawn()) return;
          const elapsed = performance.now() - started;
          drawnAfter ??= elapsed;
          if (!held()) return;
          observer.disconnect();
          clearTimeout(timeout);
          resolve([drawnAfter, elapsed]);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        const started = performance.now();
        if (act.kind === 'history') {
          history.go(act.step);
          return;
        }
        const element = input(act.cell);
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        if (!element || !setter) throw new Error(`no cell ${act.cell}`);
        // React reads typed text through the native setter and an input event, as a keyboard makes them.
        element.focus();
        setter.call(element, act.value);
        element.dispatchEvent(new Event('input', { bubbles: true }));
        element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }),
    [action, goal] as const,
  );
}

/**
 * Waits until the grid is drawn whole (`shown`) or gone. A function, not a string: the app's Content Security
 * Policy refuses string evaluation in the page.
 */
function waitForGrid(page: Page, shown: boolean, options: { timeout?: number; polling?: 'raf' } = {}) {
  return page.waitForFunction(
    ([inputs, whole]) =>
      (document.querySelectorAll('table[aria-label="成績表"] input[data-cell]').length === inputs) === whole,
    [INPUTS, shown] as const,
    options,
  );
}

async function signIn(page: Page, baseUrl: string, output: () => string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('メールアドレス').fill('teacher@demo.test');
  await page.getByLabel('パスワード', { exact: true }).fill(process.env.DEMO_PASSWORD ?? 'demo-2026');
  const seen = [...output().matchAll(codeLinePattern())].length;
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByLabel('確認コード').fill(await codeFromLog(output, seen));
  await page.getByRole('button', { name: '認証する' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/otp') && !url.pathname.endsWith('/login'));
}

/**
 * The score grid at its largest (50 students × 30 score names, SPEC §5 import limits) in Debian's Chromium
 * against the real server: the time from entering a score in an empty cell to the cell showing the stored
 * value with its sync state (write to the local database, live query, GPA/final score recomputed, React
 * render), and the time to render the whole grid from the local database when the class is chosen.
 */
export async function benchAchievementGrid(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3090) + 2;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-grid-'));
  const env = { DEMO_SCALE: '0' };
  try {
    const seeding = await startServer(port, env, { dataDir });
    await seeding.stop();
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const classId = await insertBenchSubject(handle.db, 'teacher@demo.test');
    await handle.close();

    const server = await startServer(port, env, { dataDir });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ locale: 'ja-JP' });
      await allowNamedFunctionsIn(page);
      await signIn(page, server.baseUrl, server.output);
      await page.goto(`${server.baseUrl}/admin/achievement?subjectClass=${classId}`);
      await waitForGrid(page, true, { timeout: 120_000 });

      // The grid is left for the dashboard by the app's own link, then reached again through the history:
      // each return mounts the screen, queries the local database and renders every cell.
      await page.locator('aside a[href="/admin"], aside a[href="/admin/"]').first().click();
      await waitForGrid(page, false);
      const renders: number[] = [];
      for (let round = 0; round < RENDERS; round++) {
        const [rendered] = await timeInPage(
          page,
          { kind: 'history', step: -1 },
          { kind: 'grid', shown: true, cells: INPUTS },
        );
        renders.push(rendered);
        await timeInPage(page, { kind: 'history', step: 1 }, { kind: 'grid', shown: false, cells: INPUTS });
        await page.waitForLoadState('networkidle');
      }
      await timeInPage(page, { kind: 'history', step: -1 }, { kind: 'grid', shown: true, cells: INPUTS });

      // BENCH_GRID_TRACE=<file.json> records a Chromium performance trace of the taps (DevTools opens it).
      const tracePath = process.env.BENCH_GRID_TRACE;
      if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false });
      const taps: number[] = [];
      const stored: number[] = [];
      for (let tap = 0; tap < TAPS; tap++) {
        const row = tap % BENCH_GRID.students;
        const column = BENCH_GRID.enteredScoreNames + Math.floor(tap / BENCH_GRID.students);
        const cell = `${row}:${column}`;
        const value = String((tap % 100) + 0.5);
        const [drawn, held] = await timeInPage(
          page,
          { kind: 'type', cell, value },
          { kind: 'cell', cell, value },
        );
        taps.push(drawn);
        stored.push(held);
      }
      if (tracePath) await browser.stopTracing();

      const reloads: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        await page.reload();
        await waitForGrid(page, true, { timeout: 60_000, polling: 'raf' });
        reloads.push(performance.now() - started);
      }

      console.log(
        `score entry on a ${BENCH_GRID.students} × ${BENCH_GRID.scoreNames} grid, tap to updated cell, ${TAPS} taps: p50 ${ms(percentile(taps, 50))}, p95 ${ms(percentile(taps, 95))} (${(percentile(taps, 95) / FRAME_MS).toFixed(1)} frames of ${FRAME_MS} ms)`,
      );
      console.log(
        `  … to the cell drawn from the local database (stored, grid rebuilt), ${TAPS} taps: p50 ${ms(percentile(stored, 50))}, p95 ${ms(percentile(stored, 95))}`,
      );
      console.log(
        `grid render from the local database (back to the class's page → ${CELLS} cells), ${RENDERS} runs: p50 ${ms(percentile(renders, 50))}, p95 ${ms(percentile(renders, 95))}`,
      );
      console.log(
        `page reload to the rendered grid (app start, database open, query, render), 3 runs: p50 ${ms(percentile(reloads, 50))}`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
