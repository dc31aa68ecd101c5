import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { LessonType, PublishState } from '../../../domain/lessons';
import { RequestStatus } from '../../../domain/request-status';
import { RequestOption, RequestType } from '../../../domain/requests';
import { Role } from '../../../domain/roles';
import type { NotificationListResponse as NotificationList } from '../../../domain/schemas/notifications';
import type {
  StickyClassesResponse as StickyClassList,
  StickyDetailResponse as StickyDetail,
  StickyListResponse as StickyList,
} from '../../../domain/schemas/stickies';
import { StickyStatus, StickyType } from '../../../domain/stickies';
import { AchievementDocKind } from '../../../domain/sync-docs';
import { achievementId } from '../../../domain/sync-ids';
import type { Database } from '../../db/client';
import {
  achievements,
  classTeachers,
  highlights,
  lessons,
  memoSchedules,
  memos,
  notes,
  notificationSettings,
  notifications,
  planNotes,
  plans,
  requests,
  schedules,
  stickies,
  users,
} from '../../db/schema';
import { pushCollection } from '../../sync/engine';
import { call } from '../../testing/calls';
import { createSchoolFixture, markOf, type SchoolFixture } from '../../testing/school-fixture';
import { openSocket } from '../../testing/sockets';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { achievementsCollection } from '../achievement/collection';
import { attendanceCollection } from '../attendance/collection';
import { refreshStickies } from './refresh';

let t: TestApp;
let db: Database;
let f: SchoolFixture;
const ids: Record<'teacher' | 'teacher2' | 'admin' | 'observer' | 'super' | 'student', string> = {
  teacher: '',
  teacher2: '',
  admin: '',
  observer: '',
  super: '',
  student: '',
};
const sessions: Partial<Record<keyof typeof ids, TestSession>> = {};
let examScheduleId: string;
const seq = 1;

function session(name: keyof typeof ids): TestSession {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
}

async function userId(email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The live cards of a user. */
async function cardsOf(user: string) {
  return db
    .select()
    .from(stickies)
    .where(and(eq(stickies.userId, user), eq(stickies.deleted, false)));
}

async function typesOf(user: string): Promise<number[]> {
  return (await cardsOf(user)).map((card) => card.type).sort((a, b) => a - b);
}

const at = (iso: string) => new Date(iso);
/** Moves the app's clock (calls that evaluate rules read it) to an instant. */
function setClock(iso: string) {
  t.clock.advance(at(iso).getTime() - t.clock.now().getTime());
}
const refresh = (iso: string) => refreshStickies(db, { subjectId: f.subjectId }, at(iso));

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.dashboard.db;
  f = await createSchoolFixture(db);
  for (const [name, email] of [
    ['teacher', 'teacher@demo.test'],
    ['teacher2', 'teacher2@demo.test'],
    ['admin', 'admin@demo.test'],
    ['observer', 'observer@demo.test'],
    ['super', 'super@demo.test'],
    ['student', 'student@demo.test'],
  ] as const) {
    ids[name] = await userId(email);
    sessions[name] = await signIn(t.app, email);
  }
  const partition = { subjectId: f.subjectId, universityId: f.universityId, seq };
  await db.insert(classTeachers).values({
    ...partition,
    classId: f.classId,
    teacherId: ids.teacher,
    createdAt: at('2026-04-01T00:00:00Z'),
  });
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.subjectId, f.subjectId));
  const [exam] = await db
    .insert(schedules)
    .values({
      ...partition,
      lessonId: f.examId,
      classId: f.classId,
      day: '2026-04-07',
      startTime: '13:00',
      endTime: '14:00',
      roomId: f.roomId,
    })
    .returning();
  if (!exam) throw new Error('no exam schedule');
  examScheduleId = exam.id;
});

afterAll(async () => {
  await t.close();
});

describe('sticky rules', () => {
  it('subject: a teacher newly put in charge of a class gets a subject card for 14 days', async () => {
    await refresh('2026-04-01T03:00:00Z');
    expect(await typesOf(ids.teacher)).toContain(StickyType.subject);
    await refresh('2026-04-16T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.subject);
  });

  it('lesson and exam without a plan: cards within 7 days, gone once the plan is registered', async () => {
    await refresh('2026-04-01T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.lessonNotPlan);
    await refresh('2026-04-05T03:00:00Z');
    const cards = await cardsOf(ids.teacher);
    const lessonCard = cards.find((card) => card.type === StickyType.lessonNotPlan);
    const examCard = cards.find((card) => card.type === StickyType.examNotPlan);
    expect(lessonCard?.lessonId).toBe(f.lessonId);
    expect(examCard?.lessonId).toBe(f.examId);
    setClock('2026-04-05T03:00:00Z');

    const list = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/sticky/list-classes-lesson-plan?stickyId=${lessonCard?.id}&stickyType=${StickyType.lessonNotPlan}`,
    );
    expect(list.statusCode).toBe(200);
    const classes: StickyClassList = list.json();
    expect(classes.data).toEqual([
      expect.objectContaining({ id: f.classId, schedule_id: f.scheduleId, plan_id: null, name: 'A組' }),
    ]);

    const partition = { subjectId: f.subjectId, universityId: f.universityId, seq };
    const [plan] = await db
      .insert(plans)
      .values({ ...partition, lessonId: f.lessonId, scheduleId: f.scheduleId, lessonType: LessonType.lesson })
      .returning();
    await refresh('2026-04-05T03:00:00Z');
    expect(await typesOf(ids.teacher), 'a temporarily saved plan still counts as missing').toContain(
      StickyType.lessonNotPlan,
    );
    await db
      .update(plans)
      .set({ publish: PublishState.published })
      .where(eq(plans.id, plan?.id ?? ''));
    await refresh('2026-04-05T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.lessonNotPlan);
    expect(await typesOf(ids.teacher)).toContain(StickyType.examNotPlan);
  });

  it('note plan: another teacher’s note on a plan gives a sanitised card, not to its author', async () => {
    const [plan] = await db.select().from(plans).where(eq(plans.scheduleId, f.scheduleId));
    await db.insert(planNotes).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq,
      lessonId: f.lessonId,
      scheduleId: f.scheduleId,
      planId: plan?.id ?? '',
      content: 'Bring <b>books</b><img src=x onerror=alert(1)>',
      authorId: ids.teacher2,
      createdAt: at('2026-04-05T01:00:00Z'),
    });
    await db.insert(classTeachers).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq,
      classId: f.classId,
      teacherId: ids.teacher2,
      createdAt: at('2026-03-01T00:00:00Z'),
    });
    await refresh('2026-04-05T03:00:00Z');
    const card = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.lessonNotePlan);
    expect(card?.content).toBe('Bring <b>books</b>');
    expect(await typesOf(ids.teacher2)).not.toContain(StickyType.lessonNotePlan);
    await refresh('2026-04-13T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.lessonNotePlan);
  });

  it('attendance and achievement not entered after the schedule ends, gone once entered', async () => {
    await refresh('2026-04-07T03:00:00Z'); // 12:00 in Tokyo: the exam (13:00–14:00) has not ended yet
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.attendance);
    await refresh('2026-04-07T05:00:00Z'); // 14:00 in Tokyo: the exam has ended
    expect(await typesOf(ids.teacher)).toContain(StickyType.attendance);
    await refresh('2026-04-10T01:00:00Z'); // 10:00 in Tokyo: the 9:00–10:30 lesson is still on
    const early = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.attendance);
    await refresh('2026-04-10T02:00:00Z'); // 11:00 in Tokyo
    const types = await typesOf(ids.teacher);
    expect(types).toContain(StickyType.attendance);
    expect(types).toContain(StickyType.achievement);

    const card = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.attendance);
    expect(card?.id, 'one card per subject, kept as sittings end').toBe(early?.id);
    setClock('2026-04-10T02:00:00Z');
    const list = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/sticky/list-classes-attendance?stickyId=${card?.id}&stickyType=${StickyType.attendance}`,
    );
    expect(list.statusCode).toBe(200);
    expect((list.json() as StickyClassList).data.map((row) => row.schedule_id).sort()).toEqual(
      [f.scheduleId, examScheduleId].sort(),
    );
    const wrongKind = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/sticky/list-classes-achievement?stickyId=${card?.id}&stickyType=${StickyType.attendance}`,
    );
    expect(wrongKind.statusCode).toBe(422);

    // Entered through the sync push, as a device does: the push has the subject's cards refreshed after it.
    const teacher = { id: ids.teacher, role: Role.teacher };
    const common = { subjectId: f.subjectId, universityId: f.universityId, studentId: f.studentId };
    const marks = [f.scheduleId, examScheduleId].map((scheduleId) => ({
      newDocumentState: markOf({ ...f, scheduleId }),
      assumedMasterState: null,
    }));
    expect(
      (await pushCollection(t.app.appDeps, attendanceCollection, teacher, marks, false)).conflicts,
    ).toEqual([]);
    const score = {
      ...common,
      id: achievementId(f.subjectStudentId, f.scoreNameId),
      kind: AchievementDocKind.score,
      subjectStudentId: f.subjectStudentId,
      scoreNameId: f.scoreNameId,
      fullScore: 100,
      scheduleId: examScheduleId,
      points: 0,
      finalScore: null,
      comment: null,
      updatedAt: 0,
      _deleted: false,
    };
    const scored = await pushCollection(
      t.app.appDeps,
      achievementsCollection,
      teacher,
      [{ newDocumentState: score, assumedMasterState: null }],
      false,
    );
    expect(scored.conflicts).toEqual([]);
    await t.app.appDeps.cardRefresh.settled();
    const after = await typesOf(ids.teacher);
    expect(after).not.toContain(StickyType.attendance);
    expect(after).not.toContain(StickyType.achievement);
  });

  /** The fixture student's only score in the subject: `points` of 100 on the fixture's score name (null: none). */
  async function scoreOnly(points: number | null) {
    await db
      .insert(achievements)
      .values({
        subjectId: f.subjectId,
        universityId: f.universityId,
        seq,
        subjectStudentId: f.subjectStudentId,
        studentId: f.studentId,
        scoreNameId: f.scoreNameId,
        fullScore: 100,
        points,
      })
      .onConflictDoUpdate({
        target: [achievements.subjectStudentId, achievements.scoreNameId],
        set: { points, deleted: false },
      });
  }

  it('highlights: cards for the teachers and a message card for each flagged student', async () => {
    const partition = { subjectId: f.subjectId, universityId: f.universityId, seq };
    // No score entered: no GPA, so nobody is flagged by the GPA rule.
    await scoreOnly(null);
    const [rule] = await db
      .insert(highlights)
      .values({
        ...partition,
        type: HighlightType.achievement,
        conditionType: HighlightCondition.gpa,
        compareType: HighlightCompare.lessThan,
        value: 2,
        messageToStudent: 'Please see me<script>alert(1)</script>',
      })
      .returning();
    await db.insert(highlights).values({
      ...partition,
      type: HighlightType.attendance,
      conditionType: HighlightCondition.attendance,
      compareType: HighlightCompare.above,
      value: 2,
    });
    await refresh('2026-04-10T02:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.highlightAchievement);

    // The GPA follows from the scores: 37.5 of 100 is 1.5 on the 0–4 scale, under the rule's 2.
    await scoreOnly(37.5);
    await refresh('2026-04-10T02:00:00Z');
    const teacherCard = (await cardsOf(ids.teacher)).find(
      (row) => row.type === StickyType.highlightAchievement,
    );
    expect(teacherCard?.highlightId).toBe(rule?.id);
    expect(await typesOf(ids.teacher)).toContain(StickyType.highlightAttendance);
    const studentCards = await cardsOf(f.studentUserId);
    expect(studentCards.find((row) => row.type === StickyType.highlightAchievement)?.content).toBe(
      'Please see me',
    );

    const detail = await call(t.app, session('teacher'), 'GET', `/api/sticky/${teacherCard?.id}`);
    expect(detail.statusCode).toBe(200);
    const body: StickyDetail = detail.json();
    expect(body.students).toEqual([{ id: f.studentId, identity: expect.any(String), name: '学生' }]);
    expect(body.subject?.highlightAchievement?.highlights.message_to_student).toContain('Please see me');

    await scoreOnly(75);
    await refresh('2026-04-10T02:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.highlightAchievement);
    expect((await cardsOf(f.studentUserId)).map((row) => row.type)).not.toContain(
      StickyType.highlightAchievement,
    );
  });

  it('highlights: a draft lesson’s ended sitting is not held, so it counts as no missing mark', async () => {
    const partition = { subjectId: f.subjectId, universityId: f.universityId, seq };
    const [draft] = await db
      .insert(lessons)
      .values({ ...partition, name: 'Draft lesson', type: LessonType.lesson, publish: PublishState.draft })
      .returning();
    if (!draft) throw new Error('no draft lesson');
    const [sitting] = await db
      .insert(schedules)
      .values({
        ...partition,
        lessonId: draft.id,
        classId: f.classId,
        day: '2026-04-08',
        startTime: '10:00',
        endTime: '11:00',
        roomId: f.roomId,
      })
      .returning();
    const [rule] = await db
      .insert(highlights)
      .values({
        ...partition,
        type: HighlightType.attendance,
        conditionType: HighlightCondition.missing,
        compareType: HighlightCompare.moreThan,
        value: 0,
        messageToStudent: 'Some attendance is not entered',
      })
      .returning();
    const messages = async () => (await cardsOf(f.studentUserId)).map((row) => row.content);

    // Every held sitting of the student's class is marked by now: only the draft's sitting has no mark.
    await refresh('2026-04-10T02:00:00Z');
    expect(await messages()).not.toContain('Some attendance is not entered');
    // Published, the same sitting is held and unmarked.
    await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, draft.id));
    await refresh('2026-04-10T02:00:00Z');
    expect(await messages()).toContain('Some attendance is not entered');

    await db
      .update(highlights)
      .set({ deleted: true })
      .where(eq(highlights.id, rule?.id ?? ''));
    await db
      .update(schedules)
      .set({ deleted: true })
      .where(eq(schedules.id, sitting?.id ?? ''));
    await db.update(lessons).set({ deleted: true }).where(eq(lessons.id, draft.id));
    await refresh('2026-04-10T02:00:00Z');
  });

  it('requests: a requesting request gives its class teachers a card that goes once decided', async () => {
    const [request] = await db
      .insert(requests)
      .values({
        subjectId: f.subjectId,
        universityId: f.universityId,
        seq,
        studentId: f.studentId,
        classId: f.classId,
        type: RequestType.other,
        option: RequestOption.other,
        content: 'May I <a href="javascript:alert(1)">switch</a>?',
      })
      .returning();
    await refresh('2026-04-10T02:00:00Z');
    const card = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.stickyRequest);
    expect(card?.requestId).toBe(request?.id);
    expect(card?.content).toBe('May I <a>switch</a>?');

    const closing = await call(t.app, session('teacher'), 'POST', `/api/sticky/${card?.id}`, { status: 1 });
    expect(closing.statusCode, 'request cards cannot be closed').toBe(403);

    await db
      .update(requests)
      .set({ status: RequestStatus.rejected, decidedAt: at('2026-04-10T03:00:00Z'), decidedBy: ids.teacher })
      .where(eq(requests.id, request?.id ?? ''));
    await refresh('2026-04-10T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.stickyRequest);
  });

  it('memo: other teachers of the memo’s coming schedules get it until the schedules pass', async () => {
    const partition = { subjectId: f.subjectId, universityId: f.universityId, seq };
    const [memo] = await db
      .insert(memos)
      .values({ ...partition, message: 'Room changed', authorId: ids.teacher2 })
      .returning();
    await db.insert(memoSchedules).values({ ...partition, memoId: memo?.id ?? '', scheduleId: f.scheduleId });
    await refresh('2026-04-09T03:00:00Z');
    const card = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.memo);
    expect(card).toMatchObject({ memoId: memo?.id, content: 'Room changed', scheduleId: f.scheduleId });
    expect(await typesOf(ids.teacher2)).not.toContain(StickyType.memo);
    await refresh('2026-04-11T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.memo);
  });

  it('student-contact note: a note about a student reaches the other teachers of the student’s class', async () => {
    await db.insert(notes).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq,
      studentId: f.studentId,
      content: 'Called the family',
      authorId: ids.teacher2,
      createdAt: at('2026-04-10T00:00:00Z'),
    });
    await refresh('2026-04-10T03:00:00Z');
    const card = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.teacher);
    expect(card).toMatchObject({ studentId: f.studentId, content: 'Called the family' });
    expect(await typesOf(ids.teacher2)).not.toContain(StickyType.teacher);
    await refresh('2026-04-30T03:00:00Z');
    expect(await typesOf(ids.teacher)).not.toContain(StickyType.teacher);
  });

  it('keeps a closed card closed while its rule still holds', async () => {
    await refresh('2026-04-05T03:00:00Z');
    const exam = (await cardsOf(ids.teacher)).find((row) => row.type === StickyType.examNotPlan);
    const closed = await call(t.app, session('teacher'), 'POST', `/api/sticky/${exam?.id}`, { status: 1 });
    expect(closed.statusCode).toBe(200);
    await refresh('2026-04-05T04:00:00Z');
    const again = (await cardsOf(ids.teacher)).filter((row) => row.type === StickyType.examNotPlan);
    expect(again).toHaveLength(1);
    expect(again[0]?.status).toBe(StickyStatus.closed);
  });
});

/** Inserts open cards for a user directly (the close and paging rules do not depend on why a card exists). */
async function giveCards(user: string, type: StickyType, howMany = 1, start = '2026-05-01T00:00:00Z') {
  const rows = await db
    .insert(stickies)
    .values(
      Array.from({ length: howMany }, (_, index) => ({
        userId: user,
        type,
        seq,
        content: `card ${index + 1}`,
        createdAt: new Date(at(start).getTime() + index * 1000),
      })),
    )
    .returning({ id: stickies.id });
  return rows.map((row) => row.id);
}

async function statusOf(id: string) {
  const [row] = await db.select({ status: stickies.status }).from(stickies).where(eq(stickies.id, id));
  return row?.status;
}

describe('closing cards', () => {
  it('lets teachers and admins close their own cards, never request cards', async () => {
    for (const name of ['teacher', 'admin'] as const) {
      const [open] = await giveCards(ids[name], StickyType.lessonNotPlan);
      const response = await call(t.app, session(name), 'POST', `/api/sticky/${open}`, { status: 1 });
      expect(response.statusCode, name).toBe(200);
      expect(await statusOf(open ?? '')).toBe(StickyStatus.closed);
      for (const type of [StickyType.request, StickyType.stickyRequest]) {
        const [request] = await giveCards(ids[name], type);
        const refused = await call(t.app, session(name), 'POST', `/api/sticky/${request}`, { status: 1 });
        expect(refused.statusCode, `${name} ${type}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'forbidden' });
        expect(await statusOf(request ?? '')).toBe(StickyStatus.open);
      }
    }
  });

  it('refuses observers, the super admin and students', async () => {
    for (const [name, type] of [
      ['observer', StickyType.memo],
      ['super', StickyType.memo],
      ['student', StickyType.highlightAttendance],
    ] as const) {
      const [card] = await giveCards(ids[name], type);
      const response = await call(t.app, session(name), 'POST', `/api/sticky/${card}`, { status: 1 });
      expect(response.statusCode, name).toBe(403);
      expect(await statusOf(card ?? '')).toBe(StickyStatus.open);
    }
  });

  it('answers 404 for another user’s card and 422 for hostile bodies, changing nothing', async () => {
    const [foreign] = await giveCards(ids.teacher2, StickyType.memo);
    const response = await call(t.app, session('teacher'), 'POST', `/api/sticky/${foreign}`, { status: 1 });
    expect(response.statusCode).toBe(404);
    expect(await statusOf(foreign ?? '')).toBe(StickyStatus.open);
    expect((await call(t.app, session('teacher'), 'GET', `/api/sticky/${foreign}`)).statusCode).toBe(404);

    const [mine] = await giveCards(ids.teacher, StickyType.memo);
    for (const payload of [{ status: 0 }, { status: '1' }, { status: 1, userId: ids.teacher2 }, {}]) {
      const refused = await call(t.app, session('teacher'), 'POST', `/api/sticky/${mine}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'validation_failed' });
    }
    const badId = await call(t.app, session('teacher'), 'POST', '/api/sticky/42', { status: 1 });
    expect(badId.statusCode).toBe(422);
    expect(await statusOf(mine ?? '')).toBe(StickyStatus.open);
  });
});

describe('sticky list', () => {
  it('pages the user’s open cards, newest first', async () => {
    await db.delete(stickies).where(eq(stickies.userId, ids.admin));
    await giveCards(ids.admin, StickyType.memo, 7);
    const first = await call(t.app, session('admin'), 'GET', '/api/sticky?page=1&numberSticky=4');
    expect(first.statusCode).toBe(200);
    const page1: StickyList = first.json();
    expect(page1.data.map((card) => card.content)).toEqual(['card 7', 'card 6', 'card 5', 'card 4']);
    expect(page1.meta.pagination).toMatchObject({ count: 4, total: 7, total_pages: 2, current_page: 1 });
    expect(page1.meta.pagination.links.next).toBe('/api/sticky?page=2&numberSticky=4');
    const page2: StickyList = (
      await call(t.app, session('admin'), 'GET', '/api/sticky?page=2&numberSticky=4')
    ).json();
    expect(page2.data).toHaveLength(3);
    expect(page2.meta.pagination.links).toEqual({});

    for (const query of ['page=0', 'numberSticky=99', 'page=abc', 'extra=1']) {
      const refused = await call(t.app, session('admin'), 'GET', `/api/sticky?${query}`);
      expect(refused.statusCode, query).toBe(422);
    }
  });

  it('applies the permission table and hides other users’ cards from every call', async () => {
    expect((await call(t.app, session('super'), 'GET', '/api/sticky')).statusCode).toBe(403);
    expect((await call(t.app, undefined, 'GET', '/api/sticky')).statusCode).toBe(401);
    const [foreign] = await giveCards(ids.teacher2, StickyType.attendance);
    for (const name of ['teacher', 'observer', 'admin'] as const) {
      const response = await call(
        t.app,
        session(name),
        'GET',
        `/api/sticky/list-classes-attendance?stickyId=${foreign}&stickyType=${StickyType.attendance}`,
      );
      expect(response.statusCode, name).toBe(404);
    }
    const student = await call(
      t.app,
      session('student'),
      'GET',
      `/api/sticky/list-classes-attendance?stickyId=${foreign}&stickyType=0`,
    );
    expect(student.statusCode).toBe(403);
    const malformed = await call(
      t.app,
      session('teacher'),
      'GET',
      '/api/sticky/list-classes-note-plan?stickyId=1',
    );
    expect(malformed.statusCode).toBe(422);
  });

  it('pushes a stickies change to the owners after a refresh commits', async () => {
    const socket = await openSocket(t.app, session('teacher2'));
    await db.insert(notes).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq,
      studentId: f.studentId,
      content: 'Live card',
      authorId: ids.teacher,
      createdAt: t.clock.now(),
    });
    const result = await t.app.dashboard.refresh({ subjectId: f.subjectId });
    expect(result.stickyUsers).toContain(ids.teacher2);
    await socket.until(() =>
      socket.messages.some(
        (message) => message.type === 'changed' && message.collections.includes('stickies'),
      ),
    );
    socket.socket.terminate();
  });

  it('shows students only their highlight cards', async () => {
    await giveCards(ids.student, StickyType.memo);
    const body: StickyList = (await call(t.app, session('student'), 'GET', '/api/sticky')).json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(
      body.data.every((card) =>
        [StickyType.highlightAttendance, StickyType.highlightAchievement].includes(card.type as 16 | 17),
      ),
    ).toBe(true);
  });
});

describe('notifications', () => {
  it('notifies the owner of a new card unless their web notifications are off', async () => {
    await db.insert(notificationSettings).values({ userId: ids.teacher2, web: false });
    const before = await db.select().from(notifications).where(eq(notifications.userId, ids.teacher2));
    await db.insert(notes).values({
      subjectId: f.subjectId,
      universityId: f.universityId,
      seq,
      studentId: f.studentId,
      content: 'For teacher2',
      authorId: ids.teacher,
      createdAt: at('2026-05-01T00:00:00Z'),
    });
    const result = await refresh('2026-05-01T01:00:00Z');
    expect(result.stickyUsers).toContain(ids.teacher2);
    expect(await typesOf(ids.teacher2)).toContain(StickyType.teacher);
    const after = await db.select().from(notifications).where(eq(notifications.userId, ids.teacher2));
    expect(after).toHaveLength(before.length);
    const teacher: NotificationList = (
      await call(t.app, session('teacher'), 'GET', '/api/notification')
    ).json();
    expect(teacher.data.some((item) => item.data.message === 'notification_new_sticky')).toBe(true);
  });

  it('notifies request events and account changes, and pushes them live', async () => {
    const socket = await openSocket(t.app, session('student'));
    const [request] = await db
      .insert(requests)
      .values({
        subjectId: f.subjectId,
        universityId: f.universityId,
        seq,
        studentId: f.studentId,
        classId: f.classId,
        type: RequestType.other,
        option: RequestOption.other,
        content: 'Please',
      })
      .returning();
    expect(await t.app.dashboard.notifyRequestEvent(request?.id ?? '', 'created')).toEqual(
      expect.arrayContaining([ids.teacher]),
    );
    await db
      .update(requests)
      .set({
        status: RequestStatus.accepted,
        acceptReason: 0,
        decidedAt: t.clock.now(),
        decidedBy: ids.teacher,
      })
      .where(eq(requests.id, request?.id ?? ''));
    // The fixture student cannot sign in; the demo student's socket hears the account change.
    expect(await t.app.dashboard.notifyRequestEvent(request?.id ?? '', 'decided')).toEqual([f.studentUserId]);
    expect(await t.app.dashboard.notifyAccountChange(ids.student)).toEqual([ids.student]);
    await socket.until(() =>
      socket.messages.some(
        (message) => message.type === 'changed' && message.collections.includes('notifications'),
      ),
    );
    socket.socket.terminate();
  });

  it('pages, marks one read and all read, refusing foreign and malformed ids', async () => {
    // Messages are codes (the database refuses anything else); each notification is told by its link.
    const base = { userId: ids.observer, message: 'notification_new_sticky', seq };
    await db.insert(notifications).values(
      Array.from({ length: 25 }, (_, index) => ({
        ...base,
        url: `/n${index}`,
        createdAt: new Date(at('2026-05-01T00:00:00Z').getTime() + index * 1000),
      })),
    );
    const page1: NotificationList = (
      await call(t.app, session('observer'), 'GET', '/api/notification')
    ).json();
    expect(page1).toMatchObject({ total: 25, current_page: 1, unread: 25 });
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]?.data).toEqual({ message: 'notification_new_sticky', url: '/n24', params: null });
    const page2: NotificationList = (
      await call(t.app, session('observer'), 'GET', '/api/notification?page=2')
    ).json();
    expect(page2.data).toHaveLength(5);

    const first = page1.data[0]?.id ?? '';
    expect(
      (await call(t.app, session('observer'), 'POST', '/api/notification/read', { id: first })).statusCode,
    ).toBe(200);
    const foreign = await call(t.app, session('teacher'), 'POST', '/api/notification/read', { id: first });
    expect(foreign.statusCode).toBe(404);
    for (const payload of [{ id: 42 }, { id: 'x' }, { id: first, extra: true }, {}]) {
      const refused = await call(t.app, session('observer'), 'POST', '/api/notification/read', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const afterOne: NotificationList = (
      await call(t.app, session('observer'), 'GET', '/api/notification')
    ).json();
    expect(afterOne.unread).toBe(24);
    const refusedAll = await call(t.app, session('observer'), 'POST', '/api/notification/readAll', {
      all: true,
    });
    expect(refusedAll.statusCode).toBe(422);
    expect((await call(t.app, session('observer'), 'POST', '/api/notification/readAll')).statusCode).toBe(
      200,
    );
    const afterAll: NotificationList = (
      await call(t.app, session('observer'), 'GET', '/api/notification')
    ).json();
    expect(afterAll.unread).toBe(0);
    expect((await call(t.app, undefined, 'GET', '/api/notification')).statusCode).toBe(401);
  });
});
