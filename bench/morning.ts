import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AttendanceStatus } from '../domain/attendance';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../domain/auth';
import { type AccountRole, Role } from '../domain/roles';
import {
  SYNC_PULL_MAX_LIMIT,
  type SyncCheckpoint,
  type SyncCollection,
  syncCheckpointSchema,
} from '../domain/sync';
import type { AttendanceDoc } from '../domain/sync-docs';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { pollUntil, within } from './bounded';
import { type BenchServer, percentile, startServer } from './server-process';
import { inParallel, markOf, pulledBy, seatRow, sessionsForStaff } from './staff-devices';
import { seed } from './sync-figures';

// `npm run bench -- morning` (issue 45): a school's morning. Every member of staff opens their device within
// one minute; each device pulls what changed overnight from the checkpoints it kept yesterday, and each
// teacher pushes one class's marks. Node clients speak the sync protocol the app's worker speaks (the same
// calls, checkpoints, page size and push batches), each with a session of its own carried by real cookies.

/** The window in which every device starts (the goal: all in step within it). */
const MORNING_MS = 60_000;

/** The share of teachers who marked a class last night, after the devices' last pull. */
const EVENING_SHARE = 5;

const sittingSchema = z.object({ teacher_id: z.string(), schedule_id: z.string() });
const sequenceSchema = z.object({ seq: z.coerce.number() });

/** A class's sitting without a mark yet, and the marks a teacher enters there. */
interface Sitting {
  scheduleId: string;
  marks: AttendanceDoc[];
}

interface Device {
  email: string;
  role: AccountRole;
  cookie: string;
  csrfToken: string;
  /** The collections the device pulls whole (an admin's class work comes subject by subject, on demand). */
  collections: SyncCollection[];
  checkpoints: Map<SyncCollection, SyncCheckpoint | null>;
  /** Marked last night (the overnight change) and this morning; teachers only. */
  evening?: Sitting;
  morning?: Sitting;
}

/**
 * Yesterday's state, read and written before the server starts: every member of staff gets a session (the
 * row a sign-in writes; the device holds its cookie), each teacher two unmarked sittings of classes they
 * teach, and the change sequence as of the devices' last pull.
 */
async function prepare(config: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(config);
  try {
    const staff = await sessionsForStaff(database.db);
    // Up to ten candidate sittings per teacher, the earliest first; each sitting goes to one teacher only.
    const candidates = await queryRows(
      database.db,
      sql`select teacher_id, schedule_id from (
            select ct.teacher_id::text, s.id::text as schedule_id,
              row_number() over (partition by ct.teacher_id order by s.day, s.id) as n
            from class_teachers ct join schedules s on s.class_id = ct.class_id and not s.deleted
            where not ct.deleted
              and not exists (select 1 from attendances a where a.schedule_id = s.id)
              and exists (select 1 from class_students cs where cs.class_id = s.class_id and not cs.deleted)
          ) as c where n <= 10 order by teacher_id, n`,
      sittingSchema,
    );
    const taken = new Set<string>();
    const chosen = new Map<string, string[]>();
    for (const { teacher_id, schedule_id } of candidates) {
      const mine = chosen.get(teacher_id) ?? [];
      if (mine.length >= 2 || taken.has(schedule_id)) continue;
      taken.add(schedule_id);
      chosen.set(teacher_id, [...mine, schedule_id]);
    }
    const seats = taken.size
      ? await queryRows(
          database.db,
          sql`select s.id::text as schedule_id, cs.id::text as class_student_id, cs.student_id::text,
                cs.subject_id::text, cs.university_id::text
              from schedules s join class_students cs on cs.class_id = s.class_id and not cs.deleted
              where s.id in (${sql.join(
                [...taken].map((id) => sql`${id}`),
                sql`, `,
              )})`,
          seatRow,
        )
      : [];
    const sittingOf = (scheduleId: string | undefined, mark: string): Sitting | undefined =>
      scheduleId === undefined
        ? undefined
        : {
            scheduleId,
            marks: seats
              .filter((seat) => seat.schedule_id === scheduleId)
              .map((seat) =>
                markOf(seat, { status: AttendanceStatus.present, lateMinutes: null, comment: mark }),
              ),
          };
    const [night] = await queryRows(
      database.db,
      sql`select pg_current_xact_id()::text as seq`,
      sequenceSchema,
    );
    if (!night) throw new Error('no transaction id');
    return {
      nightSeq: night.seq,
      staff: staff.map((member) => {
        const [evening, morning] = chosen.get(member.id) ?? [];
        return {
          ...member,
          evening: sittingOf(evening, `bench evening ${member.email}`),
          morning: sittingOf(morning, `bench morning ${member.email}`),
        };
      }),
    };
  } finally {
    await database.close();
  }
}

/** User plus system CPU seconds of a process so far, all its threads (Linux `/proc/<pid>/stat`). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat(5), utime and stime in clock ticks (100 a second on Linux), are 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const pageSchema = z.object({
  documents: z.array(z.object({ id: z.string() })),
  checkpoint: syncCheckpointSchema.nullable(),
});
const pushAnswerSchema = z.object({
  conflicts: z.array(z.object({ reason: z.string() })),
  written: z.array(z.unknown()),
});

/** What the morning measured: each call's time, and what went wrong. */
class Tally {
  pulls: number[] = [];
  /** The same pull times by collection, to tell which scope a slow morning waits on. */
  pullsOf = new Map<SyncCollection, number[]>();
  pushes: number[] = [];
  pulledDocs = 0;
  pushedRows = 0;
  /** Answers of 503 (load shed), each tried again after its `Retry-After`. */
  busy = 0;
  errors = new Map<string, number>();

  error(kind: string) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
}

/**
 * `fetch` as the app's worker makes a call: an answer of 503 (the server shedding load) is tried again after
 * the `Retry-After` it names, as `src/sync/http.ts` does, up to ten times; each such answer is counted.
 */
async function callAsWorker(url: string, init: RequestInit, tally: Tally): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    if (response.status !== 503 || attempt === 10) return response;
    await response.arrayBuffer();
    tally.busy++;
    const seconds = Number(response.headers.get('retry-after') ?? 5);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** One pull call as the worker makes it; answers the page, or null after counting the failure. */
async function pullPage(server: BenchServer, device: Device, collection: SyncCollection, tally: Tally) {
  const query = new URLSearchParams({ limit: String(SYNC_PULL_MAX_LIMIT) });
  const checkpoint = device.checkpoints.get(collection);
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  const started = performance.now();
  try {
    const response = await callAsWorker(
      `${server.baseUrl}/api/sync/${collection}/pull?${query}`,
      { headers: { cookie: device.cookie } },
      tally,
    );
    const body = await response.text();
    const took = performance.now() - started;
    tally.pulls.push(took);
    tally.pullsOf.set(collection, [...(tally.pullsOf.get(collection) ?? []), took]);
    if (!response.ok) {
      tally.error(`pull ${response.status}`);
      return null;
    }
    return pageSchema.parse(JSON.parse(body));
  } catch (error) {
    tally.error(`pull ${(error as Error).name}`);
    return null;
  }
}

/** Pulls `collection` from the device's checkpoint until a page comes back short: the device is in step. */
async function catchUp(server: BenchServer, device: Device, collection: SyncCollection, tally: Tally) {
  await pollUntil(
    `${device.email}'s pull of ${collection} to end`,
    5 * 60_000,
    async () => {
      const page = await pullPage(server, device, collection, tally);
      if (!page) return false;
      tally.pulledDocs += page.documents.length;
      if (page.checkpoint) device.checkpoints.set(collection, page.checkpoint);
      return page.documents.length < SYNC_PULL_MAX_LIMIT ? true : undefined;
    },
    { everyMs: 0 },
  );
}

/** Pushes a sitting's marks in the worker's batches of 100; answers whether every row was taken. */
async function pushMarks(server: BenchServer, device: Device, sitting: Sitting, tally: Tally) {
  for (let from = 0; from < sitting.marks.length; from += 100) {
    const rows = sitting.marks
      .slice(from, from + 100)
      .map((doc) => ({ newDocumentState: doc, assumedMasterState: null }));
    const started = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}/api/sync/attendance/push`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: device.cookie,
          [CSRF_HEADER]: device.csrfToken,
        },
        body: JSON.stringify({ rows }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      tally.pushes.push(performance.now() - started);
      if (!response.ok) {
        tally.error(`push ${response.status}`);
        continue;
      }
      const answer = pushAnswerSchema.parse(JSON.parse(body));
      tally.pushedRows += answer.written.length;
      for (const conflict of answer.conflicts) tally.error(`push conflict ${conflict.reason}`);
    } catch (error) {
      tally.error(`push ${(error as Error).name}`);
    }
  }
}

/** The device's first call: the CSRF token minted for its session (the app's `/api/csrf`). */
async function csrfFor(server: BenchServer, token: string): Promise<{ cookie: string; csrfToken: string }> {
  const sessionCookie = `${SESSION_COOKIE}=${token}`;
  const response = await callAsWorker(
    `${server.baseUrl}/api/csrf`,
    { headers: { cookie: sessionCookie } },
    new Tally(),
  );
  if (!response.ok) throw new Error(`csrf answered ${response.status}`);
  const { token: csrfToken } = z.object({ token: z.string() }).parse(await response.json());
  return { cookie: `${sessionCookie}; ${CSRF_COOKIE}=${csrfToken}`, csrfToken };
}

/**
 * Yesterday's checkpoints of a device: the change sequence of the devices' last pull, under the scope version
 * the server answers today (a first page of one row tells it; the scope has not changed overnight).
 */
async function yesterdaysCheckpoints(server: BenchServer, device: Device, nightSeq: number) {
  for (const collection of device.collections) {
    const response = await callAsWorker(
      `${server.baseUrl}/api/sync/${collection}/pull?limit=1`,
      { headers: { cookie: device.cookie } },
      new Tally(),
    );
    if (!response.ok) throw new Error(`${device.email}'s pull of ${collection} answered ${response.status}`);
    const { checkpoint } = pageSchema.parse(await response.json());
    device.checkpoints.set(collection, {
      updatedAt: nightSeq,
      id: '',
      ...(checkpoint?.scope ? { scope: checkpoint.scope } : {}),
    });
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const msOf = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;

/** What `morning` measured, beside the goals of issue 45. */
export interface MorningFigures {
  database: 'PGlite' | 'PostgreSQL';
  devices: number;
  /** From the first device opening until every device holds the morning's marks. */
  inStepMs: number;
  pullP50Ms: number;
  pullP99Ms: number;
  pushP50Ms: number;
  pushP99Ms: number;
  /** The server's CPU seconds (both threads) over the morning, and the cores that makes on average. */
  cpuSeconds: number;
  errors: string;
}

/**
 * The morning of a scale-`BENCH_SYNC_SCALE` school (10 unless set) on PGlite, or on the PostgreSQL database of
 * `databaseUrl` (seeded when it has no users). `dataDir` reuses a seeded PGlite folder (it is written to);
 * without it a new one is seeded and removed. Prints the time until every device is in step, the pull and
 * push latencies (by collection too), the server's CPU and the errors, beside the goals of issue 45, and
 * answers them.
 */
export async function morning(
  options: { dataDir?: string | undefined; databaseUrl?: string | undefined } = {},
): Promise<MorningFigures> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const port = Number(process.env.BENCH_MORNING_PORT ?? 3095);
  const { databaseUrl, dataDir: reuse } = options;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-morning-'));
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    if (!reuse) console.log(`seed scale ${scale}: ${seconds(await seed(dataDir, scale, env))}`);
    const { staff, nightSeq } = await prepare(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    const server = await startServer(port, env, { dataDir });
    try {
      const devices: Device[] = [];
      await inParallel(staff, 8, async (member) => {
        const { cookie, csrfToken } = await csrfFor(server, member.token);
        const device: Device = {
          email: member.email,
          role: member.role,
          cookie,
          csrfToken,
          collections: pulledBy(member.role),
          checkpoints: new Map(),
          ...(member.evening ? { evening: member.evening } : {}),
          ...(member.morning ? { morning: member.morning } : {}),
        };
        await yesterdaysCheckpoints(server, device, nightSeq);
        devices.push(device);
      });
      const teachers = devices.filter((device) => device.morning);
      const roles = Object.entries(Role)
        .map(([name, role]) => [name, devices.filter((device) => device.role === role).length] as const)
        .filter(([, count]) => count > 0)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ');
      // Last night: every fifth teacher marked a class after the devices' last pull.
      const overnight = new Tally();
      const evening = teachers.filter((_, index) => index % EVENING_SHARE === 0);
      await inParallel(evening, 4, async (device) => {
        if (device.evening) await pushMarks(server, device, device.evening, overnight);
      });
      if (overnight.errors.size > 0) throw new Error(`last night's marks failed: ${[...overnight.errors]}`);
      console.log(
        `${database}, scale ${scale}: ${devices.length} staff devices (${roles}); ` +
          `overnight ${overnight.pushedRows} marks of ${evening.length} classes; ${teachers.length} teachers each push a class's marks`,
      );

      const tally = new Tally();
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      let pushesLeft = teachers.length;
      let lastPush = started;
      const spans: number[] = [];
      const deviceWork = devices.map(async (device, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index * MORNING_MS) / devices.length));
        const opens = performance.now();
        for (const collection of device.collections) await catchUp(server, device, collection, tally);
        if (device.morning) {
          await pushMarks(server, device, device.morning, tally);
          pushesLeft--;
          lastPush = performance.now();
        }
        spans.push(performance.now() - opens);
      });
      await within('every device to open, pull and push', 10 * 60_000, Promise.all(deviceWork));
      const opened = performance.now() - started;
      if (pushesLeft !== 0) throw new Error(`${pushesLeft} pushes never ended`);
      // In step: after the last push, every device's pull of the marks (the one collection the morning
      // changed) comes back with nothing more to fetch. A device learns of a change over its socket and pulls
      // then; here every device that pulls marks does so once the last push is in.
      const marksPullers = devices.filter((device) => device.collections.includes('attendance'));
      await within(
        'every device to pull the morning marks',
        10 * 60_000,
        Promise.all(marksPullers.map((device) => catchUp(server, device, 'attendance', tally))),
      );
      const inStep = performance.now() - started;
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const errors = [...tally.errors].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none';
      console.log(
        `all in step after ${seconds(inStep)} (goal ≤ 60 s; the last device opened at ${seconds(
          ((devices.length - 1) * MORNING_MS) / devices.length,
        )}, the last push ended at ${seconds(lastPush - started)}, every device's own work at ${seconds(opened)})`,
      );
      console.log(
        `one device, from opening to its delta pulled and its marks pushed: p50 ${seconds(percentile(spans, 50))}, max ${seconds(
          Math.max(...spans),
        )}`,
      );
      console.log(
        `pull: ${tally.pulls.length} calls, ${tally.pulledDocs} documents, p50 ${msOf(tally.pulls, 50)}, p99 ${msOf(
          tally.pulls,
          99,
        )} (goal p99 ≤ 500 ms)`,
      );
      console.log(
        `  by collection, slowest p50 first: ${[...tally.pullsOf]
          .sort(([, a], [, b]) => percentile(b, 50) - percentile(a, 50))
          .map(([name, times]) => `${name} ${msOf(times, 50)} / ${msOf(times, 99)}`)
          .join(', ')} (p50 / p99)`,
      );
      console.log(
        `push: ${tally.pushes.length} calls, ${tally.pushedRows} marks, p50 ${msOf(tally.pushes, 50)}, p99 ${msOf(
          tally.pushes,
          99,
        )} (goal p99 ≤ 500 ms)`,
      );
      console.log(
        `server CPU: ${cpu.toFixed(1)} s over ${seconds(inStep)} (${((cpu * 1000) / inStep).toFixed(2)} cores of ${
          os.cpus().length
        }); answers of 503 tried again after Retry-After: ${tally.busy}; errors: ${errors}`,
      );
      return {
        database,
        devices: devices.length,
        inStepMs: inStep,
        pullP50Ms: percentile(tally.pulls, 50),
        pullP99Ms: percentile(tally.pulls, 99),
        pushP50Ms: percentile(tally.pushes, 50),
        pushP99Ms: percentile(tally.pushes, 99),
        cpuSeconds: cpu,
        errors,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- morning`: the morning on PGlite, or on `BENCH_LOAD_DATABASE_URL`'s PostgreSQL when set;
 * `BENCH_MORNING_DATA_DIR` reuses a seeded PGlite folder (it is written to).
 */
export async function benchMorning(): Promise<void> {
  await morning({
    dataDir: process.env.BENCH_MORNING_DATA_DIR,
    databaseUrl: process.env.BENCH_LOAD_DATABASE_URL,
  });
}
