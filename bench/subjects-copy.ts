import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { CSRF_HEADER } from '../domain/auth';
import { copyPayload, copyStartDate, defaultCopyDay, lessonBatches } from '../domain/copy-subject';
import type { CopySubjectResponse, CopySubjectRow } from '../domain/schemas/subjects';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { launchChromium, signedInContext, startCpuTrace } from './browser';
import { type BenchSession, ms, percentile, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const RUNS = 5;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';

const subjectRow = z.object({
  id: z.string(),
  end_date: z.string(),
  classes: z.coerce.number(),
  lessons: z.coerce.number(),
  sittings: z.coerce.number(),
});

/** The subject with the most sittings: every class, a term of weekly lessons. */
async function biggestSubject(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await queryRows(
      database.db,
      sql`select p.id::text, p.end_date::text,
          (select count(*) from subject_classes c where c.subject_id = p.id and not c.deleted) as classes,
          (select count(*) from lessons l where l.subject_id = p.id and not l.deleted) as lessons,
          (select count(*) from schedules s where s.subject_id = p.id and not s.deleted) as sittings
        from subjects p where not p.deleted order by sittings desc, p.id limit 1`,
      subjectRow,
    );
    if (!row) throw new Error('the seeded school has no subject');
    return row;
  } finally {
    await database.close();
  }
}

async function api<T>(
  baseUrl: string,
  session: BenchSession,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json', [CSRF_HEADER]: session.csrfToken }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The copy body the screen sends by default: every suggested row ticked with its prefilled values. */
function defaultBody(rows: readonly CopySubjectRow[], endDate: string) {
  const start = copyStartDate(endDate);
  const formRows = rows.flatMap((row) =>
    row.suggestDates.map((suggest) => ({
      class_name_id: row.class_name_id,
      suggest_date: suggest.id,
      selected: true,
      day: defaultCopyDay(start, suggest.id),
      start_time: row.first_schedule?.start_time ?? null,
      end_time: row.first_schedule?.end_time ?? null,
      teacherChecked: false,
      teacher_ids: [],
      roomChecked: row.first_schedule?.room_id != null,
      room_id: row.first_schedule?.room_id ?? null,
    })),
  );
  return { isPublic: true, schedules: copyPayload(formRows) };
}

/**
 * Milliseconds, measured in the page, from a click on the menu's subject list entry to the first frame that
 * shows the list's count ("… of … subjects", read from the local database): opening the screen in the app.
 */
function menuToSubjectCountInPage(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelector<HTMLAnchorElement>('a[href$="/academic/subjects"]');
        if (!link) return reject(new Error('no menu entry for the subject list'));
        const started = performance.now();
        const frame = () => {
          if (/\d+件中\d+件の科目/.test(document.body.textContent ?? ''))
            resolve(performance.now() - started);
          else if (performance.now() - started > 60_000) reject(new Error('the list never counted'));
          else requestAnimationFrame(frame);
        };
        link.click();
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Issue 17: copying the biggest subject of the scale-10 demo school (all its classes, a term of weekly
 * lessons). The call itself and its batch publishing, timed from Node; then the copy screen in Chromium,
 * from pressing "register" until the subject list (read from the local database) counts the new subject.
 */
export async function benchSubjectsCopy(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = process.env.BENCH_SYNC_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-subjects-'));
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const subject = await biggestSubject(dataDir);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 3, {}, { dataDir });
    const browser = await launchChromium();
    try {
      const session = await signIn(server, 'admin@demo.test', PASSWORD);
      const { rows } = await api<{ rows: CopySubjectRow[] }>(
        server.baseUrl,
        session,
        'GET',
        `/api/academic/subjects/${subject.id}/first-schedule-of-classes`,
      );
      const body = defaultBody(rows, subject.end_date);
      const calls: number[] = [];
      const publishing: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const copy = await api<CopySubjectResponse>(
          server.baseUrl,
          session,
          'POST',
          `/api/academic/subjects/${subject.id}/copy`,
          body,
        );
        calls.push(performance.now() - started);
        const publishStarted = performance.now();
        for (const batch of lessonBatches(copy.lessonsId)) {
          await api(
            server.baseUrl,
            session,
            'POST',
            `/api/academic/subjects/${copy.id}/public-lessons-after-copy`,
            {
              lessonsId: batch,
            },
          );
        }
        publishing.push(performance.now() - publishStarted);
      }
      console.log(
        `subject ${subject.id}: ${subject.classes} classes, ${subject.lessons} lessons, ${subject.sittings} sittings; ${body.schedules.length} copy rows`,
      );
      const line = (label: string, values: number[]) =>
        console.log(
          `${label}, ${values.length} runs: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`,
        );
      line('POST .../copy (registered)', calls);
      line('publishing its lessons in batches of 10, one after another', publishing);

      const context = await signedInContext(browser, server, session);
      const page = await context.newPage();
      // The list reads the local database: it is complete once it counts what the server holds.
      const serverTotal = async () =>
        (
          await api<{ totalNumberOfSubject: number }>(
            server.baseUrl,
            session,
            'GET',
            '/api/academic/subjects/subject-by-user',
          )
        ).totalNumberOfSubject;
      const listCounts = (count: number) =>
        page.getByText(new RegExp(`件中${count}件の科目`)).waitFor({ timeout: 300_000 });
      // The copy screen of the subject, loaded, with its rows drawn.
      const openCopyScreen = async () => {
        await page.goto(`${server.baseUrl}/admin/academic/subjects/${subject.id}/copy`);
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="copy-row"]').length > 0);
      };
      const registerToList = async (runs: number): Promise<number[]> => {
        const screens: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          const before = await serverTotal();
          await page.goto(`${server.baseUrl}/admin/academic/subjects`);
          await listCounts(before);
          await openCopyScreen();
          const register = page.getByRole('button', { name: '登録', exact: true });
          await register.waitFor({ timeout: 120_000 });
          const started = performance.now();
          await register.click();
          await page.waitForURL(/\/admin\/academic\/subjects(\?|$)/, { timeout: 120_000 });
          await listCounts(before + 1);
          screens.push(performance.now() - started);
        }
        return screens;
      };
      // A new admin device replicates the whole school first (issue #24), and the copy reaches the list through
      // that same sync: the screen is measured while the first sync runs and again once it has ended.
      const synced = page.getByRole('button', { name: '同期状況: オンライン' });
      await page.goto(`${server.baseUrl}/admin/academic/subjects`);
      const syncing = !(await synced.isVisible());
      line(
        `copy screen: register pressed to the list counting the copy (Chromium)${syncing ? ', during the first sync' : ''}`,
        await registerToList(3),
      );
      const waitFrom = performance.now();
      await synced.waitFor({ timeout: 600_000 });
      console.log(`the admin's first sync ended ${ms(performance.now() - waitFrom)} later`);
      line(
        'copy screen: register pressed to the list counting the copy (Chromium), after the first sync',
        await registerToList(5),
      );
      const traceFile = process.env.BENCH_SUBJECTS_TRACE;
      const opens: number[] = [];
      for (let run = 0; run < 10; run += 1) {
        await openCopyScreen();
        // `BENCH_SUBJECTS_TRACE=<file>` records a Chromium trace of the last opening (bench/trace-profile.ts reads it).
        const traced = traceFile !== undefined && run === 9;
        if (traced) await startCpuTrace(browser, page, traceFile);
        opens.push(await menuToSubjectCountInPage(page));
        if (traced) await browser.stopTracing();
      }
      line('subject list opened from the menu to its count of subjects, timed in the page', opens);
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
