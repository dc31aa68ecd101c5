import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayIdOf } from '../../../domain/copy-subject';
import { ErrorCode } from '../../../domain/errors';
import { PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import type { Subject } from '../../../domain/schemas/subjects';
import { SubjectDocKind } from '../../../domain/sync-docs';
import { nextDateOnWeekday } from '../../../domain/weekdays';
import { classStudents, classTeachers, lessons, schedules, subjects, users } from '../../db/schema';
import type { SyncActor } from '../../sync/engine';
import { call, pullThrough } from '../../testing/calls';
import { createSchoolFixture, demoAdminActor, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { lessonsCollection } from '../lessons/collection';
import { schedulesCollection } from '../schedules/collection';
import { subjectsCollection } from './collection';

// Registering later (issue #17): a copy saved temporarily is a draft subject; an admin registers it from its
// screen, and it then means what the copy's register means.

type Who = keyof typeof DEMO_ACCOUNTS;

let t: TestApp;
let school: SchoolFixture;
const sessions = new Map<Who, TestSession>();

function as(who: Who): TestSession {
  const found = sessions.get(who);
  if (!found) throw new Error(`no session ${who}`);
  return found;
}

const publishUrl = (subjectId: string) => `/api/academic/subjects/${subjectId}/publish`;

beforeAll(async () => {
  t = await buildTestApp();
  school = await createSchoolFixture(t.db);
  for (const who of Object.keys(DEMO_ACCOUNTS) as Who[])
    sessions.set(who, await signIn(t.app, DEMO_ACCOUNTS[who]));
});

afterAll(async () => {
  await t?.close();
});

/** Copies the fixture's subject with "save temporarily", its class meeting on the same weekday next term. */
async function draftCopy(): Promise<Subject> {
  const weekday = weekdayIdOf('2026-04-10');
  if (weekday === null) throw new Error('no weekday');
  const copied = await call(t.app, as('admin'), 'POST', `/api/academic/subjects/${school.subjectId}/copy`, {
    isPublic: false,
    schedules: [
      {
        class_name_id: school.classNameId,
        suggest_date: weekday,
        day: nextDateOnWeekday('2026-10-01', weekday) ?? '',
        start_time: '09:00',
        end_time: '10:30',
        teacher_id: [],
        room_id: school.roomId,
      },
    ],
  });
  if (copied.statusCode !== 200) throw new Error(`copy: ${copied.statusCode} ${copied.body}`);
  const read = await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${copied.json().id}`);
  return read.json();
}

async function subjectRow(subjectId: string) {
  const [row] = await t.db.select().from(subjects).where(eq(subjects.id, subjectId));
  if (!row) throw new Error(`no subject ${subjectId}`);
  return row;
}

async function lessonStates(subjectId: string): Promise<number[]> {
  const rows = await t.db
    .select({ publish: lessons.publish })
    .from(lessons)
    .where(and(eq(lessons.subjectId, subjectId), eq(lessons.deleted, false)));
  return rows.map((row) => row.publish);
}

describe('registering a draft subject later', () => {
  it('publishes the copy and its lessons, and they reach the devices of its students and of the staff', async () => {
    const copy = await draftCopy();
    expect(copy.publish).toBe(PublishState.draft);
    expect(copy.lessons.map((lesson) => lesson.publish)).toEqual([PublishState.draft, PublishState.draft]);
    const [copyClass] = copy.class_with_students;
    if (!copyClass) throw new Error('no class in the copy');
    // The fixture's student is seated in the draft, then a change they do see moves their checkpoint past it.
    const seated = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${copy.id}/add-students-to-classes`,
      { subjectId: copy.id, classes: [{ class_id: copyClass.id, student_ids: [school.studentId] }] },
    );
    expect(seated.statusCode).toBe(200);
    const formula = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${school.subjectId}/formula`,
      { formula: '筆記 * 2' },
    );
    expect(formula.statusCode).toBe(200);

    const student: SyncActor = { id: school.studentUserId, role: Role.student };
    const admin = await demoAdminActor(t.db);
    const before = {
      subjects: await pullThrough(t.db, subjectsCollection, student),
      lessons: await pullThrough(t.db, lessonsCollection, student),
      schedules: await pullThrough(t.db, schedulesCollection, student),
      admin: await pullThrough(t.db, subjectsCollection, admin),
      adminLessons: await pullThrough(t.db, lessonsCollection, admin),
    };
    expect(before.subjects.documents.filter((doc) => doc.subjectId === copy.id)).toEqual([]);
    const [seat] = await t.db.select().from(classStudents).where(eq(classStudents.classId, copyClass.id));
    expect(before.subjects.checkpoint?.updatedAt ?? 0).toBeGreaterThan(seat?.seq ?? Number.MAX_SAFE_INTEGER);

    const published = await call(t.app, as('admin'), 'POST', publishUrl(copy.id), {});
    expect(published.statusCode, published.body).toBe(200);
    const answer: Subject = published.json();
    expect(answer.publish).toBe(PublishState.published);
    expect(answer.lessons.map((lesson) => lesson.publish)).toEqual([
      PublishState.published,
      PublishState.published,
    ]);

    const own = <Doc extends { subjectId: string }>(docs: Doc[]) =>
      docs.filter((doc) => doc.subjectId === copy.id);
    const studentSubjects = own(
      (await pullThrough(t.db, subjectsCollection, student, before.subjects.checkpoint)).documents,
    );
    expect(studentSubjects.find((doc) => doc.kind === SubjectDocKind.subject)).toMatchObject({
      id: copy.id,
      publish: PublishState.published,
    });
    expect(studentSubjects.find((doc) => doc.kind === SubjectDocKind.subjectClass)?.id).toBe(copyClass.id);
    expect(studentSubjects.find((doc) => doc.kind === SubjectDocKind.classStudent)).toMatchObject({
      classId: copyClass.id,
      studentId: school.studentId,
    });
    expect(
      studentSubjects.filter((doc) => doc.kind === SubjectDocKind.scoreName).map((doc) => doc.name),
    ).toEqual(['筆記']);
    const studentLessons = own(
      (await pullThrough(t.db, lessonsCollection, student, before.lessons.checkpoint)).documents,
    );
    expect(studentLessons.map((doc) => doc.publish)).toEqual([
      PublishState.published,
      PublishState.published,
    ]);
    const sittings = await t.db
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(eq(schedules.subjectId, copy.id), eq(schedules.deleted, false)));
    expect(sittings.length).toBeGreaterThan(0);
    const studentSittings = own(
      (await pullThrough(t.db, schedulesCollection, student, before.schedules.checkpoint)).documents,
    );
    expect(studentSittings.map((doc) => doc.id).sort()).toEqual(sittings.map((row) => row.id).sort());

    const adminSubjects = own(
      (await pullThrough(t.db, subjectsCollection, admin, before.admin.checkpoint)).documents,
    );
    expect(adminSubjects.find((doc) => doc.kind === SubjectDocKind.subject)?.publish).toBe(
      PublishState.published,
    );
    const adminLessons = own(
      (await pullThrough(t.db, lessonsCollection, admin, before.adminLessons.checkpoint)).documents,
    );
    expect(adminLessons.map((doc) => doc.publish)).toEqual([PublishState.published, PublishState.published]);

    const drafts = await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${copy.id}/lessons-draft`);
    expect(drafts.json().lessons).toEqual([]);
  });

  it('refuses observers, teachers (even one teaching the copy), students and the super admin; nothing changes', async () => {
    const copy = await draftCopy();
    const [copyClass] = copy.class_with_students;
    const [teacher] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.teacher));
    if (!copyClass || !teacher) throw new Error('no class or teacher');
    await t.db.insert(classTeachers).values({
      subjectId: copy.id,
      universityId: school.universityId,
      classId: copyClass.id,
      teacherId: teacher.id,
      seq: 1,
    });
    const seqBefore = (await subjectRow(copy.id)).seq;
    for (const who of ['observer', 'teacher', 'student', 'superAdmin'] as const) {
      const refused = await call(t.app, as(who), 'POST', publishUrl(copy.id), {});
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
    }
    const after = await subjectRow(copy.id);
    expect(after).toMatchObject({ publish: PublishState.draft, seq: seqBefore });
    expect(await lessonStates(copy.id)).toEqual([PublishState.draft, PublishState.draft]);
  });

  it('answers 404 for an unknown, foreign or deleted id and 422 for a malformed id or a body with fields', async () => {
    const unknown = await call(
      t.app,
      as('admin'),
      'POST',
      publishUrl('00000000-0000-4000-8000-000000000000'),
      {},
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.notFound);
    // A lesson's id is no subject's.
    expect((await call(t.app, as('admin'), 'POST', publishUrl(school.lessonId), {})).statusCode).toBe(404);
    expect((await call(t.app, as('admin'), 'POST', publishUrl('x'), {})).statusCode).toBe(422);

    const copy = await draftCopy();
    const withFields = await call(t.app, as('admin'), 'POST', publishUrl(copy.id), { publish: 1 });
    expect(withFields.statusCode).toBe(422);
    expect((await subjectRow(copy.id)).publish).toBe(PublishState.draft);

    expect((await call(t.app, as('admin'), 'DELETE', `/api/academic/subjects/${copy.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, as('admin'), 'POST', publishUrl(copy.id), {})).statusCode).toBe(404);
    expect((await subjectRow(copy.id)).publish).toBe(PublishState.draft);
  });

  it('answers 409 subject_already_published for a published subject and leaves it and its drafts as they were', async () => {
    // The fixture's subject is published and its lessons are drafts: registering must not publish them.
    const seqBefore = (await subjectRow(school.subjectId)).seq;
    const draftsBefore = await lessonStates(school.subjectId);
    const refused = await call(t.app, as('admin'), 'POST', publishUrl(school.subjectId), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.subjectAlreadyPublished);
    expect((await subjectRow(school.subjectId)).seq).toBe(seqBefore);
    expect(await lessonStates(school.subjectId)).toEqual(draftsBefore);

    const copy = await draftCopy();
    expect((await call(t.app, as('admin'), 'POST', publishUrl(copy.id), {})).statusCode).toBe(200);
    const again = await call(t.app, as('admin'), 'POST', publishUrl(copy.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.subjectAlreadyPublished);
  });
});
