import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonType, PlanPublish } from '../../../domain/lessons';
import type { Note, Plan } from '../../../domain/schemas/plans';
import { type NoteDoc, NoteKind, sittingNoteDoc } from '../../../domain/sync-docs';
import { planIdOf } from '../../../domain/sync-ids';
import { planHistory, plans } from '../../db/schema';
import { call, pullThrough, push } from '../../testing/calls';
import {
  type ClassPlace,
  freshSitting,
  type MatrixSchool,
  matrixSchoolApp,
} from '../../testing/matrix-fixture';
import type { TestApp, TestSession } from '../../testing/test-app';
import { notesCollection } from '../notes/collection';

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

const planPath = (place: ClassPlace, scheduleId: string) =>
  `/api/academic/subjects/${place.subjectId}/lessons/${place.lessonId}/schedules/${scheduleId}/plan`;

function planBody(place: ClassPlace, scheduleId: string, overrides: Record<string, unknown> = {}) {
  return {
    subject_id: place.subjectId,
    lesson_id: place.lessonId,
    schedule_id: scheduleId,
    plan_id: null,
    publish: PlanPublish.draft,
    lesson_type: LessonType.lesson,
    content: '<b>復習</b><script>alert(1)</script> と小テスト',
    links: [{ title: '教材', link: 'https://example.com/a' }],
    contact_to_student: [],
    ...overrides,
  };
}

async function sitting(place: ClassPlace = school.owned) {
  const scheduleId = await freshSitting(t.db, place);
  return { place, scheduleId, path: planPath(place, scheduleId) };
}

async function planCount(scheduleId: string): Promise<number> {
  return (await t.db.select().from(plans).where(eq(plans.scheduleId, scheduleId))).length;
}

describe('lesson plans', () => {
  it('a teacher of the sitting drafts a plan, stored sanitised under the sitting’s id, then registers it', async () => {
    const { place, scheduleId, path } = await sitting();
    const created = await call(t.app, teacher, 'POST', `${path}/create`, planBody(place, scheduleId));
    expect(created.statusCode, created.body).toBe(201);
    const plan: Plan = created.json();
    expect(plan.id).toBe(planIdOf(scheduleId));
    expect(plan.content).toBe('<b>復習</b> と小テスト');
    expect(plan.publish).toBe(PlanPublish.draft);

    const update = await call(
      t.app,
      teacher,
      'POST',
      `${path}/${plan.id}`,
      planBody(place, scheduleId, { plan_id: plan.id, publish: PlanPublish.published, content: '本番' }),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ publish: PlanPublish.published, content: '本番' });

    for (const reader of [teacher, admin, observer]) {
      const read = await call(t.app, reader, 'GET', `${path}/${plan.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: plan.id, content: '本番', links: plan.links });
    }
    const history = await t.db.select().from(planHistory).where(eq(planHistory.planId, plan.id));
    expect(history.map((row) => [row.oldPublish, row.newPublish, row.offline])).toEqual(
      expect.arrayContaining([
        [null, PlanPublish.draft, false],
        [PlanPublish.draft, PlanPublish.published, false],
      ]),
    );
  });

  it('a sitting has one plan: a second create answers 409', async () => {
    const { place, scheduleId, path } = await sitting();
    expect((await call(t.app, admin, 'POST', `${path}/create`, planBody(place, scheduleId))).statusCode).toBe(
      201,
    );
    const again = await call(t.app, teacher, 'POST', `${path}/create`, planBody(place, scheduleId));
    expect(again.statusCode).toBe(409);
    expect(await planCount(scheduleId)).toBe(1);
  });

  it('refuses what SPEC §6 does not allow, row by row', async () => {
    const other = await sitting(school.sameSubject);
    const refused = await call(
      t.app,
      teacher,
      'POST',
      `${other.path}/create`,
      planBody(other.place, other.scheduleId),
    );
    expect(refused.statusCode).toBe(403);
    const foreign = await sitting(school.otherSubject);
    const hidden = await call(
      t.app,
      teacher,
      'POST',
      `${foreign.path}/create`,
      planBody(foreign.place, foreign.scheduleId),
    );
    expect(hidden.statusCode).toBe(404);
    const byStudent = await call(
      t.app,
      student,
      'POST',
      `${other.path}/create`,
      planBody(other.place, other.scheduleId),
    );
    expect(byStudent.statusCode).toBe(403);
    expect(await planCount(other.scheduleId)).toBe(0);
    expect(await planCount(foreign.scheduleId)).toBe(0);
  });

  it('answers hostile or bad input with field errors and writes nothing', async () => {
    const { place, scheduleId, path } = await sitting();
    const bad = [
      planBody(place, scheduleId, { content: 'x'.repeat(3001) }),
      planBody(place, scheduleId, { links: [{ title: 'x', link: 'javascript:alert(1)' }] }),
      planBody(place, scheduleId, { schedule_id: school.owned.lessonId }),
      planBody(place, scheduleId, { lesson_type: LessonType.exam }),
      planBody(place, scheduleId, { publish: 7 }),
      planBody(place, scheduleId, { extra: 1 }),
    ];
    for (const body of bad) {
      const response = await call(t.app, teacher, 'POST', `${path}/create`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json()).toHaveProperty('errors');
    }
    expect(await planCount(scheduleId)).toBe(0);
  });

  it('a student reads a registered plan only; a note on a plan names its author', async () => {
    const { place, scheduleId, path } = await sitting();
    const plan: Plan = (
      await call(t.app, teacher, 'POST', `${path}/create`, planBody(place, scheduleId))
    ).json();
    const draftRead = await call(t.app, student, 'GET', `${path}/${plan.id}`);
    expect(draftRead.statusCode).toBe(404);

    const noteBody = {
      subject_id: place.subjectId,
      lesson_id: place.lessonId,
      schedule_id: scheduleId,
      plan_id: plan.id,
    };
    const empty = await call(t.app, teacher, 'POST', `${path}/${plan.id}/note/store`, {
      ...noteBody,
      content: '',
    });
    expect(empty.statusCode).toBe(422);
    const stored = await call(t.app, teacher, 'POST', `${path}/${plan.id}/note/store`, {
      ...noteBody,
      content: '次回は<i>第3章</i>から',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const note: Note = stored.json();
    expect(note).toMatchObject({ plan_id: plan.id, content: '次回は<i>第3章</i>から' });
    expect(note.author.id).toBe(school.userIds.teacher);
    const list = await call(t.app, teacher, 'GET', `/api/academic/subjects/${place.subjectId}/notes`);
    expect((list.json() as { notes: Note[] }).notes.map((row) => row.id)).toContain(note.id);
    const missing = await call(t.app, teacher, 'POST', `${path}/${school.owned.lessonId}/note/store`, {
      ...noteBody,
      plan_id: school.owned.lessonId,
      content: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('plans through the notes sync', () => {
  function draftDoc(place: ClassPlace, scheduleId: string, content: string): NoteDoc {
    return {
      ...sittingNoteDoc({
        id: planIdOf(scheduleId),
        kind: NoteKind.plan,
        subjectId: place.subjectId,
        universityId: place.universityId,
        lessonId: place.lessonId,
        scheduleId,
        authorId: null,
      }),
      content,
      publish: PlanPublish.draft,
      lessonType: LessonType.lesson,
    };
  }

  it('a plan drafted offline lands once with its offline origin; a field changed on both sides is a conflict', async () => {
    const { place, scheduleId, path } = await sitting();
    const draft = draftDoc(place, scheduleId, '電車で書いた案');
    const first = await push(
      t.app,
      teacher,
      'notes',
      [{ newDocumentState: draft, assumedMasterState: null }],
      {
        offline: true,
      },
    );
    expect(first.conflicts).toEqual([]);
    const replay = await push(
      t.app,
      teacher,
      'notes',
      [{ newDocumentState: draft, assumedMasterState: null }],
      {
        offline: true,
      },
    );
    expect(replay.conflicts).toEqual([]);
    expect(await planCount(scheduleId)).toBe(1);
    const [history] = await t.db.select().from(planHistory).where(eq(planHistory.planId, draft.id));
    expect(history?.offline).toBe(true);

    const pulled = await pullThrough(t.db, notesCollection, { id: school.userIds.teacher, role: 2 });
    const base = pulled.documents.find((doc) => doc.id === draft.id);
    expect(base).toMatchObject({ content: '電車で書いた案', authorId: school.userIds.teacher });
    if (!base) throw new Error('plan not pulled');

    // An admin changes the content online; the teacher, offline on the old base, changes it and publishes.
    const online = await call(
      t.app,
      admin,
      'POST',
      `${path}/${draft.id}`,
      planBody(place, scheduleId, { plan_id: draft.id, content: '管理者の修正', links: [] }),
    );
    expect(online.statusCode, online.body).toBe(200);
    const late = await push(
      t.app,
      teacher,
      'notes',
      [
        {
          newDocumentState: { ...base, content: '先生の修正', publish: PlanPublish.published },
          assumedMasterState: base,
        },
      ],
      { offline: true },
    );
    expect(late.conflicts).toEqual([
      expect.objectContaining({ reason: 'field_conflict', fields: ['content'] }),
    ]);
    const read: Plan = (await call(t.app, teacher, 'GET', `${path}/${draft.id}`)).json();
    expect(read).toMatchObject({ content: '管理者の修正', publish: PlanPublish.published });
  });

  it('a second offline write of a draft, based on what the first push sent, lands', async () => {
    const { place, scheduleId } = await sitting();
    const draft = draftDoc(place, scheduleId, '<b>案</b><script>x</script>');
    await push(t.app, teacher, 'notes', [{ newDocumentState: draft, assumedMasterState: null }], {
      offline: true,
    });
    const registered = { ...draft, publish: PlanPublish.published };
    const answer = await push(
      t.app,
      teacher,
      'notes',
      [{ newDocumentState: registered, assumedMasterState: { ...draft, updatedAt: 0 } }],
      { offline: true },
    );
    expect(answer.conflicts).toEqual([]);
    const [row] = await t.db.select().from(plans).where(eq(plans.scheduleId, scheduleId));
    expect(row?.publish).toBe(PlanPublish.published);
  });

  it('refuses in-band a plan of a sitting not assigned to the teacher, a memo, and a wrong id', async () => {
    const other = await sitting(school.sameSubject);
    const own = await sitting();
    const memo = { ...draftDoc(own.place, own.scheduleId, 'x'), kind: NoteKind.memo };
    const wrongId = { ...draftDoc(own.place, own.scheduleId, 'x'), id: planIdOf(other.scheduleId) };
    const answer = await push(t.app, teacher, 'notes', [
      { newDocumentState: draftDoc(other.place, other.scheduleId, 'x'), assumedMasterState: null },
      { newDocumentState: memo, assumedMasterState: null },
      { newDocumentState: wrongId, assumedMasterState: null },
    ]);
    expect(answer.conflicts.map((conflict) => conflict.reason)).toEqual([
      'forbidden',
      'forbidden',
      'invalid',
    ]);
    expect(await planCount(other.scheduleId)).toBe(0);
    expect(await planCount(own.scheduleId)).toBe(0);
  });
});
