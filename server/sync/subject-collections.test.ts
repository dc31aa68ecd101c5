import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import type { LessonDoc, ScheduleDoc, SubjectDoc } from '../../domain/sync-docs';
import {
  classTeachers,
  highlights,
  lessons,
  scheduleTeachers,
  subjectClasses,
  subjects,
  users,
} from '../db/schema';
import { nextSequence } from '../db/sequence';
import { lessonsCollection } from '../modules/lessons/collection';
import { schedulesCollection } from '../modules/schedules/collection';
import { subjectsCollection } from '../modules/subjects/collection';
import { call, pullThrough } from '../testing/calls';
import { createTaughtSchools, type SchoolFixture } from '../testing/school-fixture';
import { buildTestApp, signIn, type TestApp } from '../testing/test-app';
import { pushCollection, type SyncActor, type SyncCollectionDef } from './engine';

let t: TestApp;
let school: SchoolFixture;
let otherSchool: SchoolFixture;
let teacher: SyncActor;
let scheduleOnlyTeacher: SyncActor;
let otherTeacher: SyncActor;
let student: SyncActor;
let otherStudent: SyncActor;
let admin: SyncActor;
let observer: SyncActor;
let secondClassId: string;
let hiddenHighlightId: string;

async function demoUser(email: string, role: typeof Role.admin | typeof Role.observer): Promise<SyncActor> {
  const [row] = await t.app.appDeps.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return { id: row.id, role };
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.app.appDeps;
  [school, otherSchool] = await createTaughtSchools(db);
  const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
  // A second class of the subject that nobody assigned to the fixture's teacher.
  const [second] = await db
    .insert(subjectClasses)
    .values({ ...partition, classNameId: school.otherClassNameId })
    .returning();
  if (!second) throw new Error('no second class');
  secondClassId = second.id;
  // The other school's teacher also sits on one schedule of this subject, and on no class of it.
  await db
    .insert(scheduleTeachers)
    .values({ ...partition, scheduleId: school.scheduleId, teacherId: otherSchool.teacherId });
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, school.lessonId));
  const [hidden] = await db
    .insert(highlights)
    .values([
      { ...partition, type: 0, conditionType: 2, compareType: 1, value: 2, hidden: false },
      { ...partition, type: 0, conditionType: 3, compareType: 1, value: 1, hidden: true },
    ])
    .returning()
    .then((rows) => rows.filter((row) => row.hidden));
  if (!hidden) throw new Error('no hidden highlight');
  hiddenHighlightId = hidden.id;
  admin = await demoUser('admin@demo.test', Role.admin);
  observer = await demoUser('observer@demo.test', Role.observer);
  teacher = { id: school.teacherId, role: Role.teacher };
  otherTeacher = { id: otherSchool.teacherId, role: Role.teacher };
  scheduleOnlyTeacher = otherTeacher;
  student = { id: school.studentUserId, role: Role.student };
  otherStudent = { id: otherSchool.studentUserId, role: Role.student };
});

afterAll(async () => {
  await t.close();
});

async function pullAllOf<Doc extends { id: string; updatedAt: number; _deleted: boolean }>(
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
): Promise<Doc[]> {
  return (await pullThrough(t.app.appDeps.db, def, actor, null, 7)).documents;
}

/** The `kind:id` keys of the subject rows an actor pulls that belong to one of the fixtures' subjects. */
async function subjectKeys(actor: SyncActor): Promise<Set<string>> {
  const fixtureSubjects = new Set([
    school.subjectId,
    school.otherSubjectId,
    otherSchool.subjectId,
    otherSchool.otherSubjectId,
  ]);
  const docs: SubjectDoc[] = await pullAllOf(subjectsCollection, actor);
  return new Set(
    docs.filter((doc) => fixtureSubjects.has(doc.subjectId)).map((doc) => `${doc.kind}:${doc.id}`),
  );
}

describe('subjects sync', () => {
  it('a teacher pulls the subjects they work in, every class read-only, students of their own classes only', async () => {
    const keys = await subjectKeys(teacher);
    expect(keys).toEqual(
      new Set([
        `subject:${school.subjectId}`,
        `class:${school.classId}`,
        `class:${secondClassId}`,
        `classStudent:${school.classStudentId}`,
        `scoreName:${school.scoreNameId}`,
        ...[...(await subjectKeys(admin))].filter((key) => key.startsWith('highlight:')),
      ]),
    );
    const docs: SubjectDoc[] = await pullAllOf(subjectsCollection, teacher);
    const mine = docs.find((doc) => doc.id === school.classId);
    const notMine = docs.find((doc) => doc.id === secondClassId);
    expect(mine?.teacherIds).toEqual([school.teacherId]);
    expect(notMine?.teacherIds).toEqual([]);
    const enrolment = docs.find((doc) => doc.id === school.classStudentId);
    expect(enrolment).toMatchObject({
      kind: 'classStudent',
      classId: school.classId,
      studentId: school.studentId,
      subjectStudentId: school.subjectStudentId,
    });
    expect(docs.find((doc) => doc.id === school.scoreNameId)).toMatchObject({
      fullScore: 100,
      parentId: null,
    });
  });

  it('a teacher with only a schedule in a subject sees it, but none of its students', async () => {
    const keys = await subjectKeys(scheduleOnlyTeacher);
    expect(keys.has(`subject:${school.subjectId}`)).toBe(true);
    expect(keys.has(`class:${school.classId}`)).toBe(true);
    expect(keys.has(`classStudent:${school.classStudentId}`)).toBe(false);
    expect(keys.has(`classStudent:${otherSchool.classStudentId}`)).toBe(true);
  });

  it('a student pulls only their own enrolment, and no hidden highlight', async () => {
    const keys = await subjectKeys(student);
    expect(keys.has(`subject:${school.subjectId}`)).toBe(true);
    expect(keys.has(`classStudent:${school.classStudentId}`)).toBe(true);
    expect(keys.has(`subject:${school.otherSubjectId}`)).toBe(false);
    expect(keys.has(`subject:${otherSchool.subjectId}`)).toBe(false);
    expect(keys.has(`classStudent:${otherSchool.classStudentId}`)).toBe(false);
    expect(keys.has(`highlight:${hiddenHighlightId}`)).toBe(false);
    expect([...keys].some((key) => key.startsWith('highlight:'))).toBe(true);
    expect(await subjectKeys(otherStudent)).not.toContain(`classStudent:${school.classStudentId}`);
  });

  it('admins and observers pull every subject; a draft subject is hidden from its students', async () => {
    for (const actor of [admin, observer]) {
      const keys = await subjectKeys(actor);
      for (const fixture of [school, otherSchool]) {
        expect(keys.has(`subject:${fixture.subjectId}`)).toBe(true);
        expect(keys.has(`subject:${fixture.otherSubjectId}`)).toBe(true);
        expect(keys.has(`classStudent:${fixture.classStudentId}`)).toBe(true);
      }
    }
    const { db } = t.app.appDeps;
    await db
      .update(subjects)
      .set({ publish: PublishState.draft })
      .where(eq(subjects.id, otherSchool.subjectId));
    expect((await subjectKeys(otherStudent)).size).toBe(0);
    expect((await subjectKeys(otherTeacher)).has(`subject:${otherSchool.subjectId}`)).toBe(true);
    await db
      .update(subjects)
      .set({ publish: PublishState.published })
      .where(eq(subjects.id, otherSchool.subjectId));
  });

  it('a class row moves forward when its teachers change, so replicas learn of it', async () => {
    const { db } = t.app.appDeps;
    const before = (await pullAllOf(subjectsCollection, admin)).find((doc) => doc.id === secondClassId);
    await db.transaction(async (tx) => {
      await tx.insert(classTeachers).values({
        subjectId: school.subjectId,
        universityId: school.universityId,
        classId: secondClassId,
        teacherId: otherSchool.teacherId,
        seq: await nextSequence(tx),
      });
    });
    const after = (await pullAllOf(subjectsCollection, admin)).find((doc) => doc.id === secondClassId);
    expect(after?.teacherIds).toEqual([otherSchool.teacherId]);
    expect(after?.updatedAt ?? 0).toBeGreaterThan(before?.updatedAt ?? 0);
    expect((await subjectKeys(otherTeacher)).has(`classStudent:${school.classStudentId}`)).toBe(false);
  });

  it('nobody pushes subjects, and the super admin may not pull them', async () => {
    const [doc] = await pullAllOf(subjectsCollection, admin);
    if (!doc) throw new Error('nothing pulled');
    const answer = await pushCollection(
      t.app.appDeps,
      subjectsCollection,
      admin,
      [{ newDocumentState: { ...doc, name: 'changed' }, assumedMasterState: doc }],
      false,
    );
    expect(answer.conflicts.map((conflict) => conflict.reason)).toEqual(['forbidden']);
    const superAdmin = await signIn(t.app, 'super@demo.test');
    for (const name of ['subjects', 'schedules', 'lessons']) {
      expect((await call(t.app, superAdmin, 'GET', `/api/sync/${name}/pull`)).statusCode).toBe(403);
    }
  });
});

describe('schedules and lessons sync', () => {
  const ids = (docs: { id: string }[]) => new Set(docs.map((doc) => doc.id));

  it('teachers pull every lesson and schedule of their subjects, drafts included, with the schedule teachers', async () => {
    const lessonIds = ids(await pullAllOf(lessonsCollection, teacher));
    expect(lessonIds.has(school.lessonId)).toBe(true);
    expect(lessonIds.has(school.examId)).toBe(true);
    expect(lessonIds.has(otherSchool.lessonId)).toBe(false);
    const schedules: ScheduleDoc[] = await pullAllOf(schedulesCollection, teacher);
    const schedule = schedules.find((doc) => doc.id === school.scheduleId);
    expect(schedule).toMatchObject({
      classId: school.classId,
      lessonId: school.lessonId,
      day: '2026-04-10',
      startTime: '09:00',
      endTime: '10:30',
      teacherIds: [otherSchool.teacherId],
    });
    expect(ids(schedules).has(otherSchool.scheduleId)).toBe(false);
    expect(ids(await pullAllOf(schedulesCollection, scheduleOnlyTeacher)).has(school.scheduleId)).toBe(true);
  });

  it('students pull the published lessons of their subjects and their schedules, never drafts', async () => {
    const lessonsSeen: LessonDoc[] = await pullAllOf(lessonsCollection, student);
    expect(ids(lessonsSeen)).toEqual(new Set([school.lessonId]));
    expect(ids(await pullAllOf(schedulesCollection, student))).toEqual(new Set([school.scheduleId]));
    expect(await pullAllOf(lessonsCollection, otherStudent)).toEqual([]);
    expect(await pullAllOf(schedulesCollection, otherStudent)).toEqual([]);
  });

  it('admins and observers pull every lesson and schedule', async () => {
    for (const actor of [admin, observer]) {
      const lessonIds = ids(await pullAllOf(lessonsCollection, actor));
      const scheduleIds = ids(await pullAllOf(schedulesCollection, actor));
      for (const fixture of [school, otherSchool]) {
        expect(lessonIds.has(fixture.examId)).toBe(true);
        expect(scheduleIds.has(fixture.scheduleId)).toBe(true);
      }
    }
  });

  it('a deleted lesson reaches replicas as the deletion of its schedules, from their checkpoint', async () => {
    const { db } = t.app.appDeps;
    const { checkpoint } = await pullThrough(db, schedulesCollection, admin);
    await db.transaction(async (tx) => {
      await tx
        .update(lessons)
        .set({ deleted: true, seq: await nextSequence(tx) })
        .where(eq(lessons.id, otherSchool.lessonId));
    });
    const { documents } = await pullThrough(db, schedulesCollection, admin, checkpoint);
    expect(documents.filter((doc) => doc.id === otherSchool.scheduleId).map((doc) => doc._deleted)).toEqual([
      true,
    ]);
  });
});
