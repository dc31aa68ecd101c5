import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/roles';
import type { SocketMessage } from '../../domain/sync';
import { type AchievementDoc, AchievementDocKind, type AttendanceDoc } from '../../domain/sync-docs';
import { achievementId, attendanceId } from '../../domain/sync-ids';
import { attendanceHistory, classTeachers, scoreHistory } from '../db/schema';
import { achievementsCollection } from '../modules/achievement/collection';
import { attendanceCollection } from '../modules/attendance/collection';
import { peopleCollection } from '../modules/people/collection';
import { pullThrough } from '../testing/calls';
import {
  createSchoolFixture,
  createTaughtSchools,
  markOf,
  type SchoolFixture,
  schoolActors,
} from '../testing/school-fixture';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { pushCollection, type SyncActor, type SyncCollectionDef } from './engine';

let t: TestApp;
let school: SchoolFixture;
let otherSchool: SchoolFixture;
let teacher: SyncActor;
let otherTeacher: SyncActor;
let student: SyncActor;
let otherStudent: SyncActor;
let admin: SyncActor;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.app.appDeps;
  [school, otherSchool] = await createTaughtSchools(db);
  ({ admin, teacher, otherTeacher, student, otherStudent } = await schoolActors(db, [school, otherSchool]));
});

afterAll(async () => {
  await t.close();
});

async function pullAllOf<Doc extends { id: string; updatedAt: number; _deleted: boolean }>(
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
): Promise<Doc[]> {
  return (await pullThrough(t.app.appDeps.db, def, actor)).documents;
}

function scoreOf(fixture: SchoolFixture, overrides: Partial<AchievementDoc> = {}): AchievementDoc {
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
    points: null,
    finalScore: null,
    comment: null,
    updatedAt: 0,
    _deleted: false,
    ...overrides,
  };
}

const pushAs = <Doc extends { id: string; updatedAt: number; _deleted: boolean }>(
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  rows: { newDocumentState: Doc; assumedMasterState: Doc | null }[],
  offline = false,
) => pushCollection(t.app.appDeps, def, actor, rows, offline);

async function currentAttendance(fixture: SchoolFixture): Promise<AttendanceDoc> {
  const [doc] = (await pullAllOf(attendanceCollection, admin)).filter(
    (row) => row.id === attendanceId(fixture.classStudentId, fixture.scheduleId),
  );
  if (!doc) throw new Error('attendance missing');
  return doc;
}

describe('attendance sync', () => {
  it('a teacher marks a student late offline: stored once, told to the right users, history says offline', async () => {
    const heard = new Map<string, SocketMessage[]>();
    const unsubscribe = [teacher, otherTeacher, student, otherStudent, admin].map((actor) => {
      heard.set(actor.id, []);
      return t.app.appDeps.feed.subscribe(actor.id, (message) => heard.get(actor.id)?.push(message));
    });
    const mark = markOf(school, { status: 2, lateMinutes: 10 });
    expect(
      (
        await pushAs(
          attendanceCollection,
          teacher,
          [{ newDocumentState: mark, assumedMasterState: null }],
          true,
        )
      ).conflicts,
    ).toEqual([]);
    // The answer was lost: the replay changes nothing and writes no second history row.
    expect(
      (
        await pushAs(
          attendanceCollection,
          teacher,
          [{ newDocumentState: mark, assumedMasterState: null }],
          true,
        )
      ).conflicts,
    ).toEqual([]);
    for (const off of unsubscribe) off();

    expect(await currentAttendance(school)).toMatchObject({ status: 2, lateMinutes: 10 });
    const history = await t.app.appDeps.db
      .select()
      .from(attendanceHistory)
      .where(eq(attendanceHistory.attendanceId, mark.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ changedBy: teacher.id, oldStatus: null, newStatus: 2, offline: true });

    // The push also refreshes the subject's dashboard cards, which may tell of stickies and notifications.
    const attendanceNotices = (actor: SyncActor) =>
      heard
        .get(actor.id)
        ?.filter((message) => message.type === 'changed' && message.collections.includes('attendance'));
    const changed = { type: 'changed', collections: ['attendance'] };
    expect(attendanceNotices(teacher)).toEqual([changed]);
    expect(attendanceNotices(student)).toEqual([changed]);
    expect(attendanceNotices(admin)).toEqual([changed]);
    expect(heard.get(otherTeacher.id)).toEqual([]);
    expect(heard.get(otherStudent.id)).toEqual([]);
  });

  it('every role pulls exactly its scope', async () => {
    await pushAs(attendanceCollection, otherTeacher, [
      { newDocumentState: markOf(otherSchool, { status: 1 }), assumedMasterState: null },
    ]);
    const ids = async (actor: SyncActor) =>
      (await pullAllOf(attendanceCollection, actor)).map((doc) => doc.id).sort();
    const mine = attendanceId(school.classStudentId, school.scheduleId);
    const theirs = attendanceId(otherSchool.classStudentId, otherSchool.scheduleId);
    expect(await ids(teacher)).toEqual([mine]);
    expect(await ids(student)).toEqual([mine]);
    expect(await ids(otherTeacher)).toEqual([theirs]);
    expect(await ids(otherStudent)).toEqual([theirs]);
    expect(await ids(admin)).toEqual([mine, theirs].sort());
  });

  it('refuses a foreign row in-band without showing it, and a made-up id', async () => {
    const server = await currentAttendance(otherSchool);
    const foreign = await pushAs(attendanceCollection, teacher, [
      { newDocumentState: { ...server, status: 3 }, assumedMasterState: server },
    ]);
    // The server's state of a row outside the teacher's scope is not theirs to read: the answer is the
    // pushed row, deleted.
    expect(foreign.conflicts).toEqual([
      { document: { ...server, status: 3, updatedAt: 0, _deleted: true }, reason: 'forbidden' },
    ]);
    const student5 = await pushAs(attendanceCollection, student, [
      { newDocumentState: { ...server, status: 3 }, assumedMasterState: server },
    ]);
    expect(student5.conflicts.map((conflict) => conflict.reason)).toEqual(['forbidden']);

    const madeUp = markOf(school, { id: '00000000-0000-4000-8000-00000000abcd', status: 1 });
    const refused = await pushAs(attendanceCollection, admin, [
      { newDocumentState: madeUp, assumedMasterState: null },
    ]);
    expect(refused.conflicts).toEqual([
      { document: { ...madeUp, updatedAt: 0, _deleted: true }, reason: 'invalid' },
    ]);
  });

  it('merges fields two people changed from the same base, keeping the server value where both changed one', async () => {
    const base = await currentAttendance(school);
    // The admin changes the status online first.
    await pushAs(attendanceCollection, admin, [
      { newDocumentState: { ...base, status: 1, lateMinutes: null }, assumedMasterState: base },
    ]);
    // The teacher, still on the old base, wrote a comment and another status offline.
    const answer = await pushAs(
      attendanceCollection,
      teacher,
      [
        {
          newDocumentState: { ...base, status: 3, lateMinutes: null, comment: 'bus late' },
          assumedMasterState: base,
        },
      ],
      true,
    );
    const merged = await currentAttendance(school);
    expect(merged).toMatchObject({ status: 1, lateMinutes: null, comment: 'bus late' });
    expect(answer.conflicts).toEqual([
      { document: merged, reason: 'field_conflict', fields: ['status', 'lateMinutes'] },
    ]);
    const history = await t.app.appDeps.db
      .select()
      .from(attendanceHistory)
      .where(eq(attendanceHistory.attendanceId, base.id));
    expect(history.map((entry) => [entry.newStatus, entry.newComment, entry.offline])).toEqual([
      [2, null, true],
      [1, null, false],
      [1, 'bus late', true],
    ]);
  });
});

describe('score sync', () => {
  it('two pushes creating the same score at once both answer, and the row is stored once', async () => {
    const { db } = t.app.appDeps;
    const fresh = await createSchoolFixture(db);
    await db.insert(classTeachers).values({
      subjectId: fresh.subjectId,
      universityId: fresh.universityId,
      classId: fresh.classId,
      teacherId: fresh.teacherId,
      seq: 1,
    });
    const freshTeacher: SyncActor = { id: fresh.teacherId, role: Role.teacher };
    const score = scoreOf(fresh, { points: 55 });
    const answers = await Promise.all(
      [0, 1].map(() =>
        pushAs(achievementsCollection, freshTeacher, [{ newDocumentState: score, assumedMasterState: null }]),
      ),
    );
    expect(answers.map((answer) => answer.conflicts)).toEqual([[], []]);
    const history = await db.select().from(scoreHistory).where(eq(scoreHistory.achievementId, score.id));
    expect(history.map((entry) => entry.newPoints)).toEqual([55]);
  });

  it('stores a score with its history, refuses points above the full score, merges points and comment', async () => {
    const score = scoreOf(school, { points: 80 });
    expect(
      (
        await pushAs(
          achievementsCollection,
          teacher,
          [{ newDocumentState: score, assumedMasterState: null }],
          true,
        )
      ).conflicts,
    ).toEqual([]);
    const [base] = await pullAllOf(achievementsCollection, student);
    expect(base).toMatchObject({ id: score.id, points: 80, fullScore: 100 });
    if (!base) throw new Error('score missing');

    const tooHigh = await pushAs(achievementsCollection, teacher, [
      { newDocumentState: { ...base, points: 120 }, assumedMasterState: base },
    ]);
    expect(tooHigh.conflicts).toEqual([{ document: base, reason: 'invalid' }]);

    await pushAs(achievementsCollection, admin, [
      { newDocumentState: { ...base, comment: 'good' }, assumedMasterState: base },
    ]);
    await pushAs(achievementsCollection, teacher, [
      { newDocumentState: { ...base, points: 85.5 }, assumedMasterState: base },
    ]);
    const [merged] = await pullAllOf(achievementsCollection, teacher);
    expect(merged).toMatchObject({ points: 85.5, comment: 'good' });

    const history = await t.app.appDeps.db
      .select()
      .from(scoreHistory)
      .where(eq(scoreHistory.achievementId, score.id));
    expect(history.map((entry) => [entry.oldPoints, entry.newPoints, entry.offline])).toEqual([
      [null, 80, true],
      [80, 80, false],
      [80, 85.5, false],
    ]);
    expect(await pullAllOf(achievementsCollection, otherTeacher)).toEqual([]);
  });
});

describe('people sync', () => {
  it('shows each role the people it may see', async () => {
    const names = async (actor: SyncActor) =>
      new Set((await pullAllOf(peopleCollection, actor)).map((doc) => doc.id));
    const teacherSees = await names(teacher);
    expect(teacherSees.has(school.studentUserId)).toBe(true);
    expect(teacherSees.has(otherSchool.studentUserId)).toBe(false);
    expect(teacherSees.has(otherSchool.teacherId)).toBe(true);

    const studentSees = await names(student);
    expect(studentSees.has(school.studentUserId)).toBe(true);
    expect(studentSees.has(otherSchool.studentUserId)).toBe(false);
    expect(studentSees.has(school.teacherId)).toBe(true);

    const adminSees = await names(admin);
    expect(adminSees.has(otherSchool.studentUserId)).toBe(true);
    const [me] = (await pullAllOf(peopleCollection, student)).filter(
      (doc) => doc.id === school.studentUserId,
    );
    expect(me).toMatchObject({ role: Role.student, studentId: school.studentId });
  });
});
