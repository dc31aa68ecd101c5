import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Client, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AttendanceStatus } from '../domain/attendance';
import { Role } from '../domain/roles';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { type BenchSession, percentile, sessionHeaders, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';
const STATUSES = Object.values(AttendanceStatus);

const sittingSchema = z.object({
  email: z.string(),
  class_id: z.string(),
  schedule_id: z.string(),
  class_student_ids: z.array(z.string()),
});

/** One connection's work: a teacher marking the students of their own class at one sitting of it. */
export type Sitting = z.infer<typeof sittingSchema>;

/**
 * Every sitting of a class with students, paired with one of the class's teachers who can sign in (teachers
 * of one class take its sittings in turn). Each connection gets a sitting of its own, so no two connections
 * write the same mark and no save meets another's change (which the call would answer 409).
 */
export async function sittingsOf(config: Parameters<typeof openDatabase>[0]): Promise<Sitting[]> {
  const database = await openDatabase(config);
  try {
    return await queryRows(
      database.db,
      sql`with teachers as (
            select ct.class_id, u.email,
              row_number() over (partition by ct.class_id order by u.email) - 1 as turn,
              count(*) over (partition by ct.class_id) as teachers
            from class_teachers ct join users u on u.id = ct.teacher_id
            where not ct.deleted and not u.deleted and u.role = ${Role.teacher} and not u.must_change_password
              and (u.retire_at is null or u.retire_at > current_date)),
          sittings as (
            select s.id, s.class_id, row_number() over (partition by s.class_id order by s.day, s.id) - 1 as n
            from schedules s where not s.deleted)
          select t.email, s.class_id::text, s.id::text as schedule_id,
            array(select cs.id::text from class_students cs where cs.class_id = s.class_id and not cs.deleted
              order by cs.id) as class_student_ids
          from sittings s join teachers t on t.class_id = s.class_id and t.turn = s.n % t.teachers
          where exists (select 1 from class_students cs where cs.class_id = s.class_id and not cs.deleted)
          order by s.n, s.class_id`,
      sittingSchema,
    );
  } finally {
    await database.close();
  }
}

/** What one autocannon run measured. */
interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  /** What the errors were: answers by status code, and timeouts. */
  errorKinds: string;
}

function measured(result: Result): Measured {
  return {
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Refused connections, timeouts and every answer that is not a 2xx.
    errors: result.errors + result.non2xx,
    total: result.requests.total,
    errorKinds: [
      ...Object.entries(result.statusCodeStats)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${count}× ${status}`),
      ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
    ].join(', '),
  };
}

/** The body of `POST /api/attendance/{scheduleId}` setting one student's mark at `sitting`. */
export function attendanceSave(
  sitting: Sitting,
  classStudentId: string | undefined,
  mark: { status: AttendanceStatus | null; comment: string | null },
): string {
  return JSON.stringify({
    data: {
      subjectClass: sitting.class_id,
      attendances: [
        {
          class_student_id: classStudentId,
          schedule_id: sitting.schedule_id,
          status: mark.status,
          absence_reasons: null,
          comment: mark.comment,
        },
      ],
    },
  });
}

/**
 * The body of slot `index`'s next save at `sitting`: the next student of the class, and on each round through
 * the class the next status, so every save changes the stored mark.
 */
function nextSave(sitting: Sitting, index: number, saved: number[]): string {
  const students = sitting.class_student_ids;
  const count = saved[index] ?? 0;
  saved[index] = count + 1;
  const round = Math.floor(count / students.length);
  return attendanceSave(sitting, students[count % students.length], {
    status: STATUSES[round % STATUSES.length] ?? null,
    comment: null,
  });
}

/**
 * `POST /api/attendance/{scheduleId}` by `connections` teachers at once, each on its own sitting, one mark a
 * save (a tap on the sheet): the connection walks its class's students and, on each round, the next status,
 * so every save changes the stored mark (history row, sequence, audience, card refresh). `saved` keeps each
 * connection's position across runs, so a later run never repeats the value stored last.
 */
async function saveRun(
  baseUrl: string,
  sittings: readonly Sitting[],
  sessions: ReadonlyMap<string, BenchSession>,
  connections: number,
  duration: number,
  saved: number[],
): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    setupClient(client: Client) {
      const index = next++;
      const sitting = sittings[index % sittings.length];
      const session = sitting && sessions.get(sitting.email);
      if (!sitting || !session) throw new Error(`no sitting for connection ${index}`);
      client.setRequests([
        {
          method: 'POST',
          path: `/api/attendance/${sitting.schedule_id}`,
          headers: sessionHeaders(session),
          setupRequest(request) {
            return { ...request, body: nextSave(sitting, index, saved) };
          },
        },
      ]);
    },
  });
  return measured(result);
}

/**
 * Saves arriving at `rate` a second, evenly spaced, from `slots` teachers in turn (each slot its own sitting,
 * as in `saveRun`), whatever the answers' pace: an open load, as a school's teachers tap. Each latency runs
 * from the instant the save was due, so a generator falling behind counts against the server, not for it.
 * (autocannon's `overallRate` sends each connection's share in a burst at the top of every second.)
 */
async function pacedRun(
  baseUrl: string,
  sittings: readonly Sitting[],
  sessions: ReadonlyMap<string, BenchSession>,
  slots: number,
  rate: number,
  duration: number,
  saved: number[],
): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: slots });
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const total = Math.round(rate * duration);
  const started = performance.now();
  const answers: Promise<void>[] = [];
  const send = (n: number) => {
    const index = n % slots;
    const sitting = sittings[index % sittings.length];
    const session = sitting && sessions.get(sitting.email);
    if (!sitting || !session) throw new Error(`no sitting for slot ${index}`);
    const due = started + (n * 1000) / rate;
    const body = nextSave(sitting, index, saved);
    answers.push(
      new Promise<void>((resolve) => {
        const fail = (kind: string) => {
          failures.set(kind, (failures.get(kind) ?? 0) + 1);
          resolve();
        };
        const request = http.request(
          `${baseUrl}/api/attendance/${sitting.schedule_id}`,
          {
            method: 'POST',
            agent,
            timeout: 10_000,
            headers: sessionHeaders(session),
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              latencies.push(performance.now() - due);
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) resolve();
              else fail(String(status));
            });
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', (error) => fail(error.message === 'timeout' ? 'timeouts' : 'refused'));
        request.end(body);
      }),
    );
  };
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    while (sent < due) send(sent++);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answers);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
  return {
    perSecond: (total - errors) / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    total,
    errorKinds: [...failures].map(([kind, count]) => `${count}× ${kind}`).join(', '),
  };
}

/**
 * Waits until the saves still queued in the server when a run stopped are done: autocannon stops sending,
 * but up to `connections` requests were in flight. One more save, sent after them, answers after them.
 */
async function drained(baseUrl: string, sitting: Sitting, session: BenchSession): Promise<void> {
  const response = await fetch(`${baseUrl}/api/attendance/${sitting.schedule_id}`, {
    method: 'POST',
    headers: sessionHeaders(session),
    body: attendanceSave(sitting, sitting.class_student_ids[0], { status: null, comment: 'drained' }),
  });
  if (!response.ok) throw new Error(`the draining save answered ${response.status}`);
}

/** `GET /admin/` (the built app's index.html) by the same number of connections. */
async function staticRun(baseUrl: string, connections: number, duration: number): Promise<Measured> {
  return measured(await autocannon({ url: `${baseUrl}/admin/`, connections, duration }));
}

const errorsOf = (run: Measured) =>
  `${run.errors} of ${run.total}${run.errorKinds ? ` (${run.errorKinds})` : ''}`;

const numbers = (value: string | undefined, fallback: number[]) =>
  value
    ? value
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : fallback;

/**
 * `npm run bench -- load`: the real server under many teachers saving attendance at once, beside a static
 * route on the same server. PGlite by default (a fresh folder, scale-1 demo school); with
 * `BENCH_LOAD_DATABASE_URL` a PostgreSQL database (seeded when it has no users, reused otherwise).
 * `BENCH_LOAD_CONNECTIONS` (1,50,200) and `BENCH_LOAD_SECONDS` (10) set the runs.
 *
 * Each connection sends its next save as soon as the last one answers, so these runs find the most saves a
 * second the server takes, and their latency is the queue that many connections make (mean = connections ÷
 * rate). A school's teachers tap at their own pace instead: the paced run spreads `BENCH_LOAD_RATE` saves a
 * second (400 on PGlite, 800 on PostgreSQL: the goals of issue #23) over as many connections as the largest
 * run, and prints the latency at that rate.
 */
export async function benchLoad(): Promise<void> {
  const databaseUrl = process.env.BENCH_LOAD_DATABASE_URL;
  const connectionCounts = numbers(process.env.BENCH_LOAD_CONNECTIONS, [1, 50, 200]);
  const duration = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-load-'));
  try {
    const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    await seed(dataDir, 1, env);
    const sittings = await sittingsOf(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    const most = Math.max(...connectionCounts);
    // One sitting more than connections: the save that waits for the queued ones writes there.
    const spare = sittings[most];
    if (!spare) throw new Error(`only ${sittings.length} sittings for ${most} connections`);
    const server = await startServer(Number(process.env.BENCH_PORT ?? 3091), env, { dataDir });
    try {
      const sessions = new Map<string, BenchSession>();
      for (const { email } of sittings.slice(0, most + 1)) {
        if (!sessions.has(email)) sessions.set(email, await signIn(server, email, PASSWORD));
      }
      const spareSession = sessions.get(spare.email);
      if (!spareSession) throw new Error(`${spare.email} is not signed in`);
      console.log(
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, scale-1 demo school: ${sessions.size} teachers signed in, ` +
          `each connection on a sitting of its own, one mark a save, ${duration} s a run`,
      );
      const saved: number[] = [];
      // A short warm-up, so the first run does not measure JIT and caches.
      await saveRun(server.baseUrl, sittings, sessions, Math.min(10, most), 2, saved);
      await drained(server.baseUrl, spare, spareSession);
      console.log(
        '| connections | saves/s | p50 | p99 | errors | static/s | p50 | p99 | errors | static ÷ saves |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      for (const connections of connectionCounts) {
        const save = await saveRun(server.baseUrl, sittings, sessions, connections, duration, saved);
        await drained(server.baseUrl, spare, spareSession);
        const page = await staticRun(server.baseUrl, connections, duration);
        console.log(
          `| ${connections} | ${save.perSecond.toFixed(0)} | ${save.p50} ms | ${save.p99} ms | ${errorsOf(save)} ` +
            `| ${page.perSecond.toFixed(0)} | ${page.p50} ms | ${page.p99} ms | ${errorsOf(page)} ` +
            `| ${(page.perSecond / save.perSecond).toFixed(1)} |`,
        );
      }
      const rate = Number(process.env.BENCH_LOAD_RATE ?? (databaseUrl ? 800 : 400));
      const paced = await pacedRun(server.baseUrl, sittings, sessions, most, rate, duration, saved);
      await drained(server.baseUrl, spare, spareSession);
      console.log(
        `\nPaced: ${most} teachers in turn, ${rate} saves a second evenly spaced: ` +
          `${paced.perSecond.toFixed(0)} saves/s answered, p50 ${paced.p50} ms, p99 ${paced.p99} ms, ` +
          `errors ${errorsOf(paced)}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
