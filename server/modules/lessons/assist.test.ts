import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { AssistLesson } from '../../../domain/schemas/subjects';
import { call } from '../../testing/calls';
import { freshLesson, type MatrixSchool, matrixSchoolApp } from '../../testing/matrix-fixture';
import type { TestApp, TestSession } from '../../testing/test-app';

let t: TestApp;
let school: MatrixSchool;
let teacher: TestSession;
let admin: TestSession;
let student: TestSession;
let observer: TestSession;
let lessonId: string;
let examId: string;

beforeAll(async () => {
  ({ t, school, teacher, admin, student, observer } = await matrixSchoolApp());
  lessonId = (
    await freshLesson(t.db, school.owned, { type: LessonType.lesson, publish: PublishState.published })
  ).lessonId;
  examId = (await freshLesson(t.db, school.owned, { type: LessonType.exam, publish: PublishState.published }))
    .lessonId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const path = () => `/api/academic/subjects/${school.owned.subjectId}/assist-lessons`;

async function listed(session: TestSession = teacher): Promise<AssistLesson[]> {
  const answer = await call(t.app, session, 'GET', path());
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { dataSubmit: AssistLesson[] }).dataSubmit;
}

describe('assist lessons', () => {
  it('lists the subject’s lessons (never its exams) with their setting; a teacher of the subject opens one', async () => {
    const before = await listed();
    expect(before.map((row) => row.lesson_id)).toContain(lessonId);
    expect(before.map((row) => row.lesson_id)).not.toContain(examId);
    expect(before.find((row) => row.lesson_id === lessonId)).toMatchObject({
      apply: false,
      status: PublishState.draft,
    });

    const saved = await call(t.app, teacher, 'POST', path(), {
      dataSubmit: [{ lesson_id: lessonId, apply: true, status: PublishState.published }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await listed(observer)).find((row) => row.lesson_id === lessonId)).toMatchObject({
      apply: true,
      status: PublishState.published,
    });
    // The setting travels with the lesson to the devices of the subject.
    const pulled = await call(t.app, teacher, 'GET', '/api/sync/lessons/pull?limit=1000');
    const doc = (pulled.json() as { documents: { id: string; assistApply: boolean }[] }).documents.find(
      (row) => row.id === lessonId,
    );
    expect(doc?.assistApply).toBe(true);
  });

  it('refuses an exam, another subject’s lesson, a repeated row, other roles and subjects, writing nothing', async () => {
    const before = await listed(admin);
    const other = await freshLesson(t.db, school.otherSubject, {
      type: LessonType.lesson,
      publish: PublishState.published,
    });
    const row = (id: string) => ({ lesson_id: id, apply: true, status: PublishState.published });
    for (const body of [
      { dataSubmit: [row(examId)] },
      { dataSubmit: [row(other.lessonId)] },
      { dataSubmit: [row(lessonId), row(lessonId)] },
      { dataSubmit: [{ ...row(lessonId), status: 7 }] },
      { dataSubmit: [{ ...row(lessonId), extra: 1 }] },
    ]) {
      const answer = await call(t.app, teacher, 'POST', path(), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call(t.app, observer, 'POST', path(), { dataSubmit: [row(lessonId)] })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, student, 'GET', path())).statusCode).toBe(403);
    const foreign = `/api/academic/subjects/${school.otherSubject.subjectId}/assist-lessons`;
    expect(
      (await call(t.app, teacher, 'POST', foreign, { dataSubmit: [row(other.lessonId)] })).statusCode,
    ).toBe(404);
    expect(await listed(admin)).toEqual(before);
  });
});
