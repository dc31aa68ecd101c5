import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../domain/auth';
import { LessonType } from '../domain/lessons';
import { Role } from '../domain/roles';
import type { SchoolMoment } from '../domain/schedules';
import { openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import {
  reportClasses,
  reportSubScores,
  reportYearCodeSubScores,
} from '../server/modules/reports/achievement-report';
import {
  attendanceReportClasses,
  attendanceReportStudents,
} from '../server/modules/reports/attendance-report';
import { searchStatistics } from '../server/modules/statistics/service';
import { schoolMoment } from '../server/school-clock';
import { launchChromium } from './browser';
import { ms, percentile, signIn, startServer } from './server-process';
import { seed } from './sync-figures';

const RUNS = 30;
const SCREEN_RUNS = 5;
const ADMIN = 'admin@demo.test';
const SCREEN_VIEWER = 'observer@demo.test';

const targetSchema = z.object({
  subject_id: z.string(),
  university_id: z.string(),
  subject_name_id: z.string(),
  faculty_id: z.string(),
  year_code_id: z.string(),
  students: z.number(),
  lesson_id: z.string().nullable(),
  exam_name_id: z.string().nullable(),
});

/** The subject with the most class students (and an exam of it): the largest report of the school. */
async function biggestSubject(db: Parameters<typeof queryRows>[0]) {
  const [target] = await queryRows(
    db,
    sql`select s.id::text as subject_id, s.university_id::text, s.subject_name_id::text, s.faculty_id::text,
          s.year_code_id::text, (select count(*)::int from class_students cs where cs.subject_id = s.id
            and not cs.deleted) as students,
          l.id::text as lesson_id, l.exam_name_id::text
        from subjects s
        left join lateral (select l.id, l.exam_name_id from lessons l where l.subject_id = s.id and not l.deleted
          and l.type = ${LessonType.exam} and l.exam_name_id is not null order by l.id limit 1) l on true
        where not s.deleted and s.faculty_id is not null and s.year_code_id is not null
        order by students desc, (l.id is not null) desc limit 1`,
    targetSchema,
  );
  if (!target) throw new Error('the seeded school has no subject');
  return target;
}

/**
 * The plans of the report queries on the seeded school (EXPLAIN ANALYZE, PGlite), printed for the note: each
 * service runs once against a database that records its statements, which are then explained.
 */
async function printPlans(dataDir: string, target: z.infer<typeof targetSchema>, moment: SchoolMoment) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const recorded: { name: string; query: SQL }[] = [];
    const recordAs = (name: string) =>
      new Proxy(database.db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver);
          return (query: SQL) => {
            recorded.push({ name, query });
            return target.execute(query);
          };
        },
      });
    const admin = { id: '00000000-0000-4000-8000-000000000000', role: Role.admin };
    await attendanceReportStudents(recordAs('attendance students'), admin, target.subject_id, moment);
    await attendanceReportClasses(recordAs('attendance classes'), admin, target.subject_id, moment);
    await reportClasses(
      recordAs('data-classes'),
      admin,
      target.subject_name_id,
      target.faculty_id,
      target.year_code_id,
    );
    if (target.lesson_id && target.exam_name_id) {
      await reportSubScores(recordAs('sub-scores'), admin, target.lesson_id, target.exam_name_id);
      await reportYearCodeSubScores(
        recordAs('year-code sub-scores'),
        admin,
        target.lesson_id,
        target.exam_name_id,
      );
    }
    await searchStatistics(
      recordAs('statistics'),
      admin,
      { university: null, faculty: null, yearCode: null, date: null },
      moment.today,
    );
    for (const { name, query } of recorded) {
      const rows = await queryRows(
        database.db,
        sql`explain (analyze, costs off, timing on, summary on) ${query}`,
        z.object({ 'QUERY PLAN': z.string() }),
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      // Small look-ups (access checks, the subject's ids) are shown by their one line of time only.
      console.log(`\n### plan: ${name}\n${plan.length > 4 ? plan.join('\n') : plan.at(-1)}`);
    }
  } finally {
    await database.close();
  }
}

/**
 * Each report call on the scale-10 demo school (largest subject), p50/p95 over the loopback through the real
 * server (PGlite), the query plans, and the attendance report screen from navigation to its painted chart.
 * `BENCH_REPORTS_DATA_DIR` reuses a seeded PGlite folder.
 */
export async function benchReports(): Promise<void> {
  const reuse = process.env.BENCH_REPORTS_DATA_DIR;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), 'school-bench-reports-'));
  const scale = Number(process.env.BENCH_REPORTS_SCALE ?? 10);
  try {
    if (!reuse) console.log(`seed scale ${scale} on PGlite: ${ms(await seed(dataDir, scale))}`);
    const moment = schoolMoment(new Date());
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    // A reused folder may predate this build's migrations (its indexes): the server would apply them anyway.
    await handle.withStartupLock(() => handle.migrate());
    const target = await biggestSubject(handle.db).finally(() => handle.close());
    console.log(`largest subject: ${target.students} class students`);
    await printPlans(dataDir, target, moment);

    const server = await startServer(Number(process.env.BENCH_PORT ?? 3090) + 7, {}, { dataDir });
    try {
      const session = await signIn(server, ADMIN, process.env.DEMO_PASSWORD ?? 'demo-2026');
      const calls: [string, string, 'GET' | 'POST', unknown?][] = [
        ['attendance report students', `/api/attendance/report/students/${target.subject_id}`, 'GET'],
        ['attendance report classes', `/api/attendance/report/classes/${target.subject_id}`, 'GET'],
        ['attendance report filter', `/api/attendance/report/filter/${target.subject_id}`, 'GET'],
        ['report subject names', `/api/report/universities/${target.university_id}/subject-name`, 'GET'],
        [
          'report faculties',
          `/api/report/universities/${target.university_id}/subject-name/${target.subject_name_id}/faculty`,
          'GET',
        ],
        [
          'report year codes',
          `/api/report/universities/${target.university_id}/subject-name/${target.subject_name_id}/faculty/${target.faculty_id}/year-code`,
          'GET',
        ],
        ['report default filter', '/api/report/default-filter', 'GET'],
        [
          'report year codes of a name',
          `/api/report/universities/${target.university_id}/year-codes/${target.subject_name_id}`,
          'GET',
        ],
        [
          'report data-classes',
          `/api/report/data-classes/${target.subject_name_id}/${target.faculty_id}/${target.year_code_id}`,
          'GET',
        ],
        ...(target.lesson_id && target.exam_name_id
          ? ([
              [
                'report sub-scores',
                `/api/report/sub-scores/${target.lesson_id}/${target.exam_name_id}`,
                'GET',
              ],
              [
                'report year-code sub-scores',
                `/api/report/year-code/sub-scores/${target.lesson_id}/${target.exam_name_id}`,
                'GET',
              ],
            ] as [string, string, 'GET'][])
          : []),
        ['statistic search (whole school)', '/api/statistic/search', 'POST', {}],
      ];
      // Figures from a shared machine mean little without its load beside them.
      console.log(
        `\n${RUNS} calls each, admin, loopback (load average ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}):`,
      );
      for (const [label, url, method, body] of calls) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          const response = await fetch(`${server.baseUrl}${url}`, {
            method,
            headers: {
              cookie: session.cookie,
              [CSRF_HEADER]: session.csrfToken,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${label} answered ${response.status}`);
          times.push(performance.now() - started);
        }
        console.log(`${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
      }

      const browser = await launchChromium();
      try {
        // An observer reads reports and keeps no school-wide data on the device (SPEC §4: roles 0 and 3 are
        // not cached), so the figure is the report's own, not an admin's first sync running beside it.
        const viewer = await signIn(server, SCREEN_VIEWER, process.env.DEMO_PASSWORD ?? 'demo-2026');
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const [sid, csrf] = [viewer.sid, viewer.csrfToken];
        const host = new URL(server.baseUrl).hostname;
        await context.addCookies([
          { name: SESSION_COOKIE, value: sid, domain: host, path: '/' },
          { name: CSRF_COOKIE, value: csrf, domain: host, path: '/' },
        ]);
        const me = await (
          await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: session.cookie } })
        ).text();
        await context.addInitScript((user) => {
          if (!localStorage.getItem('user')) localStorage.setItem('user', user);
        }, me);
        const page = await context.newPage();
        const address = `${server.baseUrl}/admin/report/attendance?subject=${target.subject_id}&tab=classes`;
        const times: number[] = [];
        for (let run = 0; run <= SCREEN_RUNS; run += 1) {
          const started = performance.now();
          await page.goto(address);
          await page.locator('svg[data-chart="line"]').waitFor({ state: 'visible', timeout: 120_000 });
          // The first run also opens the local database and pulls the master data: kept apart.
          if (run > 0) times.push(performance.now() - started);
          else
            console.log(
              `\nattendance report screen (${SCREEN_VIEWER}), first visit on a new device: ${ms(performance.now() - started)}`,
            );
        }
        console.log(
          `attendance report screen, navigation to painted chart, ${SCREEN_RUNS} reloads: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
        );
        await context.close();
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}
