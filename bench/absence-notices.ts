import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AttendanceStatus } from '../domain/attendance';
import { Role } from '../domain/roles';
import type { AttendanceDoc } from '../domain/sync-docs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/rows';
import type { AppDeps } from '../server/deps';
import { ABSENCE_NOTICE_JOB, scheduleAbsenceNotices } from '../server/modules/absence-notices/schedule';
import { attendanceCollection, readAttendances } from '../server/modules/attendance/collection';
import { pushCollection } from '../server/sync/engine';
import { ms, percentile } from './server-process';
import { seed } from './sync-figures';

const SAMPLE = 50;
// Bounds of the waits below: a pass over a whole school's morning is seconds; minutes mean something is stuck.
const RUN_BOUND_MS = 10 * 60_000;

/** `work`, or an error naming `what` after `bound` ms. */
async function bounded<T>(what: string, bound: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${bound / 1000} s for ${what}`)), bound);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const count = z.object({ n: z.coerce.number() });

/**
 * The morning: the day of the seeded school with the most late and unexplained-absent marks at sittings that
 * begin before 10:00, and those marks' ids (one per student, the first sitting of each).
 */
async function morningMarks(deps: AppDeps) {
  const [busiest] = await queryRows(
    deps.db,
    sql`select s.day::text as day from attendances a join schedules s on s.id = a.schedule_id
        where not a.deleted and a.status in (${AttendanceStatus.late}, ${AttendanceStatus.unexplainedAbsence})
          and s.start_time < '10:00'
        group by s.day order by count(*) desc, s.day desc limit 1`,
    z.object({ day: z.string() }),
  );
  if (!busiest) throw new Error('the seeded school has no absence in any morning');
  const rows = await queryRows(
    deps.db,
    sql`select distinct on (a.student_id) a.id::text as id from attendances a
        join schedules s on s.id = a.schedule_id
        where not a.deleted and s.day = ${busiest.day} and s.start_time < '10:00'
          and a.status in (${AttendanceStatus.late}, ${AttendanceStatus.unexplainedAbsence})
        order by a.student_id, s.start_time`,
    z.object({ id: z.string() }),
  );
  return {
    day: busiest.day,
    marks: await readAttendances(
      deps.db,
      rows.map((row) => row.id),
    ),
  };
}

/** Gives each of these students a guardian of their own (the demo links only two), in one statement each. */
async function linkGuardians(deps: AppDeps, studentIds: readonly string[]): Promise<void> {
  const ids = JSON.stringify(studentIds);
  await deps.db.execute(sql`
    with wards as (select x.id from json_array_elements_text(${ids}::json) as x(id)),
    made as (
      insert into users (email, name, role, password_hash, locale, seq)
      select 'bench-guardian-' || w.id || '@bench.test', 'Bench guardian', ${Role.guardian}, 'x',
        (array['ja', 'vi', 'en'])[1 + (abs(hashtext(w.id)) % 3)], 1
      from wards w
      returning id, email)
    insert into guardian_links (guardian_id, student_id)
    select m.id, substring(m.email from 16 for 36)::uuid from made m`);
}

/**
 * Issue 43: how soon a mark's notice is queued, and how fast the notice job tells a school-wide morning.
 * In-process on the scale-10 demo school (PGlite on its own thread, as the server runs it), with the app's
 * clock at 08:45 of the school's busiest morning and mail counted instead of sent.
 */
export async function benchAbsenceNotices(): Promise<void> {
  const scale = Number(process.env.BENCH_SYNC_SCALE ?? 10);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'school-bench-notices-'));
  try {
    console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    let now = new Date();
    let mailsSent = 0;
    let deps: AppDeps | undefined;
    const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp(
      {
        ...base,
        logger: false,
        now: () => now,
        jobPollMs: undefined,
        stickyRefreshMs: undefined,
        metrics: { ...(base.metrics ?? { allow: [] }), processMetrics: false },
        mailTransport: {
          async send() {
            mailsSent += 1;
          },
        },
      },
      { onDeps: (built) => (deps = built) },
    );
    try {
      await app.ready();
      if (!deps) throw new Error('no app deps');
      const { day, marks } = await morningMarks(deps);
      now = new Date(`${day}T08:45:00+09:00`);
      await linkGuardians(
        deps,
        marks.map((mark) => mark.studentId),
      );
      const [admin] = await queryRows(
        deps.db,
        sql`select id::text as id from users where email = 'admin@demo.test'`,
        z.object({ id: z.string() }),
      );
      if (!admin) throw new Error('no demo admin');
      console.log(
        `morning of ${day}: ${marks.length} students late or absent before 10:00, each with a guardian\n`,
      );

      // A mark to its notice being queued: one teacher's save of one mark, answered after the job is added.
      const push = (doc: AttendanceDoc, status: AttendanceStatus) =>
        pushCollection(
          deps as AppDeps,
          attendanceCollection,
          { id: admin.id, role: Role.admin },
          [{ newDocumentState: { ...doc, status, lateMinutes: null }, assumedMasterState: doc }],
          false,
        );
      const sample = marks.slice(0, SAMPLE);
      const present: number[] = [];
      const queued: number[] = [];
      for (const mark of sample) {
        let started = performance.now();
        await push(mark, AttendanceStatus.present);
        present.push(performance.now() - started);
        const [current] = await readAttendances(deps.db, [mark.id]);
        if (!current) throw new Error('a mark vanished');
        started = performance.now();
        await push(current, AttendanceStatus.unexplainedAbsence);
        queued.push(performance.now() - started);
      }
      const [jobsQueued] = await queryRows(
        deps.db,
        sql`select count(*) as n from jobs where name = ${ABSENCE_NOTICE_JOB}`,
        count,
      );
      console.log('| a teacher saves one mark | p50 | p95 |\n|---|---|---|');
      console.log(
        `| present (no notice) | ${ms(percentile(present, 50))} | ${ms(percentile(present, 95))} |`,
      );
      console.log(
        `| unexplained absence, to the guardian's notice queued | ${ms(percentile(queued, 50))} | ${ms(percentile(queued, 95))} |`,
      );
      console.log(`(${jobsQueued?.n ?? 0} notice jobs queued for ${sample.length} marks)\n`);

      // The whole morning: every late or absent student's notice queued at 08:45, then told when the window ends.
      await deps.db.execute(sql`delete from jobs`);
      const current = await readAttendances(
        deps.db,
        marks.map((mark) => mark.id),
      );
      let started = performance.now();
      const added = await scheduleAbsenceNotices(deps, current);
      const queueTime = performance.now() - started;
      now = new Date(now.getTime() + (base.absenceNoticeDelayMs ?? 10 * 60_000));
      started = performance.now();
      const ran = await bounded('the morning notices to run', RUN_BOUND_MS, deps.jobs.runDue());
      const runTime = performance.now() - started;
      const [told] = await queryRows(deps.db, sql`select count(*) as n from absence_notice_marks`, count);
      const [outbox] = await queryRows(
        deps.db,
        sql`select count(*) as n from mail_outbox where sent_at is null`,
        count,
      );
      console.log('| the morning | figure |\n|---|---|');
      console.log(`| notice jobs queued | ${added} in ${ms(queueTime)} |`);
      console.log(`| notice jobs run (in-app notice + mail + push jobs each) | ${ran} in ${ms(runTime)} |`);
      console.log(`| throughput | ${((ran / runTime) * 1000).toFixed(0)} notices/s |`);
      console.log(`| marks told to guardians | ${told?.n ?? 0} |`);
      started = performance.now();
      await bounded('the outbox to send the morning mail', RUN_BOUND_MS, deps.mailer.flush());
      console.log(
        `| mail sent through the outbox | ${mailsSent} in ${ms(performance.now() - started)} (${outbox?.n ?? 0} waiting when the jobs ended) |`,
      );
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
