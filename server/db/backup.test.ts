import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import { createSchoolFixture, type SchoolFixture } from '../testing/school-fixture';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../testing/test-app';
import { BackupError, backupDatabase, restoreDatabase } from './backup';
import type { Database } from './client';
import { openDatabase } from './client';
import { DataFolderHeldError } from './data-folder';
import {
  attendanceHistory,
  attendances,
  classStudents,
  classTeachers,
  lessons,
  students,
  subjectStudents,
  users,
} from './schema';

// The restore drill (README, Backups): teachers keep saving through the API while a backup is taken from the
// running server; the backup restored into a new folder starts a server holding every save acknowledged
// before the backup began, and each save whole or not at all.

const TEACHERS = ['teacher@demo.test', 'teacher2@demo.test', 'teacher3@demo.test'] as const;
/** Students of each teacher's class: one save writes a mark and a history row for each of them. */
const CLASS_SIZE = 4;
/** Saves each teacher has acknowledged before the backup starts, and makes after it ends. */
const SAVES_AROUND_BACKUP = 3;

interface Writer {
  email: string;
  session: TestSession;
  fixture: SchoolFixture;
  classStudentIds: string[];
  /** Number of the last save sent, and of the last one the server answered 200. */
  sent: number;
  acknowledged: number;
}

let folder: string;
let live: TestApp;
/** Whether `live` still runs (the last test stops it). */
let liveRunning = false;
let livePglite: string;
const writers: Writer[] = [];

/** The migrated template the run's set-up dumped; on the PostgreSQL pass the drill makes its PGlite anew. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  return new Blob([new Uint8Array(await readFile(inject('pgliteTemplate')))]);
}

/** An app on the PGlite data folder `pgliteDir`, on its own thread as the server runs it. */
function appOnFolder(pgliteDir: string, startFrom?: Blob): Promise<TestApp> {
  return buildTestApp({ database: { kind: 'pglite', dataDir: pgliteDir, startFrom, ownThread: true } });
}

/** A class of `size` students taught by `email`, with one published sitting. */
async function taughtClass(db: Database, email: string, size: number) {
  const fixture = await createSchoolFixture(db);
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, fixture.lessonId));
  const [teacher] = await db.select().from(users).where(eq(users.email, email));
  if (!teacher) throw new Error(`no demo account ${email}`);
  const partition = { subjectId: fixture.subjectId, universityId: fixture.universityId, seq: 1 };
  await db.insert(classTeachers).values({ ...partition, classId: fixture.classId, teacherId: teacher.id });
  const classStudentIds = [fixture.classStudentId];
  for (let n = classStudentIds.length; n < size; n += 1) {
    const tag = `${fixture.classId}-${n}`;
    const [account] = await db
      .insert(users)
      .values({
        email: `student-${tag}@drill.test`,
        name: '学生',
        role: Role.student,
        passwordHash: 'x',
        seq: 1,
      })
      .returning();
    if (!account) throw new Error('no student account');
    const [student] = await db
      .insert(students)
      .values({ userId: account.id, identity: `S-${tag}`, universityId: fixture.universityId, seq: 1 })
      .returning();
    if (!student) throw new Error('no student');
    const [enrolment] = await db
      .insert(subjectStudents)
      .values({ ...partition, studentId: student.id })
      .returning();
    if (!enrolment) throw new Error('no enrolment');
    const [seat] = await db
      .insert(classStudents)
      .values({
        ...partition,
        classId: fixture.classId,
        studentId: student.id,
        subjectStudentId: enrolment.id,
      })
      .returning();
    if (!seat) throw new Error('no seat');
    classStudentIds.push(seat.id);
  }
  return { fixture, classStudentIds };
}

/** One save of a whole class sheet: every student's mark carries the save's number. */
function save(app: TestApp, writer: Writer, n: number) {
  return app.app.inject({
    method: 'POST',
    url: `/api/attendance/${writer.fixture.scheduleId}`,
    headers: writer.session.headers(),
    payload: {
      data: {
        subjectClass: writer.fixture.classId,
        attendances: writer.classStudentIds.map((classStudentId) => ({
          class_student_id: classStudentId,
          schedule_id: writer.fixture.scheduleId,
          status: n % 2 === 0 ? AttendanceStatus.present : AttendanceStatus.absent,
          absence_reasons: null,
          comment: `save ${n}`,
        })),
      },
    },
  });
}

/** Saves over and over until `stop()`; fails the drill on any refused save. */
async function keepSaving(app: TestApp, writer: Writer, stop: () => boolean): Promise<void> {
  while (!stop()) {
    const n = writer.sent + 1;
    writer.sent = n;
    const answer = await save(app, writer, n);
    if (answer.statusCode !== 200)
      throw new Error(`save ${n} of ${writer.email}: ${answer.statusCode} ${answer.body}`);
    writer.acknowledged = n;
  }
}

/** Waits (bounded) until every writer has `count` more saves acknowledged than `from` gives. */
async function untilEachSaved(count: number, from: (writer: Writer) => number, what: string) {
  for (let round = 0; round < 3000; round += 1) {
    if (writers.every((writer) => writer.acknowledged >= from(writer) + count)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${count} saves of each teacher ${what}`);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'school-backup-'));
  livePglite = path.join(folder, 'live', 'pglite');
  live = await appOnFolder(livePglite, await pgliteTemplate());
  liveRunning = true;
  for (const email of TEACHERS) {
    const { fixture, classStudentIds } = await taughtClass(live.db, email, CLASS_SIZE);
    writers.push({
      email,
      session: await signIn(live.app, email),
      fixture,
      classStudentIds,
      sent: 0,
      acknowledged: 0,
    });
  }
});

afterAll(async () => {
  if (liveRunning) await live.close();
  await rm(folder, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('a backup taken while teachers save restores every save acknowledged before it, each save whole', async () => {
    const file = path.join(folder, 'school.tar.gz');
    let stopped = false;
    const saving = Promise.all(writers.map((writer) => keepSaving(live, writer, () => stopped)));
    try {
      await untilEachSaved(SAVES_AROUND_BACKUP, () => 0, 'before the backup');
      const acknowledgedBefore = new Map(writers.map((writer) => [writer.email, writer.acknowledged]));
      const backup = await backupDatabase(livePglite, file);
      const sentBy = new Map(writers.map((writer) => [writer.email, writer.sent]));
      expect(backup.from).toBe('server');
      // It holds every record of the school: only its owner may read it.
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      // The server kept serving: saves go on after the backup as before it.
      await untilEachSaved(
        SAVES_AROUND_BACKUP,
        (writer) => sentBy.get(writer.email) ?? 0,
        'after the backup',
      );
      stopped = true;
      await saving;

      const restoredFolder = path.join(folder, 'restored');
      const restored = await restoreDatabase(file, restoredFolder, path.join(restoredFolder, 'pglite'));
      expect(restored.users).toBeGreaterThan(0);
      const app = await appOnFolder(path.join(restoredFolder, 'pglite'));
      try {
        for (const writer of writers) {
          const marks = await app.db
            .select()
            .from(attendances)
            .where(eq(attendances.scheduleId, writer.fixture.scheduleId));
          // One save sets every mark of the sheet: all carry the same save, which is one acknowledged before
          // the backup began or later, and none sent after it ended.
          const saves = new Set(marks.map((mark) => mark.comment));
          expect(marks).toHaveLength(CLASS_SIZE);
          expect(saves.size).toBe(1);
          const last = Number(String([...saves][0]).replace('save ', ''));
          expect(last).toBeGreaterThanOrEqual(acknowledgedBefore.get(writer.email) ?? Number.NaN);
          expect(last).toBeLessThanOrEqual(sentBy.get(writer.email) ?? Number.NaN);
          // Each save's history is whole: a row per student for every save up to that one, none after it.
          const history = await app.db
            .select({ comment: attendanceHistory.newComment })
            .from(attendanceHistory)
            .where(
              inArray(
                attendanceHistory.attendanceId,
                marks.map((mark) => mark.id),
              ),
            );
          const rowsPerSave = new Map<string | null, number>();
          for (const row of history) rowsPerSave.set(row.comment, (rowsPerSave.get(row.comment) ?? 0) + 1);
          expect(rowsPerSave).toEqual(
            new Map(Array.from({ length: last }, (_, i) => [`save ${i + 1}`, CLASS_SIZE])),
          );
          // The restored server serves the teacher's sheet to the session signed in before the backup.
          const sheet = await app.app.inject({
            method: 'GET',
            url: `/api/attendance/${writer.fixture.classId}`,
            headers: writer.session.headers(),
          });
          expect(sheet.statusCode).toBe(200);
          expect(JSON.stringify(sheet.json())).toContain(`save ${last}`);
        }
      } finally {
        await app.close();
      }
    } finally {
      stopped = true;
      await saving.catch(() => undefined);
    }
  }, 60_000);

  it('a restore refuses a data folder that is not empty and leaves it as it was', async () => {
    const file = path.join(folder, 'refused.tar.gz');
    await backupDatabase(livePglite, file);
    const occupied = path.join(folder, 'occupied');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'notes.txt'), 'kept');
    await expect(restoreDatabase(file, occupied, path.join(occupied, 'pglite'))).rejects.toThrow(
      new BackupError(
        `The data folder ${occupied} is not empty: a restore goes into an empty folder. Move it aside, or set DATA_DIR to a new folder.`,
      ),
    );
    expect(await readdir(occupied)).toEqual(['notes.txt']);
  });

  it('a file that is not a backup is refused and leaves the folder empty for another try', async () => {
    const file = path.join(folder, 'not-a-backup.tar.gz');
    await writeFile(file, 'hello');
    const empty = path.join(folder, 'empty');
    await expect(restoreDatabase(file, empty, path.join(empty, 'pglite'))).rejects.toThrow(BackupError);
    expect(await readdir(empty).catch(() => [])).toEqual([]);
  });

  it('a data folder the server holds cannot be opened by another process; once stopped, backup opens it', async () => {
    await expect(openDatabase({ kind: 'pglite', dataDir: livePglite })).rejects.toThrow(DataFolderHeldError);
    liveRunning = false;
    await live.close();
    const file = path.join(folder, 'stopped.tar.gz');
    const backup = await backupDatabase(livePglite, file);
    expect(backup.from).toBe('folder');
    const restoredFolder = path.join(folder, 'from-stopped');
    const restored = await restoreDatabase(file, restoredFolder, path.join(restoredFolder, 'pglite'));
    expect(restored.users).toBeGreaterThan(0);
  }, 60_000);
});

/** Runs `npm run backup|restore -- FILE` as the scripts do, with `env` added; bounded at 60 s. */
function runCli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./backup-cli.ts', import.meta.url)), command, file],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run backup and restore', () => {
  it('restore into a data folder that holds anything stops with exit code 1 and says why', async () => {
    const occupied = path.join(folder, 'cli-occupied');
    await mkdir(occupied, { recursive: true });
    await writeFile(path.join(occupied, 'notes.txt'), 'kept');
    const run = await runCli('restore', path.join(folder, 'any.tar.gz'), {
      DATA_DIR: occupied,
      DATABASE_URL: '',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The data folder ${occupied} is not empty: a restore goes into an empty folder.`,
    );
    expect(await readdir(occupied)).toEqual(['notes.txt']);
  }, 60_000);

  it('on PostgreSQL both commands give the pg_dump and pg_restore commands instead, with exit code 2', async () => {
    for (const command of ['backup', 'restore'] as const) {
      const run = await runCli(command, path.join(folder, 'pg.dump'), {
        DATABASE_URL: 'postgres://school@127.0.0.1:1/school',
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('pg_dump --format=custom');
      expect(run.stderr).toContain('pg_restore');
    }
  }, 60_000);
});
