import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { Role } from '../domain/roles';
import { monthGrid } from '../domain/schedules';
import type { ScheduleListResponse } from '../domain/schemas/schedules';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { launchChromium, signedInContext, startCpuTrace } from './browser';
import { ms, percentile, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const RUNS = 10;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
/** Monday: the first day of the week in Japanese, the language the bench runs in. */
const WEEK_START = 1;

const teacherRow = z.object({ id: z.string(), email: z.string(), sittings: z.coerce.number() });

/** The teacher with the most sittings in `month`: named on them or in charge of their class. */
async function busiestTeacher(dataDir: string, month: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [teacher] = await queryRows(
      database.db,
      sql`select u.id::text, u.email, count(distinct s.id) as sittings
        from users u
        join (select st.teacher_id, st.schedule_id from schedule_teachers st where not st.deleted
          union select ct.teacher_id, s2.id from class_teachers ct join schedules s2 on s2.class_id = ct.class_id
          where not ct.deleted) t on t.teacher_id = u.id
        join schedules s on s.id = t.schedule_id and not s.deleted and to_char(s.day, 'YYYY-MM') = ${month}
        where u.role = ${Role.teacher} and not u.must_change_password
        group by u.id, u.email order by sittings desc limit 1`,
      teacherRow,
    );
    if (!teacher) throw new Error('the seeded school has no teacher with sittings this month');
    return teacher;
  } finally {
    await database.close();
  }
}

/** Milliseconds from `start` until the month view shows `expected` sittings. */
async function timeToMonth(page: Page, expected: number, start: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await start();
  await page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('td[data-day] button[aria-label]')].reduce((sum, button) => {
        const match = /授業 (\d+) 件/.exec(button.getAttribute('aria-label') ?? '');
        return sum + Number(match?.[1] ?? 0);
      }, 0) === count,
    expected,
    { timeout: 120_000 },
  );
  return performance.now() - started;
}

/**
 * Milliseconds, measured in the page, from a click on the button named `buttonName` (its accessible text)
 * to the first frame whose month view shows `expected` sittings: the app's own time, without the driver's
 * round trips and checks around a click.
 */
function clickToMonthInPage(page: Page, expected: number, buttonName: string): Promise<number> {
  return page.evaluate(
    ([count, name]) =>
      new Promise<number>((resolve, reject) => {
        const shown = () =>
          [...document.querySelectorAll('td[data-day] button[aria-label]')].reduce((sum, button) => {
            const match = /授業 (\d+) 件/.exec(button.getAttribute('aria-label') ?? '');
            return sum + Number(match?.[1] ?? 0);
          }, 0);
        const button = [...document.querySelectorAll('button')].find((candidate) =>
          candidate.textContent?.includes(name),
        );
        if (!button) return reject(new Error(`no button ${name}`));
        const started = performance.now();
        button.click();
        const check = () => {
          if (shown() === count) resolve(performance.now() - started);
          else if (performance.now() - started > 60_000) reject(new Error('the month never showed'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [expected, buttonName] as const,
  );
}

/**
 * Issue 19: the month view of the busiest teacher at scale 10, read from the local database, timed from
 * the navigation to the painted calendar (every sitting of the month counted on screen): a full reload of
 * /schedule/teacher (app start, database open) and an in-app move back to the month. `BENCH_SYNC_DATA_DIR`
 * reuses a seeded PGlite folder.
 */
export async function benchSchedulesMonth(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = process.env.BENCH_SYNC_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-schedules-'));
  // The month the demo school's term is generated around: now, in the school's zone.
  const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date()).slice(0, 7);
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const teacher = await busiestTeacher(dataDir, month);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 2, {}, { dataDir });
    const browser = await launchChromium();
    try {
      const session = await signIn(server, teacher.email, PASSWORD);
      // What the month grid shows, from the server's weekly calls (SPEC §7) over the grid's weeks.
      let expected = 0;
      for (const week of monthGrid(month, WEEK_START)) {
        const answer = await fetch(`${server.baseUrl}/api/schedules/${week[0]}/${week[6]}/week/teacher`, {
          headers: { cookie: session.cookie },
        });
        expected += ((await answer.json()) as ScheduleListResponse).schedules.length;
      }
      const context = await signedInContext(browser, server, session);
      const page = await context.newPage();
      const url = `${server.baseUrl}/admin/schedule/teacher?view=month&date=${month}-01`;
      const firstSync = await timeToMonth(page, expected, () => page.goto(url));
      const reloads: number[] = [];
      for (let run = 0; run < RUNS; run += 1)
        reloads.push(await timeToMonth(page, expected, () => page.reload()));
      const moves: number[] = [];
      const traceFile = process.env.BENCH_SCHEDULES_TRACE;
      // Chromium's sampled CPU profile of the moves (read it with bench/trace-profile.ts).
      if (traceFile) await startCpuTrace(browser, page, traceFile);
      for (let run = 0; run < RUNS; run += 1) {
        await page.getByRole('button', { name: '次へ' }).click();
        await page.waitForURL((address) => !address.searchParams.get('date')?.startsWith(month));
        moves.push(await clickToMonthInPage(page, expected, '前へ'));
      }
      if (traceFile) await browser.stopTracing();
      console.log(
        `${teacher.email}: ${teacher.sittings} sittings in ${month}, ${expected} on the month grid; new device to painted month (first sync): ${ms(firstSync)}`,
      );
      const line = (label: string, values: number[]) =>
        console.log(
          `${label}, ${RUNS} runs: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`,
        );
      line('reload of /schedule/teacher to the painted month (local database kept)', reloads);
      line(
        'in-app move back to the month (next, then previous; timed in the page) to the painted month',
        moves,
      );
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
