import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import type { Highlight } from '../../../domain/schemas/highlights';
import { call } from '../../testing/calls';
import { type MatrixSchool, matrixSchoolApp } from '../../testing/matrix-fixture';
import type { TestApp, TestSession } from '../../testing/test-app';

let t: TestApp;
let school: MatrixSchool;
let teacher: TestSession;
let admin: TestSession;
let student: TestSession;
let observer: TestSession;

beforeAll(async () => {
  ({ t, school, teacher, admin, student, observer } = await matrixSchoolApp());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const base = () => `/api/academic/subjects/${school.owned.subjectId}`;

/** "Unexplained absence more than `value`", with a message to students. */
function absenceRule(value: number, overrides: Record<string, unknown> = {}) {
  return {
    type: HighlightType.attendance,
    condition_type: HighlightCondition.unexplainedAbsence,
    compare_type: HighlightCompare.moreThan,
    value,
    message_to_student: '無断欠席が続いています。担任に相談してください。',
    ...overrides,
  };
}

async function create(session: TestSession, body: Record<string, unknown>) {
  return call(t.app, session, 'POST', `${base()}/highlights`, body);
}

async function shown(session: TestSession = teacher): Promise<string[]> {
  const answer = await call(t.app, session, 'GET', `${base()}/highlights`);
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { highlights: Highlight[] }).highlights.map((row) => row.id);
}

describe('highlights', () => {
  it('a teacher of the subject creates, edits and reorders highlights; a duplicate condition is refused', async () => {
    const before = await shown();
    const first = await create(teacher, absenceRule(2));
    expect(first.statusCode, first.body).toBe(201);
    const a: Highlight = first.json();
    expect(a).toMatchObject({
      value: 2,
      hidden: false,
      condition_type: HighlightCondition.unexplainedAbsence,
    });
    const duplicate = await create(admin, absenceRule(2));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty('condition_type');

    const b: Highlight = (
      await create(admin, {
        type: HighlightType.achievement,
        condition_type: HighlightCondition.gpa,
        compare_type: HighlightCompare.lessThan,
        value: 1.5,
      })
    ).json();
    expect(b.priority).toBeGreaterThan(a.priority);
    expect(await shown()).toEqual([...before, a.id, b.id]);

    const reorder = await call(t.app, teacher, 'POST', `${base()}/highlights/priority`, {
      ids: [b.id, ...before, a.id],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(await shown(observer)).toEqual([b.id, ...before, a.id]);
    const partial = await call(t.app, teacher, 'POST', `${base()}/highlights/priority`, { ids: [b.id] });
    expect(partial.statusCode).toBe(422);
    expect(await shown()).toEqual([b.id, ...before, a.id]);

    const edited = await call(t.app, teacher, 'POST', `${base()}/highlights/${a.id}`, absenceRule(3));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: a.id, value: 3 });
    const detail = await call(t.app, teacher, 'GET', `${base()}/highlights/${a.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: a.id, students: expect.any(Array) });
  });

  it('hidden highlights have their own list; deleting one leaves that list', async () => {
    const hidden: Highlight = (await create(teacher, absenceRule(9, { hidden: true }))).json();
    expect(await shown()).not.toContain(hidden.id);
    const list = async () =>
      (
        (await call(t.app, teacher, 'GET', `${base()}/hidden-highlights`)).json() as {
          highlights: Highlight[];
        }
      ).highlights.map((row) => row.id);
    expect(await list()).toContain(hidden.id);
    const removed = await call(t.app, teacher, 'DELETE', `${base()}/highlights/${hidden.id}`, {});
    expect(removed.statusCode).toBe(200);
    expect(await list()).not.toContain(hidden.id);
    expect((await call(t.app, teacher, 'GET', `${base()}/highlights/${hidden.id}`)).statusCode).toBe(404);
  });

  it('refuses bad rules, other subjects and other roles, writing nothing', async () => {
    const before = await shown();
    for (const body of [
      absenceRule(2.5),
      absenceRule(1, { condition_type: HighlightCondition.gpa }),
      {
        ...absenceRule(1),
        type: HighlightType.achievement,
        condition_type: HighlightCondition.gpa,
        value: 4.5,
      },
      absenceRule(1, { message_to_student: 'x'.repeat(5000) }),
      absenceRule(1, { extra: true }),
    ]) {
      expect((await create(teacher, body)).statusCode).toBe(422);
    }
    const other = `/api/academic/subjects/${school.otherSubject.subjectId}/highlights`;
    expect((await call(t.app, teacher, 'POST', other, absenceRule(4))).statusCode).toBe(404);
    expect((await call(t.app, teacher, 'GET', other)).statusCode).toBe(404);
    expect((await create(student, absenceRule(5))).statusCode).toBe(403);
    expect((await create(observer, absenceRule(6))).statusCode).toBe(403);
    expect((await call(t.app, student, 'GET', `${base()}/highlights`)).statusCode).toBe(403);
    expect(await shown()).toEqual(before);
  });

  it('answers the pickers: exams, teachers, head teachers and admins, students with GPA', async () => {
    const exams = await call(t.app, teacher, 'GET', `${base()}/exams`);
    expect((exams.json() as { exams: { id: string }[] }).exams.map((row) => row.id)).toContain(
      school.owned.examId,
    );
    const teachers = await call(t.app, observer, 'GET', `${base()}/teachers`);
    expect((teachers.json() as { teachers: { id: string }[] }).teachers.map((row) => row.id)).toEqual(
      expect.arrayContaining([school.userIds.teacher, school.userIds.teacher2]),
    );
    const heads = await call(t.app, teacher, 'GET', `${base()}/head-teacher-admin`);
    expect((heads.json() as { users: { id: string }[] }).users.map((row) => row.id)).toEqual(
      expect.arrayContaining([school.userIds.teacher, school.userIds.admin]),
    );
    const scores = await call(t.app, teacher, 'GET', `${base()}/highlights/list-score`);
    expect(scores.statusCode).toBe(200);
    expect(scores.json()).toHaveProperty('students');
  });
});
