import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import type { SyncCheckpoint } from '../../domain/sync';
import { type AchievementDoc, AchievementDocKind } from '../../domain/sync-docs';
import { achievementId } from '../../domain/sync-ids';
import type { Database } from '../db/client';
import { classStudents, classTeachers, students, subjectStudents, users } from '../db/schema';
import { nextSequence } from '../db/sequence';
import { achievementsCollection } from '../modules/achievement/collection';
import { attendanceCollection } from '../modules/attendance/collection';
import { peopleCollection } from '../modules/people/collection';
import { pullThrough } from '../testing/calls';
import { createSchoolFixture, markOf, type SchoolFixture } from '../testing/school-fixture';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { pushCollection, type SyncActor, type SyncCollectionDef } from './engine';

type AnyDoc = { id: string; updatedAt: number; _deleted: boolean };

let t: TestApp;
let db: Database;
let joined: SchoolFixture;
let own: SchoolFixture;
let admin: SyncActor;
let teacher: SyncActor;

const pullFrom = <Doc extends AnyDoc>(
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  checkpoint: SyncCheckpoint | null,
) => pullThrough(db, def, actor, checkpoint, 20);

/** Runs `work` in a transaction stamped with a fresh sequence, as every writer of replicated rows does. */
async function write(
  work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], seq: number) => Promise<void>,
) {
  await db.transaction(async (tx) => work(tx, await nextSequence(tx)));
}

function scoreOf(fixture: SchoolFixture): AchievementDoc {
  return {
    id: achievementId(fixture.subjectStudentId, fixture.scoreNameId),
    kind: AchievementDocKind.score,
    subjectId: fixture.subjectId,
    universityId: fixture.universityId,
    subjectStudentId: fixture.subjectStudentId,
    studentId: fixture.studentId,
    scoreNameId: fixture.scoreNameId,
    fullScore: 100,
    scheduleId: null,
    points: 80,
    finalScore: null,
    comment: null,
    updatedAt: 0,
    _deleted: false,
  };
}

async function adminWrites(fixture: SchoolFixture) {
  const deps = t.app.appDeps;
  const marks = await pushCollection(
    deps,
    attendanceCollection,
    admin,
    [{ newDocumentState: markOf(fixture), assumedMasterState: null }],
    false,
  );
  const scores = await pushCollection(
    deps,
    achievementsCollection,
    admin,
    [{ newDocumentState: scoreOf(fixture), assumedMasterState: null }],
    false,
  );
  expect([...marks.conflicts, ...scores.conflicts]).toEqual([]);
}

const ids = (docs: readonly AnyDoc[]) => docs.map((doc) => doc.id);

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.appDeps.db;
  joined = await createSchoolFixture(db);
  own = await createSchoolFixture(db);
  const [adminRow] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  if (!adminRow) throw new Error('no demo admin');
  admin = { id: adminRow.id, role: Role.admin };
  teacher = { id: own.teacherId, role: Role.teacher };
  await write(async (tx, seq) => {
    await tx.insert(classTeachers).values({
      subjectId: own.subjectId,
      universityId: own.universityId,
      classId: own.classId,
      teacherId: own.teacherId,
      seq,
    });
  });
  // The other class's marks are written first, the teacher's own class's after: the teacher's checkpoints
  // pass the other class's sequences before the teacher is ever assigned to it.
  await adminWrites(joined);
  await adminWrites(own);
});

afterAll(async () => {
  await t.close();
});

describe('scope change re-sync', () => {
  it('a teacher newly assigned to a class gets its marks, scores and students on the next incremental pull', async () => {
    const before = {
      attendance: await pullFrom(attendanceCollection, teacher, null),
      achievements: await pullFrom(achievementsCollection, teacher, null),
      people: await pullFrom(peopleCollection, teacher, null),
    };
    expect(ids(before.attendance.documents)).toEqual([markOf(own).id]);
    expect(ids(before.achievements.documents)).toEqual([scoreOf(own).id]);
    expect(ids(before.people.documents)).toContain(own.studentUserId);
    expect(ids(before.people.documents)).not.toContain(joined.studentUserId);
    // The other class's rows are older than where the teacher's checkpoints stand.
    expect(before.attendance.checkpoint?.updatedAt).toBeGreaterThan(
      (await pullFrom(attendanceCollection, admin, null)).documents.find(
        (doc) => doc.id === markOf(joined).id,
      )?.updatedAt ?? Number.POSITIVE_INFINITY,
    );

    // Without a change of scope an incremental pull brings nothing again.
    expect((await pullFrom(attendanceCollection, teacher, before.attendance.checkpoint)).documents).toEqual(
      [],
    );

    await write(async (tx, seq) => {
      await tx.insert(classTeachers).values({
        subjectId: joined.subjectId,
        universityId: joined.universityId,
        classId: joined.classId,
        teacherId: own.teacherId,
        seq,
      });
    });

    const attendance = await pullFrom(attendanceCollection, teacher, before.attendance.checkpoint);
    const achievements = await pullFrom(achievementsCollection, teacher, before.achievements.checkpoint);
    const people = await pullFrom(peopleCollection, teacher, before.people.checkpoint);
    expect(ids(attendance.documents)).toContain(markOf(joined).id);
    expect(ids(achievements.documents)).toContain(scoreOf(joined).id);
    expect(ids(people.documents)).toContain(joined.studentUserId);

    // The start-over happens once: the next pull from the new checkpoint is empty again.
    expect((await pullFrom(attendanceCollection, teacher, attendance.checkpoint)).documents).toEqual([]);
    expect((await pullFrom(peopleCollection, teacher, people.checkpoint)).documents).toEqual([]);
  });

  it('a student newly enrolled in a class the teacher teaches reaches the teacher, though their rows are older', async () => {
    const start = await pullFrom(peopleCollection, teacher, null);
    const [studentUser] = await db
      .insert(users)
      .values({
        email: 'late-joiner@fixture.test',
        name: '転入生',
        role: Role.student,
        passwordHash: 'x',
        seq: 1,
      })
      .returning();
    if (!studentUser) throw new Error('no student user');
    const [student] = await db
      .insert(students)
      .values({ userId: studentUser.id, identity: 'S-late', universityId: own.universityId, seq: 1 })
      .returning();
    if (!student) throw new Error('no student');
    const quiet = await pullFrom(peopleCollection, teacher, start.checkpoint);
    expect(ids(quiet.documents)).not.toContain(studentUser.id);

    await write(async (tx, seq) => {
      const partition = { subjectId: own.subjectId, universityId: own.universityId, seq };
      const [enrolment] = await tx
        .insert(subjectStudents)
        .values({ ...partition, studentId: student.id })
        .returning();
      if (!enrolment) throw new Error('no enrolment');
      await tx.insert(classStudents).values({
        ...partition,
        classId: own.classId,
        studentId: student.id,
        subjectStudentId: enrolment.id,
      });
    });

    const after = await pullFrom(peopleCollection, teacher, quiet.checkpoint);
    expect(ids(after.documents)).toContain(studentUser.id);
  });

  it('an admin scope rests on no assignment: a new one never makes an admin pull everything again', async () => {
    const first = await pullFrom(attendanceCollection, admin, null);
    expect(first.checkpoint?.scope).toBe('');
    await write(async (tx, seq) => {
      await tx.insert(classTeachers).values({
        subjectId: own.subjectId,
        universityId: own.universityId,
        classId: own.classId,
        teacherId: joined.teacherId,
        seq,
      });
    });
    expect((await pullFrom(attendanceCollection, admin, first.checkpoint)).documents).toEqual([]);
  });
  it('a teacher unassigned from a class: the next pull starts over under a new scope and leaves the class out', async () => {
    const before = await pullFrom(attendanceCollection, teacher, null);
    expect(ids(before.documents)).toEqual(expect.arrayContaining([markOf(own).id, markOf(joined).id]));
    await write(async (tx, seq) => {
      await tx
        .update(classTeachers)
        .set({ deleted: true, seq })
        .where(and(eq(classTeachers.classId, joined.classId), eq(classTeachers.teacherId, own.teacherId)));
    });
    // The re-pull from the old checkpoint starts over: the device learns the complete scope, which the
    // client compares with what it holds (src/sync/replicate-collection.ts drops the rest).
    const after = await pullFrom(attendanceCollection, teacher, before.checkpoint);
    expect(after.checkpoint?.scope).not.toBe(before.checkpoint?.scope);
    expect(ids(after.documents)).toEqual([markOf(own).id]);
    expect((await pullFrom(attendanceCollection, teacher, after.checkpoint)).documents).toEqual([]);
  });
});
