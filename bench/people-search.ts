import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { MasterDataResponse } from '../domain/schemas/master-setting';
import { launchChromium, signedInContext } from './browser';
import { type BenchSession, ms, percentile, sessionHeaders, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const RUNS = 30;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';

type SearchAnswer = { data: { id: string }[]; meta: { pagination: { total: number } } };

async function getJson<T>(url: string, session: BenchSession): Promise<T> {
  const answer = await fetch(url, { headers: { cookie: session.cookie } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return (await answer.json()) as T;
}

function line(label: string, values: number[]): string {
  return `${label}: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))} (${values.length} runs)`;
}

/**
 * Milliseconds, measured in the page, from entering `value` in the field labelled `label` (one input event,
 * as a paste or the driver's fill makes) to the first frame whose table shows one row, the one holding
 * `name`: the app's own time, without the driver's round trips and polls.
 */
function typeToRowInPage(page: Page, label: string, value: string, name: string): Promise<number> {
  return page.evaluate(
    ([labelText, text, rowText]) =>
      new Promise<number>((resolve, reject) => {
        const field = [...document.querySelectorAll('label')].find(
          (candidate) => candidate.textContent?.trim() === labelText,
        )?.control;
        if (!(field instanceof HTMLInputElement)) return reject(new Error(`no field ${labelText}`));
        // React reads a controlled field's value through the prototype's setter, then the input event.
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const started = performance.now();
        setValue?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        const check = () => {
          const rows = document.querySelectorAll('tbody tr');
          if (rows.length === 1 && rows[0]?.textContent?.includes(rowText))
            resolve(performance.now() - started);
          else if (performance.now() - started > 60_000) reject(new Error('the row never showed'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [label, value, name] as const,
  );
}

/**
 * Issue 16: the student search at scale 10 (about 6,000 students) with three filters (university, faculty,
 * JLPT): the call alone, and the `/students` screen from typing a name filter to the rendered rows; then a
 * bulk add of 50 students. `BENCH_SYNC_DATA_DIR` reuses a seeded PGlite folder (it writes 50 students).
 */
export async function benchPeopleSearch(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = process.env.BENCH_SYNC_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-people-'));
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 3, {}, { dataDir });
    const browser = await launchChromium();
    try {
      const admin = await signIn(server, 'admin@demo.test', PASSWORD);
      const master = await getJson<MasterDataResponse>(`${server.baseUrl}/master-data`, admin);
      const university = master.universities[0];
      const faculty = master.faculties.find((row) => row.university_id === university?.id);
      if (!university || !faculty) throw new Error('the seeded school has no university with a faculty');
      const all = await getJson<SearchAnswer>(`${server.baseUrl}/api/students/search?limit=1`, admin);
      const filters = `university=${university.id}&faculty=${faculty.id}&jlpt=2`;
      const calls: number[] = [];
      let found = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const answer = await getJson<SearchAnswer>(`${server.baseUrl}/api/students/search?${filters}`, admin);
        calls.push(performance.now() - started);
        found = answer.meta.pagination.total;
      }
      console.log(`${all.meta.pagination.total} students; three filters match ${found}`);
      console.log(line('search call (university, faculty, JLPT)', calls));

      // The screen: typing a name filter on top of the three, to the rows of the new answer on screen.
      const context = await signedInContext(browser, server, admin);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/admin/students?${filters}`);
      await page.getByRole('table').waitFor();
      const sample = await getJson<{ data: { name: string; identity: string }[] }>(
        `${server.baseUrl}/api/students/search?${filters}&limit=${RUNS}`,
        admin,
      );
      const label = '氏名・学籍番号・メール';
      const typeEach = async (): Promise<number[]> => {
        const screen: number[] = [];
        for (const student of sample.data) {
          // From the whole list again, settled.
          await page.getByLabel(label).fill('');
          await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 1, undefined, {
            timeout: 60_000,
          });
          screen.push(await typeToRowInPage(page, label, student.identity, student.name));
        }
        return screen;
      };
      // A new admin device replicates the whole school first (issue #24): the search shares the machine and the
      // database with that sync, so the screen is measured while it runs and again once it has ended.
      const synced = page.getByRole('button', { name: '同期状況: オンライン' });
      const syncing = !(await synced.isVisible());
      console.log(
        line(
          `screen: typing a student number to its row rendered (timed in the page)${syncing ? ', during the first sync' : ''}`,
          await typeEach(),
        ),
      );
      const waitFrom = performance.now();
      await synced.waitFor({ timeout: 600_000 });
      console.log(`the admin's first sync ended ${ms(performance.now() - waitFrom)} later`);
      console.log(
        line(
          'screen: typing a student number to its row rendered (timed in the page), after the first sync',
          await typeEach(),
        ),
      );

      // Bulk add of 50 students in one call.
      const yearCode = master.year_codes.find((row) => row.university_id === university.id);
      if (!yearCode) throw new Error('no year code at the university');
      const tag = Date.now().toString(36);
      const students = Array.from({ length: 50 }, (_, index) => ({
        identity: `B${tag}-${index}`,
        name: `Bench ${index}`,
        name_kana: null,
        email: `bench-${tag}-${index}@bench.test`,
        phone: null,
        university_id: university.id,
        faculty_id: faculty.id,
        year_code_id: yearCode.id,
        jlpt: 3,
        scholarship: false,
      }));
      const started = performance.now();
      const added = await fetch(`${server.baseUrl}/api/students/create-multi`, {
        method: 'POST',
        headers: sessionHeaders(admin),
        body: JSON.stringify({ students }),
      });
      const bulkMs = performance.now() - started;
      if (added.status !== 201) throw new Error(`bulk add answered ${added.status}: ${await added.text()}`);
      console.log(`bulk add of 50 students (one call, invitation mail queued for each): ${ms(bulkMs)}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
