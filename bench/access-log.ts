import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccessKind } from '../domain/access-log';
import { AttendanceStatus } from '../domain/attendance';
import { SESSION_COOKIE } from '../domain/auth';
import { type AccountRole, Role } from '../domain/roles';
import {
  SYNC_PULL_MAX_LIMIT,
  type SyncCheckpoint,
  type SyncCollection,
  syncCheckpointSchema,
} from '../domain/sync';
import type { AttendanceDoc } from '../domain/sync-docs';
import { appendEntries, entriesAfter } from '../server/access-log/recorder';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/rows';
import type { AppDeps } from '../server/deps';
import { achievementsCollection } from '../server/modules/achievement/collection';
import { attendanceCollection, readAttendances } from '../server/modules/attendance/collection';
import { notesCollection } from '../server/modules/notes/collection';
import { requestsCollection } from '../server/modules/requests/collection';
import { subjectsCollection } from '../server/modules/subjects/collection';
import { pushCollection } from '../server/sync/engine';
import { pollUntil, within } from './bounded';
import { percentile } from './server-process';
import { inParallel, markOf, pulledBy, type Seat, seatRow, sessionsForStaff } from './staff-devices';
import { seed } from './sync-figures';

// `npm run bench -- access-log` (issue 46): what the access log costs a scale-10 school. A school day is played
// in-process against the real app (PGlite on its own thread, the access log flushed every ACCESS_LOG_FLUSH_MS
// as the server does): each sitting's teacher opens the class's attendance sheet and marks it, every device
// that keeps those classes pulls the period's marks, each teacher opens one achievement
// sheet, admins open student screens and reports, observers open class sheets. It counts the rows the log
// gained and its size, extrapolates to a school year, then times pulls of one teacher's device with the log
// on and with it off (docs/access-log.md, "What it costs").

/** Student screens each admin opens in the day, and subjects whose attendance report each admin reads. */
const ADMIN_STUDENT_SCREENS = 10;
const ADMIN_REPORTS = 3;
/** Class sheets each observer opens. */
const OBSERVER_SHEETS = 3;
/** Rounds of the pull timings, log on and off alternating. */
const COST_ROUNDS = 3;
/** Bound of each call and of one device's catch-up. */
// Five minutes: on a machine loaded many times over its cores a first pull was seen to take more than one.
const CALL_BOUND_MS = 5 * 60_000;
const CATCH_UP_BOUND_MS = 10 * 60_000;
/** School days a year the figures are extrapolated to (a Japanese school year is about 200 days of lessons). */
const SCHOOL_DAYS_A_YEAR = 200;

/** The collections whose pulls are logged (their definitions have `recordOf`). */
const LOGGED_DEFS = [
  attendanceCollection,
  achievementsCollection,
  requestsCollection,
  notesCollection,
  subjectsCollection,
] as const;

const sittingRow = z.object({
  schedule_id: z.string(),
  class_id: z.string(),
  start_time: z.string(),
  teacher_id: z.string(),
});
const pageSchema = z.object({
  documents: z.array(z.object({ id: z.string() })),
  checkpoint: syncCheckpointSchema.nullable(),
});
const logState = z.object({
  entries: z.coerce.number(),
  named: z.coerce.number(),
  bytes: z.coerce.number(),
});

interface Device {
  userId: string;
  email: string;
  role: AccountRole;
  cookie: string;
  collections: SyncCollection[];
  checkpoints: Map<SyncCollection, SyncCheckpoint | null>;
}

/** One GET as the device makes it; fails naming the call on anything but 200. */
async function get(app: FastifyInstance, device: Device, url: string): Promise<string> {
  const response = await within(
    `${device.email}: GET ${url}`,
    CALL_BOUND_MS,
    app.inject({ method: 'GET', url, headers: { cookie: device.cookie } }),
  );
  if (response.statusCode !== 200) {
    throw new Error(
      `${device.email}: GET ${url} answered ${response.statusCode} ${response.body.slice(0, 200)}`,
    );
  }
  return response.body;
}

/** One pull page from `checkpoint`. */
async function pullPage(
  app: FastifyInstance,
  device: Device,
  collection: SyncCollection,
  checkpoint: SyncCheckpoint | null,
) {
  const query = new URLSearchParams({ limit: String(SYNC_PULL_MAX_LIMIT) });
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  return pageSchema.parse(JSON.parse(await get(app, device, `/api/sync/${collection}/pull?${query}`)));
}

/** Pulls `collection` from the device's checkpoint until a short page: answers the pages it took. */
async function catchUp(app: FastifyInstance, device: Device, collection: SyncCollection): Promise<number> {
  let pages = 0;
  await pollUntil(
    `${device.email}'s pull of ${collection} to end`,
    CATCH_UP_BOUND_MS,
    async () => {
      const page = await pullPage(app, device, collection, device.checkpoints.get(collection) ?? null);
      pages += 1;
      if (page.checkpoint) device.checkpoints.set(collection, page.checkpoint);
      return page.documents.length < SYNC_PULL_MAX_LIMIT ? true : undefined;
    },
    { everyMs: 0 },
  );
  return pages;
}

/** The log's entries, students named in them, and its size on disk with indexes and TOAST. */
async function logNow(deps: AppDeps) {
  await within('the access log to flush', CALL_BOUND_MS, deps.accessLog.flush());
  const [state] = await queryRows(
    deps.db,
    sql`select count(*) as entries, coalesce(sum(cardinality(student_ids)), 0) as named,
          pg_total_relation_size('access_log') as bytes from access_log`,
    logState,
  );
  if (!state) throw new Error('no access log state');
  return state;
}

/** Entries per kind since entry `afterId`. */
async function kindsSince(deps: AppDeps, afterId: number) {
  return queryRows(
    deps.db,
    sql`select kind, count(*) as entries, sum(cardinality(student_ids)) as named
        from access_log where id > ${afterId} group by kind order by count(*) desc`,
    z.object({ kind: z.string(), entries: z.coerce.number(), named: z.coerce.number() }),
  );
}

/** Turns the logging of pulls off (each logged collection without `recordOf`) or back on. */
function pullLogging(on: boolean, saved: Map<object, unknown>) {
  for (const def of LOGGED_DEFS) {
    const holder = def as { recordOf?: unknown };
    if (!saved.has(def)) saved.set(def, holder.recordOf);
    holder.recordOf = on ? saved.get(def) : undefined;
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const msOf = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`;

/** Marks of a sitting as its teacher enters them: everyone present but about one in twenty late or absent. */
function marksOf(seats: readonly Seat[], scheduleId: string): AttendanceDoc[] {
  return seats
    .filter((seat) => seat.schedule_id === scheduleId)
    .map((seat, index) =>
      markOf(seat, {
        status:
          index % 20 === 7
            ? AttendanceStatus.late
            : index % 20 === 13
              ? AttendanceStatus.unexplainedAbsence
              : AttendanceStatus.present,
        lateMinutes: index % 20 === 7 ? 10 : null,
        comment: null,
      }),
    );
}

/**
 * The access log over a scale-`BENCH_SYNC_SCALE` (10) school's day, and what logging costs a teacher's pulls.
 * `BENCH_ACCESS_LOG_DATA_DIR` reuses a folder seeded with `DATA_DIR=<folder> npm run seed -- --scale 10`
 * (copied first: the day writes marks).
 */
export async function benchAccessLog(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const reuse = process.env.BENCH_ACCESS_LOG_DATA_DIR;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-access-log-'));
  const saved = new Map<object, unknown>();
  try {
    if (reuse) cpSync(reuse, dataDir, { recursive: true });
    else console.log(`seed scale ${scale} on PGlite: ${((await seed(dataDir, scale)) / 1000).toFixed(0)} s`);
    let deps: AppDeps | undefined;
    const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp(
      {
        ...base,
        logger: false,
        jobPollMs: undefined,
        stickyRefreshMs: undefined,
        rankingRefreshMs: undefined,
        // Nothing is shed: the figures are of the log, not of the machine's load.
        loadShed: undefined,
        metrics: { ...(base.metrics ?? { allow: [] }), processMetrics: false },
        mailTransport: { async send() {} },
      },
      { onDeps: (built) => (deps = built) },
    );
    try {
      await within('the app to start', 10 * 60_000, (async () => void (await app.ready()))());
      if (!deps) throw new Error('no app deps');
      const d = deps;
      console.log(
        `ACCESS_LOG_FLUSH_MS ${base.accessLogFlushMs}; load when measured: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(', ')} (1, 5, 15 min), ${os.cpus().length} cores`,
      );

      // Every member of staff has a session (what a sign-in writes; the device holds its cookie).
      const staff = await sessionsForStaff(d.db);
      const devices: Device[] = staff.map((member) => ({
        userId: member.id,
        email: member.email,
        role: member.role,
        cookie: `${SESSION_COOKIE}=${member.token}`,
        collections: pulledBy(member.role),
        checkpoints: new Map(),
      }));
      const byUser = new Map(devices.map((device) => [device.userId, device]));

      // The day: the school day with the most sittings not yet marked, each sitting with its class's teacher.
      const sittings = await queryRows(
        d.db,
        sql`with day as (
              select s.day from schedules s
              where not s.deleted and not exists (select 1 from attendances a where a.schedule_id = s.id)
                and exists (select 1 from class_students cs where cs.class_id = s.class_id and not cs.deleted)
              group by s.day order by count(*) desc, s.day limit 1)
            select distinct on (s.id) s.id::text as schedule_id, s.class_id::text, s.start_time::text,
              ct.teacher_id::text
            from schedules s join day on day.day = s.day
            join class_teachers ct on ct.class_id = s.class_id and not ct.deleted
            where not s.deleted
              and exists (select 1 from class_students cs where cs.class_id = s.class_id and not cs.deleted)
            order by s.id, ct.teacher_id`,
        sittingRow,
      );
      const seats = await queryRows(
        d.db,
        sql`select s.id::text as schedule_id, cs.id::text as class_student_id, cs.student_id::text,
              cs.subject_id::text, cs.university_id::text
            from schedules s join class_students cs on cs.class_id = s.class_id and not cs.deleted
            where s.id in (${sql.join(
              sittings.map((sitting) => sql`${sitting.schedule_id}`),
              sql`, `,
            )})`,
        seatRow,
      );
      const [year] = await queryRows(
        d.db,
        sql`select count(distinct day) as days from schedules where not deleted`,
        z.object({ days: z.coerce.number() }),
      );
      const periods = [...new Set(sittings.map((sitting) => sitting.start_time))].sort();
      console.log(
        `the day: ${sittings.length} sittings in ${periods.length} periods, ${seats.length} marks; ` +
          `the seeded calendar has ${year?.days ?? 0} school days`,
      );

      // Yesterday every device was in step: its attendance checkpoint is the change sequence of now, under the
      // scope the server answers (a first page of one row tells it), as the morning bench sets them
      // (bench/morning.ts). Only attendance changes in the day, and only for the devices whose scope holds the
      // day's classes: their teachers' and the observers'. Every other pull of the day is an empty one, which
      // records nothing (server/access-log/pulls.ts), so it is not played.
      const teachersOfDay = await queryRows(
        d.db,
        sql`select distinct ct.teacher_id::text as id from class_teachers ct
            where not ct.deleted and ct.class_id in (${sql.join(
              [...new Set(sittings.map((sitting) => sitting.class_id))].map((id) => sql`${id}`),
              sql`, `,
            )})`,
        z.object({ id: z.string() }),
      );
      const pullers = [
        ...teachersOfDay
          .map((row) => byUser.get(row.id))
          .filter((device): device is Device => device !== undefined),
        ...devices.filter((device) => device.role === Role.observer),
      ].filter((device) => device.collections.includes('attendance'));
      const setupStarted = performance.now();
      const [night] = await queryRows(
        d.db,
        sql`select pg_current_xact_id()::text as seq`,
        z.object({ seq: z.coerce.number() }),
      );
      if (!night) throw new Error('no transaction id');
      await inParallel(pullers, 4, async (device) => {
        const { checkpoint } = pageSchema.parse(
          JSON.parse(await get(app, device, '/api/sync/attendance/pull?limit=1')),
        );
        device.checkpoints.set('attendance', {
          updatedAt: night.seq,
          id: '',
          ...(checkpoint?.scope ? { scope: checkpoint.scope } : {}),
        });
      });
      const dayStart = await logNow(d);
      const [last] = await queryRows(
        d.db,
        sql`select coalesce(max(id), 0) as id from access_log`,
        z.object({ id: z.coerce.number() }),
      );
      const firstId = last?.id ?? 0;
      console.log(
        `${devices.length} staff devices (${Object.entries(Role)
          .map(([name, role]) => [name, devices.filter((device) => device.role === role).length] as const)
          .filter(([, n]) => n > 0)
          .map(([name, n]) => `${n} ${name}`)
          .join(', ')}); ${pullers.length} of them keep the day's classes (their teachers, the observers), ` +
          `brought in step in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s ` +
          `(those first pages wrote ${dayStart.entries} entries: not counted below)`,
      );

      const dayStarted = performance.now();
      for (const period of periods) {
        const now = sittings.filter((sitting) => sitting.start_time === period);
        // Each sitting's teacher opens the class's attendance sheet and marks it.
        await inParallel(now, 4, async (sitting) => {
          const teacher = byUser.get(sitting.teacher_id);
          if (!teacher) return;
          await get(app, teacher, `/api/attendance/${sitting.class_id}`);
          const marks = marksOf(seats, sitting.schedule_id);
          const result = await within(
            `${teacher.email}'s marks of ${sitting.schedule_id}`,
            CALL_BOUND_MS,
            pushCollection(
              d,
              attendanceCollection,
              { id: teacher.userId, role: teacher.role },
              marks.map((doc) => ({ newDocumentState: doc, assumedMasterState: null })),
              false,
            ),
          );
          if (result.conflicts.length > 0) {
            throw new Error(`${teacher.email}'s marks met ${result.conflicts.length} conflicts`);
          }
        });
        // Every device that keeps these classes pulls the period's marks (the websocket's nudge).
        await inParallel(pullers, 4, async (device) => {
          await catchUp(app, device, 'attendance');
        });
      }
      // Afternoon: each teacher of the day opens one achievement sheet of a class they taught.
      const taughtBy = new Map(sittings.map((sitting) => [sitting.teacher_id, sitting.class_id]));
      await inParallel([...taughtBy], 4, async ([teacherId, classId]) => {
        const teacher = byUser.get(teacherId);
        if (teacher) await get(app, teacher, `/api/achievement/${classId}`);
      });
      // Admins open student screens and attendance reports; observers open class sheets.
      const someStudents = [...new Set(seats.map((seat) => seat.student_id))];
      const someSubjects = [...new Set(seats.map((seat) => seat.subject_id))];
      const someClasses = [...new Set(sittings.map((sitting) => sitting.class_id))];
      const admins = devices.filter((device) => device.role === Role.admin);
      const observers = devices.filter((device) => device.role === Role.observer);
      await inParallel(admins, 2, async (admin) => {
        const offset = admins.indexOf(admin) * ADMIN_STUDENT_SCREENS;
        for (const studentId of someStudents.slice(offset, offset + ADMIN_STUDENT_SCREENS)) {
          await get(app, admin, `/api/students/${studentId}`);
        }
        for (const subjectId of someSubjects.slice(0, ADMIN_REPORTS)) {
          await get(app, admin, `/api/attendance/report/students/${subjectId}`);
        }
      });
      // An observer reads only the subjects they observe: they open the first day's classes they may read.
      await inParallel(observers, 2, async (observer) => {
        let opened = 0;
        for (const classId of someClasses) {
          if (opened >= OBSERVER_SHEETS) break;
          const answer = await within(
            `${observer.email}: a class sheet`,
            CALL_BOUND_MS,
            app.inject({
              method: 'GET',
              url: `/api/attendance/${classId}`,
              headers: { cookie: observer.cookie },
            }),
          );
          if (answer.statusCode === 200) opened += 1;
          else if (answer.statusCode !== 403)
            throw new Error(`${observer.email}: class sheet ${answer.statusCode}`);
        }
      });
      const dayMs = performance.now() - dayStarted;
      const dayEnd = await logNow(d);
      const entries = dayEnd.entries - dayStart.entries;
      const bytes = dayEnd.bytes - dayStart.bytes;
      const schoolDays = SCHOOL_DAYS_A_YEAR;
      console.log(`\nThe day, played in ${(dayMs / 1000).toFixed(0)} s:`);
      console.log('| kind | entries | students named |');
      console.log('|---|---:|---:|');
      for (const row of await kindsSince(d, firstId))
        console.log(`| ${row.kind} | ${row.entries} | ${row.named} |`);
      console.log(
        `| **the day** | **${entries}** | **${dayEnd.named - dayStart.named}** |\n` +
          `size: access_log (table, indexes, TOAST) grew ${kib(bytes)} in the day, ` +
          `${entries > 0 ? (bytes / entries).toFixed(0) : '-'} bytes an entry; now ${mib(dayEnd.bytes)} with ${dayEnd.entries} entries\n` +
          `a school year of ${schoolDays} such days: ${(entries * schoolDays).toLocaleString('en')} entries, ` +
          `${mib(bytes * schoolDays)}`,
      );

      // What logging costs a pull: the biggest teacher of the day's device, its first sync of the logged
      // collections (every page full of records), and one catch-up page holding one class's new marks.
      const [biggest] = [...taughtBy.keys()]
        .map((id) => byUser.get(id))
        .filter((device): device is Device => device !== undefined);
      if (!biggest) throw new Error('no teacher in the day');
      const lastSitting = sittings.filter((sitting) => sitting.teacher_id === biggest.userId).at(-1);
      if (!lastSitting) throw new Error('no sitting of that teacher');
      const logged = LOGGED_DEFS.map((def) => def.name).filter((name) => biggest.collections.includes(name));
      // The device is in step; the teacher corrects one class's marks, and a pull from the checkpoint before
      // that answers exactly those marks, as a catch-up after a period does.
      const catchUpFrom = biggest.checkpoints.get('attendance') ?? null;
      const before = await readAttendances(
        d.db,
        marksOf(seats, lastSitting.schedule_id).map((doc) => doc.id),
      );
      const corrected = await pushCollection(
        d,
        attendanceCollection,
        { id: biggest.userId, role: biggest.role },
        before.map((doc) => ({
          newDocumentState: { ...doc, comment: 'corrected' },
          assumedMasterState: doc,
        })),
        false,
      );
      if (corrected.conflicts.length > 0) throw new Error('the corrected marks met conflicts');

      const first: Record<'on' | 'off', number[]> = { on: [], off: [] };
      const page: Record<'on' | 'off', number[]> = { on: [], off: [] };
      const flushes: number[] = [];
      let firstPages = 0;
      let firstDocs = 0;
      let firstEntries = 0;
      let pageDocs = 0;
      for (let round = 0; round < COST_ROUNDS * 2; round++) {
        const mode = round % 2 === 0 ? 'on' : 'off';
        pullLogging(mode === 'on', saved);
        await logNow(d);
        const entriesBefore = (await logNow(d)).entries;
        let pages = 0;
        let docs = 0;
        let started = performance.now();
        for (const collection of logged) {
          let checkpoint: SyncCheckpoint | null = null;
          for (;;) {
            const answer = await pullPage(app, biggest, collection, checkpoint);
            pages += 1;
            docs += answer.documents.length;
            checkpoint = answer.checkpoint;
            if (answer.documents.length < SYNC_PULL_MAX_LIMIT) break;
          }
        }
        first[mode].push(performance.now() - started);
        if (mode === 'on') firstEntries = (await logNow(d)).entries - entriesBefore;
        firstPages = pages;
        firstDocs = docs;
        for (let again = 0; again < 5; again++) {
          started = performance.now();
          const answer = await pullPage(app, biggest, 'attendance', catchUpFrom);
          page[mode].push(performance.now() - started);
          pageDocs = answer.documents.length;
        }
      }
      pullLogging(true, saved);
      // The flush path: the first sync's entries written again as one flush writes them, one chained
      // transaction under the chain lock, off the pull's answer.
      const batch = (await entriesAfter(d.db, (await logNow(d)).entries - firstEntries, firstEntries)).map(
        (entry) => ({
          at: entry.at,
          actor:
            entry.actorId === null
              ? null
              : { id: entry.actorId, role: (entry.actorRole ?? 0) as AccountRole },
          sessionId: entry.sessionId,
          kind: entry.kind as AccessKind,
          what: entry.what as Record<string, string>,
          studentIds: entry.studentIds,
        }),
      );
      for (let round = 0; round < COST_ROUNDS; round++) {
        const started = performance.now();
        await within("a flush of the first sync's entries", CALL_BOUND_MS, appendEntries(d.db, batch));
        flushes.push(performance.now() - started);
      }
      console.log(
        `\nWhat it costs a pull (${biggest.email}, ${COST_ROUNDS} rounds with the log on and off in turn, ` +
          `in-process, load ${os.loadavg()[0]?.toFixed(2)}):`,
      );
      console.log('| pull | log on, median (p90) | log off, median (p90) | entries written |');
      console.log('|---|---:|---:|---:|');
      console.log(
        `| first sync of ${logged.join(', ')}: ${firstPages} pages, ${firstDocs} documents | ` +
          `${msOf(first.on, 50)} (${msOf(first.on, 90)}) | ${msOf(first.off, 50)} (${msOf(first.off, 90)}) | ${firstEntries} |`,
      );
      console.log(
        `| a catch-up page of one class's new marks (${pageDocs} documents) | ${msOf(page.on, 50)} (${msOf(page.on, 90)}) | ` +
          `${msOf(page.off, 50)} (${msOf(page.off, 90)}) | 1 |`,
      );
      console.log(
        `flush path (off the pull's answer): writing the first sync's ${firstEntries} entries in one chained transaction ` +
          `${msOf(flushes, 50)} median (${msOf(flushes, 90)} p90)`,
      );
    } finally {
      pullLogging(true, saved);
      // A close that hangs is said, without hiding the error that ended the day (if one did).
      await within('the app to close', 5 * 60_000, (async () => void (await app.close()))()).catch(
        (error: unknown) => console.error(String(error)),
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
