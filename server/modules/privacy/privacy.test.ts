import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccessKind } from '../../../domain/access-log';
import { RequestOption, requestOptionMeaning } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import type { MyAccessReadPage, StudentRecordExport } from '../../../domain/schemas/privacy';
import { NOT_EXPORTED, RECORD_TABLES } from '../../access/student-record';
import { checkAccessLog } from '../../access-log/check';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { requests, students, users } from '../../db/schema';
import { nextSequence } from '../../db/sequence';
import { createScoreClassFixture, type ScoreClassFixture } from '../../testing/achievement-fixture';
import { call, waitForWatermark } from '../../testing/calls';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { avatarFolder, storageDirOf } from '../shared/avatar-files';
import { nextNightlyRun } from './erasure';
import { ERASURE_USAGE, erasureCommand } from './erasure-command';

const ERASURE_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let db: Database;
let f: ScoreClassFixture;
const sessions: Record<string, TestSession> = {};
let demoStudentId: string;
let teacherId: string;
let adminId: string;

const session = (name: string): TestSession => {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
};

async function userIdOf(email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The entries the log holds now (after a flush of the buffer), oldest first. */
async function entries() {
  await t.app.appDeps.accessLog.flush();
  return queryRows(
    db,
    sql`select id::int as id, actor_id, actor_role, session_id, kind, what, student_ids from access_log order by id`,
    z.object({
      id: z.number(),
      actor_id: z.string().nullable(),
      actor_role: z.number().nullable(),
      session_id: z.string().nullable(),
      kind: z.string(),
      what: z.record(z.string(), z.unknown()),
      student_ids: z.array(z.string()),
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ erasureAfterDays: ERASURE_AFTER_DAYS });
  db = t.app.appDeps.db;
  for (const [name, email] of [
    ['teacher', 'teacher@demo.test'],
    ['admin', 'admin@demo.test'],
    ['student', 'student@demo.test'],
    ['student2', 'student2@demo.test'],
  ] as const) {
    sessions[name] = await signIn(t.app, email);
  }
  f = await createScoreClassFixture(db);
  teacherId = await userIdOf('teacher@demo.test');
  adminId = await userIdOf('admin@demo.test');
  const [own] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await userIdOf('student@demo.test')));
  if (!own) throw new Error('no demo student');
  demoStudentId = own.id;
});

afterAll(async () => {
  await t.close();
});

describe('the access log records every read of a student’s record by someone else', () => {
  it('a class sheet opened by its teacher: who, which session, what, which students', async () => {
    const before = (await entries()).length;
    const response = await call(t.app, session('teacher'), 'GET', `/api/attendance/${f.classId}`);
    expect(response.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actor_id: teacherId,
      actor_role: Role.teacher,
      kind: AccessKind.classSheet,
      what: { call: 'GET /api/attendance/:subjectClassId', subjectClassId: f.classId },
    });
    expect(added[0]?.session_id).toMatch(/^[0-9a-f]{64}$/);
    expect(added[0]?.student_ids.sort()).toEqual([demoStudentId, f.studentId].sort());
  });

  it('the student’s screen opened by an admin, and a report naming them', async () => {
    const before = (await entries()).length;
    expect((await call(t.app, session('admin'), 'GET', `/api/students/${demoStudentId}`)).statusCode).toBe(
      200,
    );
    const report = await call(
      t.app,
      session('admin'),
      'GET',
      `/api/attendance/report/students/${f.subjectId}`,
    );
    expect(report.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((entry) => [entry.actor_id, entry.kind])).toEqual([
      [adminId, AccessKind.studentScreen],
      [adminId, AccessKind.report],
    ]);
    expect(added[0]?.student_ids).toEqual([demoStudentId]);
    expect(added[1]?.student_ids).toContain(demoStudentId);
  });

  it('a request read by staff, and the whole record downloaded by an admin', async () => {
    const meaning = requestOptionMeaning(RequestOption.other);
    const requestId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(requests)
        .values({
          subjectId: f.subjectId,
          universityId: f.universityId,
          studentId: f.studentId,
          classId: f.classId,
          type: meaning.type,
          option: RequestOption.other,
          content: 'A question about my marks',
          seq: await nextSequence(tx),
        })
        .returning({ id: requests.id });
      if (!row) throw new Error('no request');
      return row.id;
    });
    const before = (await entries()).length;
    expect((await call(t.app, session('admin'), 'GET', `/api/requests/${requestId}`)).statusCode).toBe(200);
    expect(
      (await call(t.app, session('admin'), 'GET', `/api/students/${f.studentId}/record`)).statusCode,
    ).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((entry) => [entry.actor_id, entry.kind, entry.student_ids])).toEqual([
      [adminId, AccessKind.request, [f.studentId]],
      [adminId, AccessKind.recordExport, [f.studentId]],
    ]);
  });

  it('a device pulling a class’s records: one entry per subject and pull, not one per row', async () => {
    await waitForWatermark(db);
    const before = (await entries()).length;
    const response = await call(t.app, session('teacher'), 'GET', '/api/sync/subjects/pull?limit=200');
    expect(response.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    const pulls = added.filter((entry) => entry.kind === AccessKind.syncPull);
    const ofFixture = pulls.filter((entry) => entry.what.subjectId === f.subjectId);
    expect(ofFixture).toHaveLength(1);
    expect(ofFixture[0]?.what).toEqual({ collection: 'subjects', subjectId: f.subjectId });
    expect(ofFixture[0]?.student_ids.sort()).toEqual([demoStudentId, f.studentId].sort());
    // A caught-up device's empty pull reads nothing and records nothing.
    const { checkpoint } = response.json() as { checkpoint: unknown };
    const again = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/sync/subjects/pull?limit=200&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}`,
    );
    expect(again.statusCode).toBe(200);
    expect((await entries()).length).toBe(before + added.length);
  });

  it('records nothing for the student reading their own record', async () => {
    const before = (await entries()).length;
    const own = await call(
      t.app,
      session('student'),
      'GET',
      `/api/students/${demoStudentId}/achievement-attendance`,
    );
    expect(own.statusCode).toBe(200);
    const pulled = await call(t.app, session('student'), 'GET', '/api/sync/attendance/pull?limit=200');
    expect(pulled.statusCode).toBe(200);
    expect(await entries()).toHaveLength(before);
  });

  it('the student sees who looked: the staff member’s name and role, when and what', async () => {
    const response = await call(t.app, session('student'), 'GET', '/api/me/access-log');
    expect(response.statusCode).toBe(200);
    const page = response.json() as MyAccessReadPage;
    const readers = new Set(
      page.entries.map((entry) => `${entry.reader.name}/${entry.reader.role}/${entry.kind}`),
    );
    const [teacher] = await db.select({ name: users.name }).from(users).where(eq(users.id, teacherId));
    const [admin] = await db.select({ name: users.name }).from(users).where(eq(users.id, adminId));
    expect(readers).toContain(`${teacher?.name}/${Role.teacher}/${AccessKind.classSheet}`);
    expect(readers).toContain(`${admin?.name}/${Role.admin}/${AccessKind.studentScreen}`);
    const sheet = page.entries.find((entry) => entry.kind === AccessKind.classSheet);
    expect(sheet?.subject?.id).toBe(f.subjectId);
    // Another student sees none of it.
    const other = await call(t.app, session('student2'), 'GET', '/api/me/access-log');
    expect(
      (other.json() as MyAccessReadPage).entries.some((entry) => entry.kind === AccessKind.classSheet),
    ).toBe(false);
  });

  it('admins read it per student and per staff member; nobody else may', async () => {
    const perStudent = await call(
      t.app,
      session('admin'),
      'GET',
      `/api/students/${demoStudentId}/access-log`,
    );
    expect(perStudent.statusCode).toBe(200);
    const studentPage = perStudent.json() as { entries: { reader: { id: string } | null; kind: string }[] };
    expect(studentPage.entries.some((entry) => entry.reader?.id === teacherId)).toBe(true);
    const perStaff = await call(t.app, session('admin'), 'GET', `/api/users/${teacherId}/access-log`);
    expect(perStaff.statusCode).toBe(200);
    const staffPage = perStaff.json() as {
      entries: { students: { id: string }[]; reader: { id: string } }[];
    };
    expect(staffPage.entries.length).toBeGreaterThan(0);
    expect(staffPage.entries.every((entry) => entry.reader.id === teacherId)).toBe(true);
    expect(staffPage.entries.some((entry) => entry.students.some((s) => s.id === demoStudentId))).toBe(true);
    for (const who of ['teacher', 'student']) {
      const refused = await call(t.app, session(who), 'GET', `/api/students/${demoStudentId}/access-log`);
      expect(refused.statusCode).toBe(403);
    }
    expect((await call(t.app, session('teacher'), 'GET', '/api/me/access-log')).statusCode).toBe(403);
  });
});

describe('the access log is append-only and tamper-evident', () => {
  it('refuses updates, deletes and truncates', async () => {
    await entries();
    await expect(db.execute(sql`update access_log set kind = 'report' where id = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from access_log where id = 1`)).rejects.toThrow();
    await expect(db.execute(sql`truncate access_log`)).rejects.toThrow();
  });

  it('the check holds on the chain as written, and names the first entry altered behind the server', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(3);
    expect(await checkAccessLog(db)).toEqual({ checked: all.length, broken: null });
    // Whoever owns the database can switch the trigger off; the chain still tells.
    const target = all[2]?.id ?? 0;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table access_log disable trigger access_log_no_update_or_delete`);
      await tx.execute(sql`update access_log set student_ids = '{}' where id = ${target}`);
      await tx.execute(sql`alter table access_log enable trigger access_log_no_update_or_delete`);
    });
    const result = await checkAccessLog(db);
    expect(result.broken).toMatchObject({ id: target, reason: 'hash_mismatch' });
    expect(result.checked).toBe(target - 1);
  });
});

describe('a student’s data out', () => {
  it('an admin and the student themself download the whole record; others may not', async () => {
    const admin = await call(t.app, session('admin'), 'GET', `/api/students/${demoStudentId}/record`);
    expect(admin.statusCode).toBe(200);
    const record = admin.json() as StudentRecordExport;
    expect(record.student.id).toBe(demoStudentId);
    expect(Object.keys(record.tables).sort()).toEqual(Object.keys(RECORD_TABLES).sort());
    expect(record.tables.users?.[0]).not.toHaveProperty('password_hash');
    expect(record.tables.subject_students?.length).toBeGreaterThan(0);
    expect(record.tables.access_log?.length).toBeGreaterThan(0);
    const own = await call(t.app, session('student'), 'GET', `/api/students/${demoStudentId}/record`);
    expect(own.statusCode).toBe(200);
    expect(
      (await call(t.app, session('student2'), 'GET', `/api/students/${demoStudentId}/record`)).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, session('teacher'), 'GET', `/api/students/${demoStudentId}/record`)).statusCode,
    ).toBe(403);
  });

  it('covers every table that names a person or a student, or says why not', async () => {
    // The database's own catalogue: tables with a key to a person, a student or a row of a student's, and
    // columns named for a student. A new one fails here until it is exported or listed with a reason.
    const named = await queryRows(
      db,
      sql`select distinct c.conrelid::regclass::text as name from pg_constraint c
          where c.contype = 'f' and c.confrelid::regclass::text in
            ('users', 'students', 'subject_students', 'class_students', 'attendances', 'achievements', 'results',
             'requests')
          union
          select distinct table_name::text from information_schema.columns
          where table_schema = current_schema() and (column_name like '%student%' or column_name = 'user_id')`,
      z.object({ name: z.string() }),
    );
    const decided = new Set([...Object.keys(RECORD_TABLES), ...Object.keys(NOT_EXPORTED)]);
    expect(named.map((row) => row.name).filter((name) => !decided.has(name))).toEqual([]);
  });
});

/** Gives a student's account an avatar file, as an upload stores it (`storeAvatar`); answers the file's path. */
async function giveAvatar(userId: string): Promise<string> {
  const fileName = `${randomUUID()}.png`;
  const folder = avatarFolder(storageDirOf(t.app.appDeps.config), 'student');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, fileName);
  await writeFile(file, Buffer.from('not really a png: the erasure deletes it unread'));
  await db.update(users).set({ avatar: fileName }).where(eq(users.id, userId));
  return file;
}

describe('erasure on time', () => {
  let leaverId: string;
  let leaverUserId: string;
  let leaverAvatar: string;

  const counts = async () =>
    (
      await queryRows(
        db,
        sql`select (select count(*)::int from subject_students) as enrolments,
              (select count(*)::int from class_students) as seats,
              (select count(*)::int from attendances) as marks,
              (select count(*)::int from students) as students`,
        z.object({
          enrolments: z.number(),
          seats: z.number(),
          marks: z.number(),
          students: z.number(),
        }),
      )
    )[0];

  beforeAll(async () => {
    // The fixture's student has history (a mark): deleting them keeps the row, deactivated. That is leaving.
    leaverId = f.studentId;
    leaverUserId = f.studentUserId;
    await db.execute(sql`insert into attendances (id, subject_id, university_id, class_student_id, student_id,
        schedule_id, status, seq) values (gen_random_uuid(), ${f.subjectId}, ${f.universityId}, ${f.classStudentId},
        ${f.studentId}, ${f.scheduleId}, 1, 1)`);
    const deleted = await call(t.app, session('admin'), 'DELETE', `/api/students/${leaverId}`, {});
    expect(deleted.statusCode).toBe(200);
    leaverAvatar = await giveAvatar(leaverUserId);
  });

  it('before the kept time passes, nothing is due', async () => {
    const dry = await call(t.app, session('admin'), 'POST', '/api/erasure/run', { dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, after_days: ERASURE_AFTER_DAYS, students: [] });
  });

  it('a dry run lists the leaver and changes nothing; the run erases the identity, keeps the counts', async () => {
    t.clock.advance((ERASURE_AFTER_DAYS + 1) * DAY_MS);
    // A month on, the sessions have lapsed: sign in again.
    for (const [name, email] of [
      ['admin', 'admin@demo.test'],
      ['teacher', 'teacher@demo.test'],
      ['student', 'student@demo.test'],
    ] as const) {
      sessions[name] = await signIn(t.app, email);
    }
    const before = await counts();
    const logBefore = (await entries()).length;
    const dry = await call(t.app, session('admin'), 'POST', '/api/erasure/run', { dry_run: true });
    expect(dry.json()).toMatchObject({
      dry_run: true,
      students: [{ student_id: leaverId, user_id: leaverUserId }],
    });
    const [untouched] = await db.select().from(users).where(eq(users.id, leaverUserId));
    expect(untouched?.erasedAt).toBeNull();
    expect(untouched?.name).toBe('学生');
    expect(existsSync(leaverAvatar)).toBe(true);
    expect((await entries()).length).toBe(logBefore);

    const run = await call(t.app, session('admin'), 'POST', '/api/erasure/run', { dry_run: false });
    expect(run.json()).toMatchObject({ dry_run: false, students: [{ student_id: leaverId }] });
    const [erased] = await db.select().from(users).where(eq(users.id, leaverUserId));
    expect(erased).toMatchObject({
      name: '—',
      nameKana: null,
      phone: null,
      avatar: null,
      loginBlocked: true,
    });
    expect(erased?.email).toBe(`erased-${leaverUserId}@erased.invalid`);
    // The picture was a file outside the database: it is gone from the disk too.
    expect(existsSync(leaverAvatar)).toBe(false);
    expect(erased?.erasedAt).not.toBeNull();
    const [student] = await db.select().from(students).where(eq(students.id, leaverId));
    expect(student?.identity).toBe(`erased-${leaverId}`);
    expect(await counts()).toEqual(before);
    const logged = (await entries()).slice(logBefore);
    expect(logged).toMatchObject([{ actor_id: null, kind: AccessKind.erasure, student_ids: [leaverId] }]);
  });

  it('is idempotent: a second run finds nobody and changes nothing', async () => {
    const before = await counts();
    const logBefore = (await entries()).length;
    const again = await call(t.app, session('admin'), 'POST', '/api/erasure/run', { dry_run: false });
    expect(again.json()).toMatchObject({ students: [] });
    expect(await counts()).toEqual(before);
    expect(existsSync(leaverAvatar)).toBe(false);
    expect((await entries()).length).toBe(logBefore);
  });

  it('runs nightly from the durable job queue, at 03:00 at the school', async () => {
    await t.app.appDeps.jobs.ensureSchedules();
    const [job] = await queryRows(
      db,
      sql`select run_at from jobs where name = 'erasure' and failed_at is null`,
      z.object({ run_at: z.coerce.date() }),
    );
    expect(job?.run_at.getUTCHours()).toBe(18);
    expect(nextNightlyRun(new Date('2026-05-01T17:59:00Z')).toISOString()).toBe('2026-05-01T18:00:00.000Z');
    expect(nextNightlyRun(new Date('2026-05-01T18:00:00Z')).toISOString()).toBe('2026-05-02T18:00:00.000Z');
  });

  it('only admins run it', async () => {
    for (const who of ['teacher', 'student']) {
      expect(
        (await call(t.app, session(who), 'POST', '/api/erasure/run', { dry_run: true })).statusCode,
      ).toBe(403);
    }
  });

  describe('the operator’s command, npm run erasure (server/modules/privacy/erasure-cli.ts)', () => {
    let commandLeaverId: string;
    let commandLeaverUserId: string;
    let avatar: string;

    const command = async (argv: string[]) => {
      const lines: string[] = [];
      const code = await erasureCommand(argv, {
        ...t.app.appDeps,
        afterDays: ERASURE_AFTER_DAYS,
        now: t.clock.now(),
        print: (line) => lines.push(line),
      });
      return { code, lines };
    };

    beforeAll(async () => {
      // The second demo student left: their account deactivated more than the kept days ago.
      commandLeaverUserId = await userIdOf('student2@demo.test');
      const [row] = await db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.userId, commandLeaverUserId));
      if (!row) throw new Error('no second demo student');
      commandLeaverId = row.id;
      await db
        .update(users)
        .set({ deactivatedAt: new Date(t.clock.now().getTime() - (ERASURE_AFTER_DAYS + 1) * DAY_MS) })
        .where(eq(users.id, commandLeaverUserId));
      avatar = await giveAvatar(commandLeaverUserId);
    });

    it('--dry-run prints the students it would erase and changes nothing', async () => {
      const before = await counts();
      const logBefore = (await entries()).length;
      const { code, lines } = await command(['--dry-run']);
      expect(code).toBe(0);
      expect(lines[0]).toMatch(/^Dry run: 1 student left more than 30 days ago .* would be erased/);
      expect(lines.slice(1)).toEqual([
        expect.stringContaining(`student ${commandLeaverId} (account ${commandLeaverUserId})`),
      ]);
      const [untouched] = await db.select().from(users).where(eq(users.id, commandLeaverUserId));
      expect(untouched?.erasedAt).toBeNull();
      expect(untouched?.email).toBe('student2@demo.test');
      expect(existsSync(avatar)).toBe(true);
      expect(await counts()).toEqual(before);
      expect((await entries()).length).toBe(logBefore);
    });

    it('without it erases them through the job’s code, deletes the avatar file, and prints what it did', async () => {
      const before = await counts();
      const logBefore = (await entries()).length;
      const { code, lines } = await command([]);
      expect(code).toBe(0);
      expect(lines[0]).toMatch(/^Erased 1 student left more than 30 days ago .* 1 avatar file deleted/);
      expect(lines.slice(1)).toEqual([expect.stringContaining(`student ${commandLeaverId}`)]);
      const [erased] = await db.select().from(users).where(eq(users.id, commandLeaverUserId));
      expect(erased).toMatchObject({ name: '—', avatar: null, loginBlocked: true });
      expect(erased?.erasedAt).not.toBeNull();
      expect(existsSync(avatar)).toBe(false);
      expect(await counts()).toEqual(before);
      expect((await entries()).slice(logBefore)).toMatchObject([
        { actor_id: null, kind: AccessKind.erasure, student_ids: [commandLeaverId] },
      ]);
    });

    it('run again, finds nobody due and changes nothing', async () => {
      const before = await counts();
      const logBefore = (await entries()).length;
      const { code, lines } = await command([]);
      expect(code).toBe(0);
      expect(lines).toEqual([expect.stringMatching(/^No student is due/)]);
      expect(existsSync(avatar)).toBe(false);
      expect(await counts()).toEqual(before);
      expect((await entries()).length).toBe(logBefore);
    });

    it('refuses any other argument with its usage, before touching anything', async () => {
      await expect(command(['--dryrun'])).rejects.toThrow(ERASURE_USAGE);
      await expect(command(['--dry-run', 'now'])).rejects.toThrow(ERASURE_USAGE);
    });
  });
});
