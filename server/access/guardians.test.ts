import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttendanceStatus } from '../../domain/attendance';
import { PublishState } from '../../domain/lessons';
import { RequestOption } from '../../domain/requests';
import { Role } from '../../domain/roles';
import { SYNC_COLLECTION_ROLES, SyncCollection } from '../../domain/sync';
import { attendanceId } from '../../domain/sync-ids';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { attendances, guardianLinks, lessons, students, users } from '../db/schema';
import { nextSequence } from '../db/sequence';
import { call, waitForWatermark } from '../testing/calls';
import {
  type ClassPlace,
  createMatrixSchool,
  freshNotification,
  freshRequest,
  freshSitting,
  type MatrixSchool,
} from '../testing/matrix-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../testing/test-app';
import { liveGuardiansOf, wardsOf } from './guardians';

// Two families (issue 43): the demo guardian (A) is linked to the demo student, who sits in the matrix
// school's owned class; a second guardian (B) to the student of the other class of that subject. Each pull of
// A holds only A's child's rows, each of B only B's; a guardian with no child pulls nothing of the school, and
// one whose link ended loses the child at the next pull.

const GUARDIAN_COLLECTIONS = Object.values(SyncCollection).filter(
  (collection) =>
    collection !== SyncCollection.master && SYNC_COLLECTION_ROLES[collection].pull.includes(Role.guardian),
);

type Doc = Record<string, unknown> & { id: string };

let t: TestApp;
let db: Database;
let school: MatrixSchool;
const family = {} as Record<
  'a' | 'b',
  { guardianId: string; session: TestSession; place: ClassPlace; wards: Set<string>; wardUsers: string[] }
>;
/** Rows of each child, by collection: what the family's pulls must hold and the other's must not. */
const rowsOf = { a: new Map<SyncCollection, string[]>(), b: new Map<SyncCollection, string[]>() };

async function newGuardian(email: string): Promise<string> {
  const [demo] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.guardian));
  if (!demo) throw new Error('no demo guardian');
  const [user] = await db
    .insert(users)
    .values({ email, name: `保護者 ${email}`, role: Role.guardian, passwordHash: demo.passwordHash, seq: 1 })
    .returning({ id: users.id });
  if (!user) throw new Error('no guardian');
  return user.id;
}

async function insertMark(place: ClassPlace): Promise<string> {
  const scheduleId = await freshSitting(db, place);
  const id = attendanceId(place.classStudentId, scheduleId);
  await db.transaction(async (tx) => {
    await tx.insert(attendances).values({
      id,
      subjectId: place.subjectId,
      universityId: place.universityId,
      classStudentId: place.classStudentId,
      studentId: place.studentId,
      scheduleId,
      status: AttendanceStatus.absent,
      seq: await nextSequence(tx),
    });
  });
  return id;
}

async function studentUserId(studentId: string): Promise<string> {
  const [row] = await db.select({ id: students.userId }).from(students).where(eq(students.id, studentId));
  if (!row) throw new Error('no student');
  return row.id;
}

const wardRow = z.object({ student_id: z.string(), user_id: z.string() });

/** A guardian's children as the link table holds them (read here, not through the code under test). */
async function linkedChildren(guardianId: string): Promise<{ wards: Set<string>; wardUsers: string[] }> {
  const rows = await queryRows(
    db,
    sql`select s.id::text as student_id, s.user_id::text as user_id from guardian_links gl
        join students s on s.id = gl.student_id where gl.guardian_id = ${guardianId} and gl.ended_at is null`,
    wardRow,
  );
  return {
    wards: new Set(rows.map((row) => row.student_id)),
    wardUsers: rows.map((row) => row.user_id).sort(),
  };
}

/** Every document of a collection's pull, page by page. */
async function pulled(session: TestSession, collection: SyncCollection): Promise<Doc[]> {
  return (await pulledFrom(session, collection, null)).documents;
}

/** The documents of a collection's pull from `from` (a device's checkpoint) to its end, and the checkpoint then. */
async function pulledFrom(
  session: TestSession,
  collection: SyncCollection,
  from: unknown,
): Promise<{ documents: Doc[]; checkpoint: unknown }> {
  await waitForWatermark(db);
  const documents: Doc[] = [];
  let checkpoint: unknown = from;
  for (let page = 0; page < 100; page++) {
    const query = new URLSearchParams({ limit: '500' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const response = await call(t.app, session, 'GET', `/api/sync/${collection}/pull?${query}`);
    if (response.statusCode !== 200)
      throw new Error(`${collection}: ${response.statusCode} ${response.body}`);
    const body = response.json() as { documents: Doc[]; checkpoint: unknown };
    documents.push(...body.documents.filter((doc) => doc._deleted !== true));
    checkpoint = body.checkpoint;
    if (body.documents.length < 500) return { documents, checkpoint };
  }
  throw new Error(`${collection} did not end within 100 pages`);
}

/** The student ids a pull's documents name (a card names its student by the user id instead). */
function studentsNamed(docs: readonly Doc[]): Set<string> {
  return new Set(docs.flatMap((doc) => (typeof doc.studentId === 'string' ? [doc.studentId] : [])));
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
  school = await createMatrixSchool(db);
  await db
    .update(lessons)
    .set({ publish: PublishState.published })
    .where(sql`${lessons.subjectId} = ${school.owned.subjectId}`);
  family.a = {
    guardianId: school.userIds.guardian,
    session: await signIn(t.app, DEMO_ACCOUNTS.guardian),
    place: school.owned,
    ...(await linkedChildren(school.userIds.guardian)),
  };
  const guardianB = await newGuardian('guardian-b@fixture.test');
  await db.insert(guardianLinks).values({ guardianId: guardianB, studentId: school.sameSubject.studentId });
  family.b = {
    guardianId: guardianB,
    session: await signIn(t.app, 'guardian-b@fixture.test'),
    place: school.sameSubject,
    ...(await linkedChildren(guardianB)),
  };
  expect(family.a.wards).toContain(school.owned.studentId);
  expect(family.a.wards).not.toContain(school.sameSubject.studentId);
  for (const who of ['a', 'b'] as const) {
    const place = family[who].place;
    rowsOf[who].set(SyncCollection.attendance, [await insertMark(place)]);
    rowsOf[who].set(SyncCollection.requests, [await freshRequest(db, place, RequestOption.absent)]);
    rowsOf[who].set(SyncCollection.notifications, [await freshNotification(db, family[who].guardianId)]);
    rowsOf[who].set(SyncCollection.people, [await studentUserId(place.studentId)]);
  }
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('two families: each guardian pulls their own child’s rows only', () => {
  for (const collection of GUARDIAN_COLLECTIONS) {
    it(collection, async () => {
      for (const [who, other] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const docs = await pulled(family[who].session, collection);
        const ids = new Set(docs.map((doc) => doc.id));
        for (const id of rowsOf[who].get(collection) ?? [])
          expect(ids, `${who} holds its ${collection}`).toContain(id);
        for (const id of rowsOf[other].get(collection) ?? [])
          expect(ids, `${who} holds ${other}'s ${collection}`).not.toContain(id);
        // Whatever names a student names one of this family's children, whoever made the row.
        for (const student of studentsNamed(docs)) expect(family[who].wards).toContain(student);
        if (collection === SyncCollection.people) {
          const studentCards = docs.filter((doc) => doc.role === Role.student).map((doc) => doc.id);
          expect(studentCards.sort()).toEqual(family[who].wardUsers);
        }
      }
    });
  }

  it('answers the guardians of each child, with their address and language, and each guardian’s wards', async () => {
    const guardians = await liveGuardiansOf(db, [school.owned.studentId, school.sameSubject.studentId]);
    expect(guardians.map((row) => [row.studentId, row.guardianId])).toEqual(
      expect.arrayContaining([
        [school.owned.studentId, family.a.guardianId],
        [school.sameSubject.studentId, family.b.guardianId],
      ]),
    );
    expect(guardians.find((row) => row.guardianId === family.b.guardianId)).toMatchObject({
      email: 'guardian-b@fixture.test',
      locale: 'ja',
    });
    expect((await wardsOf(db, family.b.guardianId)).map((ward) => ward.studentId)).toEqual([
      school.sameSubject.studentId,
    ]);
    // The demo guardian has two children: the demo student and a classmate.
    expect(await wardsOf(db, family.a.guardianId)).toHaveLength(2);
  });
});

describe('a guardian’s name card reaches those who read the requests they file', () => {
  const cardIds = async (session: TestSession) =>
    new Set((await pulled(session, SyncCollection.people)).map((doc) => doc.id));

  it('the child, the child’s teachers and the co-guardians hold it; another family and its teachers do not', async () => {
    const [student, teacher, teacher2] = await Promise.all([
      signIn(t.app, DEMO_ACCOUNTS.student),
      signIn(t.app, DEMO_ACCOUNTS.teacher),
      signIn(t.app, 'teacher2@demo.test'),
    ]);
    // The demo student sits in the owned class (the demo teacher's); family B's child in teacher2's class.
    const seen = {
      student: await cardIds(student),
      teacher: await cardIds(teacher),
      teacher2: await cardIds(teacher2),
      a: await cardIds(family.a.session),
      b: await cardIds(family.b.session),
    };
    const holds = (guardianId: string) =>
      Object.fromEntries(Object.entries(seen).map(([who, ids]) => [who, ids.has(guardianId)]));
    expect(holds(family.a.guardianId)).toEqual({
      student: true,
      teacher: true,
      teacher2: false,
      a: true,
      b: false,
    });
    expect(holds(family.b.guardianId)).toEqual({
      student: false,
      teacher: false,
      teacher2: true,
      a: false,
      b: true,
    });
  });

  it('a guardian linked later reaches a device that pulled before, at its next pull', async () => {
    const student = await signIn(t.app, DEMO_ACCOUNTS.student);
    const before = await pulledFrom(student, SyncCollection.people, null);
    const late = await newGuardian('guardian-late@fixture.test');
    expect(before.documents.map((doc) => doc.id)).not.toContain(late);
    await db.insert(guardianLinks).values({ guardianId: late, studentId: school.owned.studentId });
    const after = await pulledFrom(student, SyncCollection.people, before.checkpoint);
    expect(after.documents.map((doc) => doc.id)).toContain(late);
    // The co-guardian sees the newcomer too; the link ends and the card leaves the next full pull.
    expect(await cardIds(family.a.session)).toContain(late);
    await db.update(guardianLinks).set({ endedAt: new Date() }).where(eq(guardianLinks.guardianId, late));
    expect(await cardIds(student)).not.toContain(late);
  });
});

describe('a guardian without a live link', () => {
  it('signs in and pulls nothing of the school; an ended link takes the child away at the next pull', async () => {
    const lone = await newGuardian('guardian-c@fixture.test');
    const session = await signIn(t.app, 'guardian-c@fixture.test');
    expect((await call(t.app, session, 'GET', '/api/me')).statusCode).toBe(200);
    for (const collection of GUARDIAN_COLLECTIONS) {
      const docs = await pulled(session, collection);
      const ofSchool = docs.filter(
        (doc) =>
          collection !== SyncCollection.people || (doc.role !== Role.teacher && doc.role !== Role.admin),
      );
      // The lone guardian's own card is theirs; staff cards name who teaches, nobody's record.
      expect(
        ofSchool.filter((doc) => doc.id !== lone).map((doc) => doc.id),
        collection,
      ).toEqual([]);
    }

    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
    const ended = await call(
      t.app,
      admin,
      'DELETE',
      `/api/students/${school.sameSubject.studentId}/guardians/${family.b.guardianId}`,
    );
    expect(ended.statusCode).toBe(200);
    expect(await pulled(family.b.session, SyncCollection.attendance)).toEqual([]);
    expect(await pulled(family.b.session, SyncCollection.requests)).toEqual([]);
    expect(await liveGuardiansOf(db, [school.sameSubject.studentId])).toEqual([]);
    const [link] = await queryRows(
      db,
      sql`select (ended_at is not null) as ended from guardian_links where guardian_id = ${family.b.guardianId}`,
      z.object({ ended: z.boolean() }),
    );
    expect(link?.ended).toBe(true);
  });
});
