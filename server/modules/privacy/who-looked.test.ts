import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessKind } from '../../../domain/access-log';
import { Role } from '../../../domain/roles';
import type { MyAccessReadPage, StaffAccessReadPage } from '../../../domain/schemas/privacy';
import type { Database } from '../../db/client';
import { guardianLinks, students, users } from '../../db/schema';
import { createScoreClassFixture, type ScoreClassFixture } from '../../testing/achievement-fixture';
import { call } from '../../testing/calls';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { ACCESS_LOG_PAGE } from './access-log-reads';

// Issue 46: a guardian's "who looked at my child's record" (each linked child, no other family's), and the
// admin's log of one staff member's reads, paged. docs/access-log.md, "Who sees it".

let t: TestApp;
let db: Database;
let f: ScoreClassFixture;
const sessions: Record<string, TestSession> = {};
/** The demo student (a child of the demo guardian) and the fixture's student (the second family's child). */
let childA: string;
let childB: string;
let teacherId: string;
let adminName: string;

const session = (name: string): TestSession => {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
};

async function userOf(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function studentOf(email: string): Promise<string> {
  const user = await userOf(email);
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, user.id));
  if (!row) throw new Error(`no student record for ${email}`);
  return row.id;
}

async function whoLooked(who: string, studentId: string) {
  await t.app.appDeps.accessLog.flush();
  return call(t.app, session(who), 'GET', `/api/students/${studentId}/who-looked`);
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.appDeps.db;
  f = await createScoreClassFixture(db);
  childA = await studentOf(DEMO_ACCOUNTS.student);
  childB = f.studentId;
  teacherId = (await userOf(DEMO_ACCOUNTS.teacher)).id;
  adminName = (await userOf(DEMO_ACCOUNTS.admin)).name;
  // The second family: a guardian of the fixture's student alone, signing in with the demo guardian's password.
  const demoGuardian = await userOf(DEMO_ACCOUNTS.guardian);
  const [guardianB] = await db
    .insert(users)
    .values({
      email: 'guardian-b@fixture.test',
      name: '保護者B',
      role: Role.guardian,
      passwordHash: demoGuardian.passwordHash,
      seq: 1,
    })
    .returning({ id: users.id });
  if (!guardianB) throw new Error('no second guardian');
  await db.insert(guardianLinks).values({ guardianId: guardianB.id, studentId: childB });
  for (const [name, email] of [
    ['admin', DEMO_ACCOUNTS.admin],
    ['teacher', DEMO_ACCOUNTS.teacher],
    ['student', DEMO_ACCOUNTS.student],
    ['guardianA', DEMO_ACCOUNTS.guardian],
    ['guardianB', 'guardian-b@fixture.test'],
  ] as const) {
    sessions[name] = await signIn(t.app, email);
  }
});

afterAll(async () => {
  await t.close();
});

describe('a guardian sees who looked at their child’s record', () => {
  it('each family sees the reads of their own child, and another family’s child is not found', async () => {
    for (const child of [childA, childB]) {
      expect((await call(t.app, session('admin'), 'GET', `/api/students/${child}`)).statusCode).toBe(200);
    }
    for (const [guardian, own, other] of [
      ['guardianA', childA, childB],
      ['guardianB', childB, childA],
    ] as const) {
      const mine = await whoLooked(guardian, own);
      expect(mine.statusCode, `${guardian} reads their child's log`).toBe(200);
      const page = mine.json() as MyAccessReadPage;
      expect(page.entries).toContainEqual(
        expect.objectContaining({
          kind: AccessKind.studentScreen,
          reader: { name: adminName, role: Role.admin },
        }),
      );
      expect((await whoLooked(guardian, other)).statusCode, `${guardian} on another family's child`).toBe(
        404,
      );
    }
  });

  it('lists the other readers, not the guardian’s own reads of their child', async () => {
    const guardianA = await userOf(DEMO_ACCOUNTS.guardian);
    const read = await call(
      t.app,
      session('guardianA'),
      'GET',
      `/api/students/${childA}/achievement-attendance`,
    );
    expect(read.statusCode).toBe(200);
    const own = (await whoLooked('guardianA', childA)).json() as MyAccessReadPage;
    expect(own.entries.some((entry) => entry.reader.name === guardianA.name)).toBe(false);
    // The student sees their guardian's read.
    const student = (await whoLooked('student', childA)).json() as MyAccessReadPage;
    expect(student.entries).toContainEqual(
      expect.objectContaining({
        kind: AccessKind.studentRecord,
        reader: { name: guardianA.name, role: Role.guardian },
      }),
    );
  });

  it('the student reads their own, not a classmate’s; staff are refused by the role table', async () => {
    expect((await whoLooked('student', childA)).statusCode).toBe(200);
    expect((await whoLooked('student', childB)).statusCode).toBe(404);
    for (const who of ['admin', 'teacher']) expect((await whoLooked(who, childA)).statusCode).toBe(403);
  });
});

describe('an admin reads one staff member’s reads, page by page', () => {
  it('newest first, 50 a page, each with the students it named, until the end', async () => {
    const reads = ACCESS_LOG_PAGE + 5;
    for (let n = 0; n < reads; n += 1) {
      const sheet = await call(t.app, session('teacher'), 'GET', `/api/attendance/${f.classId}`);
      expect(sheet.statusCode).toBe(200);
    }
    await t.app.appDeps.accessLog.flush();
    const url = `/api/users/${teacherId}/access-log`;
    const first = await call(t.app, session('admin'), 'GET', url);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as StaffAccessReadPage;
    expect(page1.entries).toHaveLength(ACCESS_LOG_PAGE);
    expect(page1.next).not.toBeNull();
    const second = await call(t.app, session('admin'), 'GET', `${url}?before=${page1.next}`);
    const page2 = second.json() as StaffAccessReadPage;
    expect(page2.entries.length).toBeGreaterThanOrEqual(5);
    expect(page2.next).toBeNull();
    const ids = [...page1.entries, ...page2.entries].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const sheets = [...page1.entries, ...page2.entries].filter(
      (entry) => entry.kind === AccessKind.classSheet,
    );
    expect(sheets.length).toBeGreaterThanOrEqual(reads);
    for (const entry of sheets.slice(0, reads)) {
      expect(entry.reader).toMatchObject({ id: teacherId, role: Role.teacher });
      expect(entry.students.map((student) => student.id)).toContain(childA);
      expect(entry.students_count).toBe(entry.students.length);
    }
    for (const who of ['teacher', 'student', 'guardianA']) {
      expect((await call(t.app, session(who), 'GET', url)).statusCode, who).toBe(403);
    }
  });
});
