import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../domain/auth';
import { type AccountRole, Role } from '../domain/roles';
import {
  ON_DEMAND_COLLECTIONS,
  SYNC_COLLECTION_ROLES,
  SYNC_PULL_MAX_LIMIT,
  type SyncCheckpoint,
  syncCheckpointSchema,
} from '../domain/sync';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { pollUntil, within } from './bounded';
import { launchChromium, startCpuTrace } from './browser';
import type { SyncBench } from './harness/main';
import { type BenchServer, type BenchSession, ms, percentile, signIn, startServer } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
const LIVE_RUNS = 200;
const QUEUED_WRITES = 500;

const meSchema = z.object({ id: z.string() });

const teacherSchema = z.object({
  id: z.string(),
  email: z.string(),
  classes: z.coerce.number(),
  attendance: z.coerce.number(),
  achievements: z.coerce.number(),
});

/**
 * Seeds a demo school of `scale` into an empty PGlite folder with `npm run seed`'s own code (into
 * `env.DATABASE_URL` instead when given, unless that database has users already).
 */
export async function seed(
  dataDir: string,
  scale: number,
  env: Record<string, string> = {},
): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed-cli.ts', '--scale', String(scale)],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    },
  );
  const code = await within(
    `seeding scale ${scale} to end`,
    30 * 60_000,
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  if (code !== 0) throw new Error(`seeding scale ${scale} exited with ${code}`);
  return performance.now() - started;
}

/**
 * The teacher whose sync scope is largest: the most attendance and score rows of the students in the
 * classes they teach (the rule of `classWorkScope`).
 */
async function biggestTeacher(dataDir: string): Promise<z.infer<typeof teacherSchema>> {
  // The server keeps PGlite in `DATA_DIR/pglite` (server/config.ts).
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [teacher] = await queryRows(
      database.db,
      sql`with taught as (
            select distinct ct.teacher_id, cs.id as class_student_id, cs.subject_student_id, cs.class_id
            from class_teachers ct join class_students cs on cs.class_id = ct.class_id
            where not ct.deleted and not cs.deleted)
          select * from (select u.id::text as id, u.email,
            (select count(distinct t.class_id) from taught t where t.teacher_id = u.id) as classes,
            (select count(*) from attendances a join taught t on t.class_student_id = a.class_student_id
              where t.teacher_id = u.id) as attendance,
            (select count(*) from achievements r join taught t on t.subject_student_id = r.subject_student_id
              where t.teacher_id = u.id) as achievements
          from users u where u.role = ${Role.teacher} and not u.deleted and not u.must_change_password) as scopes
          order by attendance + achievements desc limit 1`,
      teacherSchema,
    );
    if (!teacher) throw new Error('the seeded school has no teacher');
    return teacher;
  } finally {
    await database.close();
  }
}

const pageSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      _deleted: z.boolean(),
      comment: z.string().nullable().optional(),
      kind: z.string().optional(),
    }),
  ),
  // The whole checkpoint goes back: without its scope version the server starts the pull over, forever.
  checkpoint: syncCheckpointSchema.nullable(),
});

/** Every document of a collection a session may pull, page by page, straight from Node. */
async function pullAll(server: BenchServer, session: BenchSession, collection: string) {
  const documents: z.infer<typeof pageSchema>['documents'] = [];
  let checkpoint: SyncCheckpoint | null = null;
  return pollUntil(
    `every page of ${collection}`,
    10 * 60_000,
    async () => {
      const query = new URLSearchParams({ limit: String(SYNC_PULL_MAX_LIMIT) });
      if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
      const response = await fetch(`${server.baseUrl}/api/sync/${collection}/pull?${query}`, {
        headers: { cookie: session.cookie },
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) throw new Error(`pull of ${collection} answered ${response.status}`);
      const page = pageSchema.parse(await response.json());
      documents.push(...page.documents);
      if (page.documents.length < SYNC_PULL_MAX_LIMIT) return documents;
      checkpoint = page.checkpoint;
      return undefined;
    },
    { everyMs: 0, describe: () => `${documents.length} documents` },
  );
}

/** The live documents of every collection `role` pulls, counted from Node's pulls, and how long they took. */
async function scopeOf(server: BenchServer, session: BenchSession, role: AccountRole) {
  const collections = Object.entries(SYNC_COLLECTION_ROLES)
    .filter(([, roles]) => roles.pull.includes(role))
    .map(([name]) => name);
  const started = performance.now();
  const expected: Record<string, number> = {};
  let university: string | undefined;
  for (const name of collections) {
    const documents = (await pullAll(server, session, name)).filter((doc) => !doc._deleted);
    expected[name] = documents.length;
    if (name === 'master') university = documents.find((doc) => doc.kind === 'universities')?.id;
  }
  const total = Object.values(expected).reduce((sum, count) => sum + count, 0);
  const described = Object.entries(expected)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return { expected, total, described, university, nodePullMs: performance.now() - started };
}

/** Copies the app's build and builds the bench page into it, so the real server serves both. */
async function buildStaticDir(): Promise<string> {
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-static-'));
  cpSync(process.env.STATIC_DIR ?? path.join(root, 'dist'), staticDir, { recursive: true });
  process.env.BENCH_HARNESS_OUT = path.join(staticDir, 'bench-harness');
  await build({ configFile: path.join(root, 'bench', 'harness', 'vite.config.ts') });
  return staticDir;
}

async function openBenchPage(server: BenchServer, session: BenchSession) {
  const browser = await launchChromium();
  const context = await browser.newContext();
  await context.addCookies([
    { name: SESSION_COOKIE, value: session.sid, url: server.baseUrl, httpOnly: true },
    { name: CSRF_COOKIE, value: session.csrfToken, url: server.baseUrl },
  ]);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench page error: ${error.message}`));
  await page.goto(`${server.baseUrl}/admin/bench-harness/index.html`);
  await page.waitForFunction(() => 'syncBench' in window, undefined, { timeout: 60_000 });
  return { browser, page };
}

/** Calls one method of the bench page's `window.syncBench`. */
function call<Name extends keyof SyncBench>(
  page: Page,
  name: Name,
  ...args: Parameters<SyncBench[Name]>
): Promise<Awaited<ReturnType<SyncBench[Name]>>> {
  // The page bounds each of its own waits (WAIT_MS in bench/harness/main.ts); this bound is the last resort.
  return within(
    `the bench page's ${name}`,
    10 * 60_000,
    page.evaluate(
      ([method, params]) => {
        const bench = Reflect.get(window, 'syncBench') as Record<string, (...values: unknown[]) => unknown>;
        return bench[method]?.(...params);
      },
      [name, args] as const,
    ) as Promise<Awaited<ReturnType<SyncBench[Name]>>>,
  );
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/**
 * While the first sync of `expected` runs in the page, renames a university of the user's scope as the admin,
 * as soon as the device holds it, and times from the call until the device shows the new name. A live change
 * must not wait for the rest of the first sync. Answers the time and whether the first sync was still running.
 */
async function liveChangeDuringFirstSync(
  server: BenchServer,
  page: Page,
  firstSync: Promise<unknown>,
  university: string,
) {
  const admin = await signIn(server, 'admin@demo.test', PASSWORD);
  let firstSyncDone = false;
  void firstSync.then(() => {
    firstSyncDone = true;
  });
  await call(page, 'untilMasterRow', university);
  const name = `bench renamed ${Date.now()}`;
  const started = performance.now();
  const shown = call(page, 'untilMasterName', university, name);
  const response = await fetch(`${server.baseUrl}/api/master-setting/universities/${university}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: admin.csrfToken, cookie: admin.cookie },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`rename of a university answered ${response.status}`);
  const whileSyncing = !firstSyncDone;
  await shown;
  return { ms: performance.now() - started, whileSyncing };
}

/**
 * An admin's first sync on a new device. Admins may see every row of the school (`classWorkScope`); Node
 * pulls all of it, but the device keeps class work subject by subject (`ON_DEMAND_COLLECTIONS`,
 * docs/on-demand-sync.md), so the Chromium sync is timed until everything else is on the device: what an
 * admin's device pulls up front today.
 */
async function adminFirstSync(server: BenchServer) {
  const session = await signIn(server, 'admin@demo.test', PASSWORD);
  const me = meSchema.parse(
    await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: session.cookie } })).json(),
  );
  const { expected, total, described, nodePullMs } = await scopeOf(server, session, Role.admin);
  console.log(`admin (whole school): scope ${total} documents (${described})`);
  console.log(`the same pulls from Node: ${seconds(nodePullMs)}`);
  const upFront = Object.fromEntries(
    Object.entries(expected).filter(([name]) => !(ON_DEMAND_COLLECTIONS as readonly string[]).includes(name)),
  );
  const upFrontTotal = Object.values(upFront).reduce((sum, count) => sum + count, 0);
  const { browser, page } = await openBenchPage(server, session);
  try {
    const traceFile = process.env.BENCH_SYNC_TRACE;
    // Chromium's sampled CPU profile of every thread (window, sync worker, browser process) during the sync.
    if (traceFile) await startCpuTrace(browser, page, traceFile);
    const initial = await call(page, 'initialSync', { userId: me.id, role: Role.admin, expected: upFront });
    if (traceFile) await browser.stopTracing();
    console.log(
      `admin's first sync in Chromium, all but class work (${ON_DEMAND_COLLECTIONS.join(', ')} come per subject): ${upFrontTotal} documents in ${seconds(initial.ms)} (${Math.round(
        (upFrontTotal * 1000) / initial.ms,
      )} documents/s)`,
    );
    await call(page, 'stop');
  } finally {
    await browser.close();
  }
}

/**
 * Local write → live query update on the teacher's synced page (docs/first-sync.md, "Local write to live
 * query"): prints the whole path's p50 and p95 against the goal of one frame, and its parts.
 */
async function liveQueryFigures(page: Page): Promise<{ p50Ms: number; p95Ms: number }> {
  const liveQuery = await call(page, 'liveQueryLatency', LIVE_RUNS);
  const figures = { p50Ms: percentile(liveQuery.times, 50), p95Ms: percentile(liveQuery.times, 95) };
  console.log(
    `local write → live query update (attendance sheet of ${liveQuery.sheetRows} rows, ${LIVE_RUNS} writes): p50 ${ms(
      figures.p50Ms,
    )}, p95 ${ms(figures.p95Ms)} (goal p95 ≤ 16 ms, one frame)`,
  );
  const part = (times: number[]) => `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`;
  console.log(
    `  of which: read the row ${part(liveQuery.parts.read)}; store its outbox entry ${part(liveQuery.parts.mark)}; store the row ${part(
      liveQuery.parts.row,
    )}; the query's emission after the write resolved ${part(liveQuery.parts.emitted)}`,
  );
  return figures;
}

type Teacher = z.infer<typeof teacherSchema>;

/**
 * Runs `work` against the real built server on the demo school of `BENCH_SYNC_SCALE` (10 unless set), with
 * its biggest teacher, and the bench page built into the served folder, and answers what it answers. `reuse`
 * (`BENCH_SYNC_DATA_DIR` unless given) is an already seeded PGlite folder, written to; without it a new one is
 * seeded and removed.
 */
async function onSeededSchool<T>(
  work: (server: BenchServer, teacher: Teacher) => Promise<T>,
  reuse = process.env.BENCH_SYNC_DATA_DIR,
): Promise<T> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const port = Number(process.env.BENCH_SYNC_PORT ?? 3091);
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-sync-'));
  let staticDir: string | null = null;
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${seconds(await seed(dataDir, scale))}`);
    const teacher = await biggestTeacher(dataDir);
    staticDir = await buildStaticDir();
    const server = await startServer(port, { STATIC_DIR: staticDir }, { dataDir });
    try {
      return await work(server, teacher);
    } finally {
      await server.stop();
    }
  } finally {
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the biggest teacher's first sync measured, beside the goals of issue 45. */
export interface FirstSyncFigures {
  documents: number;
  /** The teacher's whole scope pulled from Node: HTTP and JSON only, the server's part of a first sync. */
  nodePullMs: number;
  /** The first sync in Chromium: the app's worker replicating into RxDB on IndexedDB. */
  firstSyncMs: number;
  /** A raw IndexedDB bulk put of the same documents, the storage's floor. */
  rawPutMs: number;
}

/**
 * The biggest teacher's first sync: their scope pulled from Node, then in the bench page's Chromium beside a
 * raw IndexedDB put of the same documents, while an admin renames a university the device holds (a live
 * change must not wait for the rest of the first sync). Prints the figures and answers them.
 */
async function teacherFirstSync(
  server: BenchServer,
  teacher: Teacher,
  session: BenchSession,
  { browser, page }: Awaited<ReturnType<typeof openBenchPage>>,
): Promise<FirstSyncFigures> {
  const { expected, total, described, university, nodePullMs } = await scopeOf(server, session, Role.teacher);
  if (!university) throw new Error('the teacher sees no university');
  console.log(
    `biggest teacher: ${teacher.email}, ${teacher.classes} classes; scope ${total} documents (${described})`,
  );
  console.log(
    `the same pulls from Node (HTTP + JSON only, pages of ${SYNC_PULL_MAX_LIMIT}): ${seconds(nodePullMs)}`,
  );
  const traceFile = process.env.BENCH_SYNC_TEACHER_TRACE;
  if (traceFile) await startCpuTrace(browser, page, traceFile);
  const firstSync = call(page, 'initialSync', { userId: teacher.id, role: Role.teacher, expected });
  const live = await liveChangeDuringFirstSync(server, page, firstSync, university);
  const initial = await firstSync;
  if (traceFile) await browser.stopTracing();
  const raw = await call(page, 'rawBulkPut');
  console.log(
    `initial sync in Chromium (worker, RxDB on IndexedDB): ${total} documents in ${seconds(initial.ms)} (${Math.round(
      (total * 1000) / initial.ms,
    )} documents/s)`,
  );
  console.log(
    `raw IndexedDB bulk put of the same ${raw.documents} documents (one transaction, same indexes): ${seconds(raw.ms)}; sync / raw = ${(
      initial.ms / raw.ms
    ).toFixed(1)}×`,
  );
  console.log(
    `server change → shown on the device (an admin renames a university${live.whileSyncing ? ' during the first sync' : ' after the first sync ended'}): ${seconds(live.ms)}`,
  );
  return { documents: total, nodePullMs, firstSyncMs: initial.ms, rawPutMs: raw.ms };
}

/**
 * Sync figures of ARCHITECTURE §3 on the demo school (`onSeededSchool`), in Debian's Chromium: the biggest
 * teacher's first sync beside a raw IndexedDB put of the same documents, a server change reaching the device
 * during that first sync, local write to live query update, pushing 500 queued writes, and an admin's first
 * sync of the whole school. `BENCH_SYNC_TEACHER_TRACE` and `BENCH_SYNC_TRACE` write a Chromium CPU trace of
 * the teacher's and of the admin's first sync.
 */
export async function benchSync(): Promise<void> {
  await onSeededSchool(async (server, teacher) => {
    const session = await signIn(server, teacher.email, PASSWORD);
    const opened = await openBenchPage(server, session);
    const { page } = opened;
    try {
      await teacherFirstSync(server, teacher, session, opened);
      await liveQueryFigures(page);
      const marker = `bench queued ${Date.now()}`;
      const pushed = await call(page, 'pushQueued', QUEUED_WRITES, marker);
      const onServer = (await pullAll(server, session, 'attendance')).filter((doc) =>
        doc.comment?.startsWith(marker),
      ).length;
      console.log(
        `push of ${pushed.queued} queued writes (worker restart to empty outbox): ${seconds(pushed.ms)}; on the server: ${onServer}, sync issues: ${pushed.issues.length}${pushed.issues.length > 0 ? ` (${[...new Set(pushed.issues)].join(', ')})` : ''}`,
      );
      const restartMarker = `bench restarted ${Date.now()}`;
      const restarted = await call(page, 'pushRestarted', QUEUED_WRITES, restartMarker);
      const landed = (await pullAll(server, session, 'attendance')).filter((doc) =>
        doc.comment?.startsWith(`${restartMarker} b `),
      ).length;
      console.log(
        `push of ${QUEUED_WRITES} writes cut by a worker restart, then the same rows written again: ${seconds(restarted.ms)} from the last start; second writes on the server: ${landed}, sync issues: ${restarted.issues.length}${restarted.issues.length > 0 ? ` (${[...new Set(restarted.issues)].join(', ')})` : ''}`,
      );
      await call(page, 'stop');
    } finally {
      await opened.browser.close();
    }
    await adminFirstSync(server);
  });
}

/**
 * Issue 45's first and last rows on one device (`npm run bench -- speed`): the biggest teacher's first sync
 * (`teacherFirstSync`), then local write → live query update. `dataDir` is a seeded PGlite folder, written to.
 */
export async function firstSyncAndLiveQuery(
  dataDir: string,
): Promise<FirstSyncFigures & { liveQuery: { p50Ms: number; p95Ms: number } }> {
  return onSeededSchool(async (server, teacher) => {
    const session = await signIn(server, teacher.email, PASSWORD);
    const opened = await openBenchPage(server, session);
    try {
      const firstSync = await teacherFirstSync(server, teacher, session, opened);
      const liveQuery = await liveQueryFigures(opened.page);
      await call(opened.page, 'stop');
      return { ...firstSync, liveQuery };
    } finally {
      await opened.browser.close();
    }
  }, dataDir);
}

/**
 * Only the live query's figure (`npm run bench -- live-query`): the biggest teacher's first sync, then
 * `BENCH_LIVE_ROUNDS` (1 unless set) rounds of local writes timed until the sheet's live query shows them,
 * with the sync worker pushing them as it does in the app, then one round with the worker stopped.
 */
export async function benchLiveQuery(): Promise<void> {
  await onSeededSchool(async (server, teacher) => {
    const session = await signIn(server, teacher.email, PASSWORD);
    const { expected, total } = await scopeOf(server, session, Role.teacher);
    const { browser, page } = await openBenchPage(server, session);
    try {
      const initial = await call(page, 'initialSync', { userId: teacher.id, role: Role.teacher, expected });
      console.log(`biggest teacher's first sync: ${total} documents in ${seconds(initial.ms)}`);
      const rounds = Number(process.env.BENCH_LIVE_ROUNDS ?? 1);
      for (let round = 0; round < rounds; round++) await liveQueryFigures(page);
      // The same writes with nothing pushing beside them: what is left of the time is the window's own.
      await call(page, 'stopWorker');
      console.log('with the sync worker stopped:');
      await liveQueryFigures(page);
      await call(page, 'stop');
    } finally {
      await browser.close();
    }
  });
}
