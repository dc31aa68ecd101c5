import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { Memo } from '../../../domain/schemas/memos';
import { StickyType } from '../../../domain/stickies';
import { NoteKind } from '../../../domain/sync-docs';
import { call } from '../../testing/calls';
import { freshLesson, type MatrixSchool, matrixSchoolApp } from '../../testing/matrix-fixture';
import { signIn, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let school: MatrixSchool;
let teacher: TestSession;
let teacher2: TestSession;
let admin: TestSession;
let student: TestSession;
let observer: TestSession;
/** Coming sittings: one of the demo teacher's class, one of teacher2's class of the same subject. */
let ownSitting: string;
let otherClassSitting: string;
let otherSubjectSitting: string;

const COMING_DAY = '2030-01-15';
const lessonKind = { type: LessonType.lesson, publish: PublishState.published };

beforeAll(async () => {
  ({ t, school, teacher, admin, student, observer } = await matrixSchoolApp());
  teacher2 = await signIn(t.app, 'teacher2@demo.test');
  ownSitting = (await freshLesson(t.db, school.owned, lessonKind, COMING_DAY)).scheduleId;
  otherClassSitting = (await freshLesson(t.db, school.sameSubject, lessonKind, COMING_DAY)).scheduleId;
  otherSubjectSitting = (await freshLesson(t.db, school.otherSubject, lessonKind, COMING_DAY)).scheduleId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  message: '教室が<b>3階</b>に変わりました<script>alert(1)</script>',
  contact_to_head_teacher: false,
  schedules_id: [ownSitting, otherClassSitting],
  ...overrides,
});

async function memosOf(session: TestSession, scheduleIds: string[]): Promise<Memo[]> {
  const answer = await call(t.app, session, 'GET', `/api/memo?schedules_id=${scheduleIds.join(',')}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { memos: Memo[] }).memos;
}

/** The memo cards of the caller's dashboard, once the card refresh the writes asked for has run. */
async function memoCardsOf(session: TestSession): Promise<{ memo_id: string | null }[]> {
  await t.app.appDeps.cardRefresh.settled();
  const cards: { type: number; memo_id: string | null }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(t.app, session, 'GET', `/api/sticky?page=${page}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as {
      data: { type: number; memo_id: string | null }[];
      meta: { pagination: { total_pages: number } };
    };
    cards.push(...body.data);
    if (page >= body.meta.pagination.total_pages) break;
  }
  return cards.filter((card) => card.type === StickyType.memo);
}

describe('the memo check (SPEC §6)', () => {
  it('says whether the caller teaches the subject, and hides subjects they cannot see', async () => {
    const check = (session: TestSession, subjectId: string) =>
      call(t.app, session, 'GET', `/api/memo/${subjectId}/check-teacher-in-subject`);
    expect((await check(teacher, school.owned.subjectId)).json()).toEqual({ isTeacher: true });
    expect((await check(admin, school.owned.subjectId)).json()).toEqual({ isTeacher: false });
    expect((await check(teacher, school.otherSubject.subjectId)).statusCode).toBe(404);
    expect((await check(student, school.owned.subjectId)).statusCode).toBe(403);
  });
});

describe('memos', () => {
  it('a teacher writes a memo on sittings of the subject; the other class’s teacher gets a card, the author none', async () => {
    const created = await call(t.app, teacher, 'POST', '/api/memo', body());
    expect(created.statusCode, created.body).toBe(201);
    const memo: Memo = created.json();
    expect(memo).toMatchObject({
      message: '教室が<b>3階</b>に変わりました',
      contact_to_head_teacher: false,
      author: { name: expect.any(String) },
    });
    expect(memo.schedules_id.sort()).toEqual([ownSitting, otherClassSitting].sort());
    expect((await memosOf(teacher2, [otherClassSitting])).map((row) => row.id)).toContain(memo.id);
    expect((await memosOf(observer, [ownSitting])).map((row) => row.id)).toContain(memo.id);

    expect((await memoCardsOf(teacher2)).map((card) => card.memo_id)).toContain(memo.id);
    expect((await memoCardsOf(teacher)).map((card) => card.memo_id)).not.toContain(memo.id);

    // Every device of the subject reads it from the notes collection.
    const pulled = await call(t.app, teacher2, 'GET', '/api/sync/notes/pull?limit=1000');
    const doc = (
      pulled.json() as { documents: { id: string; kind: string; scheduleIds: string[] }[] }
    ).documents.find((row) => row.id === memo.id);
    expect(doc).toMatchObject({ kind: NoteKind.memo });
  });

  it('its author changes the text and the sittings, and deletes it; the card goes with it', async () => {
    const memo: Memo = (await call(t.app, teacher, 'POST', '/api/memo', body())).json();
    const edited = await call(
      t.app,
      teacher,
      'POST',
      `/api/memo/${memo.id}`,
      body({ message: '3階 → 4階', schedules_id: [ownSitting], contact_to_head_teacher: true }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: '3階 → 4階', schedules_id: [ownSitting] });
    expect((await memosOf(teacher2, [otherClassSitting])).map((row) => row.id)).not.toContain(memo.id);

    // Back on the other class's sitting: the link deleted before comes back.
    const back = await call(t.app, teacher, 'POST', `/api/memo/${memo.id}`, body());
    expect(back.json().schedules_id.sort()).toEqual([ownSitting, otherClassSitting].sort());

    const removed = await call(t.app, teacher, 'DELETE', `/api/memo/${memo.id}`, {});
    expect(removed.statusCode).toBe(200);
    expect((await memosOf(teacher, [ownSitting])).map((row) => row.id)).not.toContain(memo.id);
    expect((await memoCardsOf(teacher2)).map((card) => card.memo_id)).not.toContain(memo.id);
    expect((await call(t.app, teacher, 'DELETE', `/api/memo/${memo.id}`, {})).statusCode).toBe(404);
  });

  it('another teacher of the subject may not change someone else’s memo; an admin may', async () => {
    const memo: Memo = (await call(t.app, teacher, 'POST', '/api/memo', body())).json();
    const before = await memosOf(admin, [ownSitting]);
    expect(
      (await call(t.app, teacher2, 'POST', `/api/memo/${memo.id}`, body({ message: 'x' }))).statusCode,
    ).toBe(403);
    expect((await call(t.app, teacher2, 'DELETE', `/api/memo/${memo.id}`, {})).statusCode).toBe(403);
    expect(await memosOf(admin, [ownSitting])).toEqual(before);
    const byAdmin = await call(
      t.app,
      admin,
      'POST',
      `/api/memo/${memo.id}`,
      body({ message: '管理者が修正' }),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().author.id).toBe(memo.author.id);
  });

  it('refuses bad input, foreign sittings and other roles, writing nothing', async () => {
    const before = await memosOf(admin, [ownSitting, otherClassSitting, otherSubjectSitting]);
    const refused: [TestSession, Record<string, unknown>, number][] = [
      [teacher, body({ message: '' }), 422],
      [teacher, body({ message: 'x'.repeat(3001) }), 422],
      [teacher, body({ schedules_id: [] }), 422],
      [teacher, body({ schedules_id: ['not-an-id'] }), 422],
      [teacher, body({ schedules_id: [ownSitting, otherSubjectSitting] }), 422],
      [teacher, body({ schedules_id: [crypto.randomUUID()] }), 422],
      [teacher, body({ extra: true }), 422],
      [teacher, body({ schedules_id: [otherSubjectSitting] }), 404],
      [student, body(), 403],
      [observer, body(), 403],
    ];
    for (const [session, request, status] of refused) {
      const answer = await call(t.app, session, 'POST', '/api/memo', request);
      expect(answer.statusCode, `${JSON.stringify(request).slice(0, 80)}: ${answer.body}`).toBe(status);
    }
    expect(await memosOf(admin, [ownSitting, otherClassSitting, otherSubjectSitting])).toEqual(before);
    // A teacher sees no memo of a subject they do not work in.
    const foreign: Memo = (
      await call(t.app, admin, 'POST', '/api/memo', body({ schedules_id: [otherSubjectSitting] }))
    ).json();
    expect((await memosOf(teacher, [otherSubjectSitting])).map((row) => row.id)).not.toContain(foreign.id);
    expect((await call(t.app, teacher, 'DELETE', `/api/memo/${foreign.id}`, {})).statusCode).toBe(404);
  });
});
