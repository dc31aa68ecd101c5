import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AdminOnDemandFigures, adminOnDemandFigures } from './admin-on-demand';
import { type MorningFigures, morning } from './morning';
import { percentile } from './server-process';
import { type FirstSyncFigures, firstSyncAndLiveQuery, seed } from './sync-figures';

// `npm run bench -- speed` (issue 45, "Done when"): the four measurements of the table in one run —
// the biggest teacher's first sync, an admin on a new device, a school's morning (PGlite, and PostgreSQL with
// `BENCH_LOAD_DATABASE_URL`), a local write to the live query — each by its own bench's code, then one table of
// figure, measured, goal and whether it is met.

/** One line of the table. */
interface Row {
  figure: string;
  measured: string;
  goal: string;
  /** Whether the goal is met; null when the figure was not measured. */
  met: boolean | null;
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const millis = (value: number) => `${value.toFixed(1)} ms`;

/** The machine's load average over the last minute: every figure here depends on the share of 2 cores it got. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';

/** The figures of one part, or the error it ended with: its rows then say so, and the table is still printed. */
async function attempt<T>(part: () => Promise<T>): Promise<T | { failed: string }> {
  try {
    return await part();
  } catch (error) {
    const failed = error instanceof Error ? error.message : String(error);
    console.log(`failed: ${failed}`);
    return { failed };
  }
}

/** `attempt` on a fresh copy of the seeded school's folder, which the part writes to. */
function onCopyOf<T>(template: string, part: (dataDir: string) => Promise<T>) {
  return attempt(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-speed-'));
    try {
      cpSync(template, dataDir, { recursive: true });
      return await part(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

function isFailure(result: object): result is { failed: string } {
  return 'failed' in result;
}

/** A row whose figure was not measured: the part failed or did not run. */
const notMeasured = (figure: string, goal: string, why: string): Row => ({
  figure,
  measured: why,
  goal,
  met: null,
});

type OneDevice = Awaited<ReturnType<typeof firstSyncAndLiveQuery>>;

function firstSyncRows(result: FirstSyncFigures | { failed: string }): Row[] {
  const server = "biggest teacher's first sync: the server's part (the same pulls from Node)";
  const whole = "biggest teacher's first sync: the whole sync in Chromium ÷ a raw IndexedDB put";
  if (isFailure(result)) {
    return [notMeasured(server, '≤ 0.35 s', result.failed), notMeasured(whole, '≤ 4×', result.failed)];
  }
  const ratio = result.firstSyncMs / result.rawPutMs;
  return [
    {
      figure: `${server}, ${result.documents} documents`,
      measured: seconds(result.nodePullMs),
      goal: '≤ 0.35 s',
      met: result.nodePullMs <= 350,
    },
    {
      figure: whole,
      measured: `${seconds(result.firstSyncMs)} ÷ ${seconds(result.rawPutMs)} = ${ratio.toFixed(1)}×`,
      goal: '≤ 4×',
      met: ratio <= 4,
    },
  ];
}

function liveQueryRows(result: OneDevice | { failed: string }): Row[] {
  const figure = 'local write → live query update (attendance sheet, 200 writes), p95';
  if (isFailure(result)) return [notMeasured(figure, '≤ 16 ms', result.failed)];
  const { p50Ms, p95Ms } = result.liveQuery;
  return [{ figure, measured: `${millis(p95Ms)} (p50 ${millis(p50Ms)})`, goal: '≤ 16 ms', met: p95Ms <= 16 }];
}

function adminRows(result: AdminOnDemandFigures | { failed: string }): Row[] {
  const screen = 'an admin on a new device: first working screen after the two-step code';
  const sheet = 'an admin on a new device: a class sheet chosen for the first time (the slowest)';
  if (isFailure(result)) {
    return [notMeasured(screen, '≤ 1 s', result.failed), notMeasured(sheet, '≤ 1 s', result.failed)];
  }
  const slowest = Math.max(...result.firstSheetsMs);
  return [
    {
      figure: screen,
      measured: `${seconds(result.afterCodeMs)} (${seconds(result.fromStartMs)} from the page's start)`,
      goal: '≤ 1 s',
      met: result.afterCodeMs <= 1000,
    },
    {
      figure: `${sheet}, of ${result.firstSheetsMs.length} busy subjects`,
      measured: `${seconds(slowest)} (p50 ${seconds(percentile(result.firstSheetsMs, 50))}; again ${seconds(
        percentile(result.againSheetsMs, 50),
      )})`,
      goal: '≤ 1 s',
      met: slowest <= 1000,
    },
  ];
}

function morningRows(database: string, result: MorningFigures | { failed: string } | null): Row[] {
  const of = `a school's morning on ${database}`;
  const figures = [
    [`${of}: every staff device opens within a minute, pulls, pushes; all in step`, '≤ 60 s'],
    [`${of}: pull p99`, '≤ 500 ms'],
    [`${of}: push p99`, '≤ 500 ms'],
  ] as const;
  if (result === null) {
    return figures.map(([figure, goal]) => notMeasured(figure, goal, 'not run: set BENCH_LOAD_DATABASE_URL'));
  }
  if (isFailure(result)) return figures.map(([figure, goal]) => notMeasured(figure, goal, result.failed));
  const [inStep, pull, push] = figures;
  return [
    {
      figure: `${inStep[0]} (${result.devices} devices)`,
      measured: `${seconds(result.inStepMs)} (server CPU ${result.cpuSeconds.toFixed(1)} s; errors: ${result.errors})`,
      goal: inStep[1],
      met: result.inStepMs <= 60_000 && result.errors === 'none',
    },
    {
      figure: pull[0],
      measured: `${millis(result.pullP99Ms)} (p50 ${millis(result.pullP50Ms)})`,
      goal: pull[1],
      met: result.pullP99Ms <= 500,
    },
    {
      figure: push[0],
      measured: `${millis(result.pushP99Ms)} (p50 ${millis(result.pushP50Ms)})`,
      goal: push[1],
      met: result.pushP99Ms <= 500,
    },
  ];
}

/** The table, as Markdown, so it reads in a terminal and pastes into the issue as it is. */
function printTable(rows: Row[]) {
  console.log('\n| figure | measured | goal | met? |\n|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === null ? 'not measured' : row.met ? 'yes' : 'no';
    console.log(`| ${row.figure} | ${row.measured} | ${row.goal} | ${met} |`);
  }
}

/**
 * Issue 45's table in one run on one seeded scale-`BENCH_SYNC_SCALE` school (10 unless set; `BENCH_SYNC_DATA_DIR`
 * reuses a seeded PGlite folder, copied for each part and never written to). The morning on PostgreSQL runs on
 * `BENCH_LOAD_DATABASE_URL` when set (seeded when it has no users, written to).
 */
export async function benchSpeed(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const given = process.env.BENCH_SYNC_DATA_DIR;
  const template = given ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-speed-seed-'));
  const loads = [`${loadAverage()} at the start`];
  try {
    if (!given) console.log(`seed scale ${scale} on PGlite: ${seconds(await seed(template, scale))}`);
    console.log("\n### The biggest teacher's first sync and the live query");
    const sync = await onCopyOf(template, firstSyncAndLiveQuery);
    loads.push(`${loadAverage()} after the first sync`);
    console.log('\n### An admin on a new device');
    const admin = await onCopyOf(template, (dataDir) => adminOnDemandFigures({ dataDir }));
    loads.push(`${loadAverage()} after the admin`);
    console.log("\n### A school's morning on PGlite");
    const onPglite = await onCopyOf(template, (dataDir) => morning({ dataDir }));
    loads.push(`${loadAverage()} after the morning on PGlite`);
    const databaseUrl = process.env.BENCH_LOAD_DATABASE_URL;
    let onPostgres: MorningFigures | { failed: string } | null = null;
    if (databaseUrl) {
      console.log("\n### A school's morning on PostgreSQL");
      onPostgres = await attempt(() => morning({ databaseUrl }));
      loads.push(`${loadAverage()} after the morning on PostgreSQL`);
    }
    printTable([
      ...firstSyncRows(sync),
      ...adminRows(admin),
      ...morningRows('PGlite', onPglite),
      ...morningRows('PostgreSQL', onPostgres),
      ...liveQueryRows(sync),
    ]);
    console.log(`\nload average (1 min) on ${os.cpus().length} cores: ${loads.join(', ')}`);
  } finally {
    if (!given) rmSync(template, { recursive: true, force: true });
  }
}
