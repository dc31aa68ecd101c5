import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { RequestStatus } from '../../../domain/request-status';
import { AcceptReason, RequestOption, RequestType } from '../../../domain/requests';
import type { RequestDoc } from '../../../domain/sync-docs';
import { achievementId, attendanceId } from '../../../domain/sync-ids';
import {
  achievements,
  attendanceHistory,
  attendances,
  classStudents,
  classTeachers,
  notifications,
  requests,
  schedules,
  scoreHistory,
  students,
  subjectStudents,
  users,
} from '../../db/schema';
import { pushCollection } from '../../sync/engine';
import { call } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { requestsCollection } from './collection';

type RoleName = keyof typeof DEMO_ACCOUNTS;

let t: TestApp;
let school: SchoolFixture;
let otherSchool: SchoolFixture;
/** The demo student's student record, seated in `school`'s class. */
let studentId: string;
let studentUserId: string;
const sessions = new Map<RoleName | 'teacher2', TestSession>();
const userIds = new Map<RoleName | 'teacher2', string>();

function session(name: RoleName | 'teacher2'): TestSession {
  const found = sessions.get(name);
  if (!found) throw new Error(`no session ${name}`);
  return found;
}

function userIdOf(name: RoleName | 'teacher2'): string {
  const found = userIds.get(name);
  if (!found) throw new Error(`no user ${name}`);
  return found;
}

async function userId(email: string): Promise<string> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Seats the demo student in a fixture's subject and class. */
async function seat(fixture: SchoolFixture, student: string) {
  const partition = { subjectId: fixture.subjectId, universityId: fixture.universityId, seq: 1 };
  const [enrolment] = await t.db
    .insert(subjectStudents)
    .values({ ...partition, studentId: student })
    .returning();
  if (!enrolment) throw new Error('no enrolment');
  const [classStudent] = await t.db
    .insert(classStudents)
    .values({ ...partition, classId: fixture.classId, studentId: student, subjectStudentId: enrolment.id })
    .returning();
  if (!classStudent) throw new Error('no class student');
  return { subjectStudentId: enrolment.id, classStudentId: classStudent.id };
}

let seated: { subjectStudentId: string; classStudentId: string };
let sittingDay = 0;

/** A new sitting of the fixture's class, so each request's mark starts empty. */
async function newSitting(fixture: SchoolFixture = school): Promise<string> {
  sittingDay += 1;
  const day = `2026-05-${String((sittingDay % 28) + 1).padStart(2, '0')}`;
  const [row] = await t.db
    .insert(schedules)
    .values({
      subjectId: fixture.subjectId,
      universityId: fixture.universityId,
      lessonId: fixture.lessonId,
      classId: fixture.classId,
      day,
      startTime: `${String(8 + (sittingDay % 10)).padStart(2, '0')}:00`,
      endTime: `${String(8 + (sittingDay % 10)).padStart(2, '0')}:50`,
      seq: 1,
    })
    .returning();
  if (!row) throw new Error('no sitting');
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  school = await createSchoolFixture(t.db);
  otherSchool = await createSchoolFixture(t.db);
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [RoleName, string][]) {
    userIds.set(role, await userId(email));
  }
  userIds.set('teacher2', await userId('teacher2@demo.test'));
  studentUserId = userIdOf('student');
  const [student] = await t.db.select().from(students).where(eq(students.userId, studentUserId));
  if (!student) throw new Error('no demo student record');
  studentId = student.id;
  seated = await seat(school, studentId);
  await t.db.insert(classTeachers).values([
    {
      subjectId: school.subjectId,
      universityId: school.universityId,
      classId: school.classId,
      teacherId: userIdOf('teacher'),
      seq: 1,
    },
    {
      subjectId: otherSchool.subjectId,
      universityId: otherSchool.universityId,
      classId: otherSchool.classId,
      teacherId: userIdOf('teacher2'),
      seq: 1,
    },
  ]);
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [RoleName, string][]) {
    sessions.set(role, await signIn(t.app, email));
  }
  sessions.set('teacher2', await signIn(t.app, 'teacher2@demo.test'));
}, 180_000);

afterAll(async () => {
  await t.close();
});

const lateBody = (scheduleId: string, patch: Record<string, unknown> = {}) => ({
  option: RequestOption.late,
  subject_id: school.subjectId,
  class_id: school.classId,
  schedule_id: scheduleId,
  late_minutes: 15,
  content: '電車が遅れました',
  ...patch,
});

async function fileLate(patch: Record<string, unknown> = {}): Promise<{ id: string; scheduleId: string }> {
  const scheduleId = await newSitting();
  const response = await call(
    t.app,
    session('student'),
    'POST',
    '/api/requests',
    lateBody(scheduleId, patch),
  );
  if (response.statusCode !== 201) throw new Error(`file: ${response.statusCode} ${response.body}`);
  return { id: response.json().id, scheduleId };
}

const decisionUrl = (id: string, segment = 'attendance') => `/api/requests/${id}/${segment}`;
const acceptWithUpdate = { status: RequestStatus.accepted, accept_reason: AcceptReason.withUpdate };
const acceptWithout = { status: RequestStatus.accepted, accept_reason: AcceptReason.withoutUpdate };
const reject = { status: RequestStatus.rejected, reason: '時刻表に遅延の記録がありません' };
const cancel = { status: RequestStatus.cancelled };

async function requestCount(): Promise<number> {
  const rows = await t.db.select({ id: requests.id }).from(requests);
  return rows.length;
}

async function markOf(scheduleId: string) {
  const [row] = await t.db
    .select()
    .from(attendances)
    .where(eq(attendances.id, attendanceId(seated.classStudentId, scheduleId)));
  return row ?? null;
}

async function historyOf(scheduleId: string) {
  return t.db
    .select()
    .from(attendanceHistory)
    .where(eq(attendanceHistory.attendanceId, attendanceId(seated.classStudentId, scheduleId)));
}

describe('who may make each request call (SPEC §6)', () => {
  // Each row: the call, and for each role the status it answers. The decision row is made on a fresh request
  // per role (a reject by staff, a reject by the student, who may only cancel).
  const matrix: [string, (role: RoleName) => Promise<number>, Record<RoleName, number>][] = [
    [
      'POST /api/requests',
      async (role) =>
        (
          await call(
            t.app,
            session(role),
            'POST',
            '/api/requests',
            // A guardian names the child they file for (issue 43); the fixture's student is the demo guardian's.
            lateBody(await newSitting(), role === 'guardian' ? { student_id: studentId } : {}),
          )
        ).statusCode,
      { observer: 403, teacher: 403, admin: 403, superAdmin: 403, student: 201, guardian: 201 },
    ],
    [
      'GET /api/requests/search',
      async (role) => (await call(t.app, session(role), 'GET', '/api/requests/search')).statusCode,
      { observer: 403, teacher: 200, admin: 200, superAdmin: 403, student: 200, guardian: 200 },
    ],
    [
      'GET /api/requests/{id}',
      async (role) => {
        const { id } = await fileLate();
        return (await call(t.app, session(role), 'GET', `/api/requests/${id}`)).statusCode;
      },
      // Open to every role (SPEC §6), answered only within the reader's scope: nobody else's request exists.
      { observer: 404, teacher: 200, admin: 200, superAdmin: 404, student: 200, guardian: 200 },
    ],
    [
      'POST /api/requests/{id}/attendance (reject)',
      async (role) => {
        const { id } = await fileLate();
        return (await call(t.app, session(role), 'POST', decisionUrl(id), reject)).statusCode;
      },
      { observer: 403, teacher: 200, admin: 200, superAdmin: 403, student: 403, guardian: 403 },
    ],
    [
      'POST /api/requests/{id}/attendance (cancel)',
      async (role) => {
        const { id } = await fileLate();
        return (await call(t.app, session(role), 'POST', decisionUrl(id), cancel)).statusCode;
      },
      // The student filed it: their guardian cancels only what they filed themselves.
      { observer: 403, teacher: 403, admin: 403, superAdmin: 403, student: 200, guardian: 403 },
    ],
    [
      'GET /api/students/{id}/data-request',
      async (role) =>
        (await call(t.app, session(role), 'GET', `/api/students/${studentId}/data-request`)).statusCode,
      { observer: 403, teacher: 403, admin: 403, superAdmin: 403, student: 200, guardian: 200 },
    ],
  ];

  const cases = matrix.flatMap(([name, run, expected]) =>
    (Object.keys(expected) as RoleName[]).map((role) => [name, role, run, expected[role]] as const),
  );

  it.each(cases)('%s as %s', async (_name, role, run, status) => {
    expect(await run(role)).toBe(status);
  });

  it('the other decision calls answer the same roles', async () => {
    for (const segment of ['confirmAttendance', 'achievement-confirm', 'other']) {
      const { id } = await fileLate();
      for (const role of ['observer', 'superAdmin'] as const) {
        expect((await call(t.app, session(role), 'POST', decisionUrl(id, segment), reject)).statusCode).toBe(
          403,
        );
      }
      // The segment must be the request's type: a late notice is decided at /attendance only.
      const wrong = await call(t.app, session('admin'), 'POST', decisionUrl(id, segment), reject);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ type: ['invalid'] });
    }
  });
});

describe('a guardian files for their child (issue 43)', () => {
  it('files a lateness notice marked as theirs; the decision tells the student and the guardian', async () => {
    const filed = await call(
      t.app,
      session('guardian'),
      'POST',
      '/api/requests',
      lateBody(await newSitting(), { student_id: studentId }),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const request = filed.json() as {
      id: string;
      student: { id: string };
      filed_by: { name: string } | null;
    };
    expect(request.student.id).toBe(studentId);
    expect(request.filed_by?.name).toBe('Nguyễn Thị Lan');
    // The student sees it as theirs, marked as their guardian's.
    const seen = await call(t.app, session('student'), 'GET', `/api/requests/${request.id}`);
    expect(seen.json().filed_by?.name).toBe('Nguyễn Thị Lan');
    const rejected = await call(t.app, session('teacher'), 'POST', decisionUrl(request.id), reject);
    expect(rejected.statusCode).toBe(200);
    for (const who of ['guardian', 'student'] as const) {
      const bell = (await call(t.app, session(who), 'GET', '/api/notification')).json() as {
        data: { data: { message: string; url: string } }[];
      };
      expect(
        bell.data.map((item) => [item.data.message, item.data.url]),
        who,
      ).toContainEqual(['notification_request_rejected', `/requests/${request.id}`]);
    }
  });

  it('refuses a child not theirs (404), an option a guardian does not file (403), and no child named (422)', async () => {
    const before = await requestCount();
    const sitting = await newSitting();
    const post = (patch: Record<string, unknown>) =>
      call(t.app, session('guardian'), 'POST', '/api/requests', lateBody(sitting, patch));
    expect((await post({ student_id: otherSchool.studentId })).statusCode).toBe(404);
    expect((await post({ student_id: studentId, option: RequestOption.lateConfirm })).statusCode).toBe(403);
    expect((await post({})).statusCode).toBe(422);
    expect(await requestCount()).toBe(before);
  });

  it('cancels only what they filed', async () => {
    const own = await call(
      t.app,
      session('guardian'),
      'POST',
      '/api/requests',
      lateBody(await newSitting(), { student_id: studentId }),
    );
    const byStudent = await call(
      t.app,
      session('student'),
      'POST',
      '/api/requests',
      lateBody(await newSitting()),
    );
    const cancelled = await call(t.app, session('guardian'), 'POST', decisionUrl(own.json().id), cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe(RequestStatus.cancelled);
    const refused = await call(t.app, session('guardian'), 'POST', decisionUrl(byStudent.json().id), cancel);
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/requests', () => {
  it('a student files a late notice: stored requesting, shown with its names, the teacher notified', async () => {
    const scheduleId = await newSitting();
    const response = await call(t.app, session('student'), 'POST', '/api/requests', lateBody(scheduleId));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      type: RequestType.attendance,
      status: RequestStatus.requesting,
      option: RequestOption.late,
      attendance_kind: 1,
      late_minutes: 15,
      subject: { id: school.subjectId },
      class: { id: school.classId, name: 'A組' },
      schedule: { id: scheduleId, lesson: { id: school.lessonId, name: '第1回' } },
      decided_by: null,
    });
    const notified = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, userIdOf('teacher')), eq(notifications.url, `/requests/${body.id}`)),
      );
    expect(notified.map((row) => row.message)).toEqual(['notification_request_created']);
    // It names the request (issue 42): who sent it, in which subject and class, what kind, for which day.
    expect(notified[0]?.params).toEqual({
      studentName: body.student.name,
      subjectName: body.subject.name,
      className: 'A組',
      requestOption: RequestOption.late,
      day: body.schedule.day,
    });
  });

  it('files each kind of request of the form', async () => {
    const cases = [
      { option: RequestOption.absent, schedule_id: await newSitting() },
      { option: RequestOption.presentConfirm, schedule_id: await newSitting() },
      { option: RequestOption.lateConfirm, schedule_id: await newSitting(), late_minutes: 5 },
      { option: RequestOption.absentConfirm, schedule_id: await newSitting() },
      { option: RequestOption.achievementConfirm, score_name_id: school.scoreNameId, points: 80.5 },
      { option: RequestOption.other },
    ];
    for (const patch of cases) {
      const response = await call(t.app, session('student'), 'POST', '/api/requests', {
        subject_id: school.subjectId,
        class_id: school.classId,
        content: '確認をお願いします',
        ...patch,
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(201);
    }
  });

  it('refuses bad input with a field code and stores nothing', async () => {
    const scheduleId = await newSitting();
    const before = await requestCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: 'あ'.repeat(501) }, 'content'],
      [{ content: '' }, 'content'],
      [{ content: 'a\u0000b' }, 'content'],
      [{ late_minutes: 0 }, 'late_minutes'],
      [{ late_minutes: 301 }, 'late_minutes'],
      [{ late_minutes: 1.5 }, 'late_minutes'],
      [{ late_minutes: '15' }, 'late_minutes'],
      [{ late_minutes: null }, 'late_minutes'],
      [{ schedule_id: null }, 'schedule_id'],
      [{ schedule_id: 'not-a-uuid' }, 'schedule_id'],
      [{ option: 8 }, 'option'],
      [{ option: RequestOption.other }, 'schedule_id'],
      [{ points: 50 }, 'points'],
      [{ constructor: 1 }, 'constructor'],
      [{ student_id: randomUUID() }, 'student_id'],
    ];
    for (const [patch, field] of cases) {
      const response = await call(
        t.app,
        session('student'),
        'POST',
        '/api/requests',
        lateBody(scheduleId, patch),
      );
      expect(response.statusCode, JSON.stringify(patch)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(patch)).toContain(field);
    }
    expect(await requestCount()).toBe(before);
  });

  it('refuses a subject, class, sitting or score that is not the student’s own (403), storing nothing', async () => {
    const otherSitting = await newSitting(otherSchool);
    const before = await requestCount();
    const cases: Record<string, unknown>[] = [
      lateBody(otherSitting),
      lateBody(otherSitting, { subject_id: otherSchool.subjectId, class_id: otherSchool.classId }),
      lateBody(await newSitting(), { class_id: otherSchool.classId }),
      lateBody(otherSitting, { subject_id: otherSchool.subjectId }),
      {
        option: RequestOption.achievementConfirm,
        subject_id: school.subjectId,
        class_id: school.classId,
        score_name_id: otherSchool.scoreNameId,
        points: 10,
        content: '点数の確認',
      },
      {
        option: RequestOption.other,
        subject_id: otherSchool.subjectId,
        class_id: otherSchool.classId,
        content: '相談',
      },
      { option: RequestOption.other, subject_id: randomUUID(), class_id: school.classId, content: '相談' },
    ];
    for (const body of cases) {
      const response = await call(t.app, session('student'), 'POST', '/api/requests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    // A score above the score name's full score is not one the student may ask for either.
    const above = await call(t.app, session('student'), 'POST', '/api/requests', {
      option: RequestOption.achievementConfirm,
      subject_id: school.subjectId,
      class_id: school.classId,
      score_name_id: school.scoreNameId,
      points: 101,
      content: '点数の確認',
    });
    expect(above.statusCode).toBe(403);
    expect(await requestCount()).toBe(before);
  });

  it('the sync push refuses the same request about another class’s sitting, with or without a class named', async () => {
    const otherSitting = await newSitting(otherSchool);
    const actor = { id: studentUserId, role: 5 as const };
    for (const classId of [school.classId, null]) {
      const doc: RequestDoc = {
        id: randomUUID(),
        subjectId: school.subjectId,
        universityId: school.universityId,
        studentId,
        classId,
        scheduleId: otherSitting,
        scoreNameId: null,
        type: RequestType.attendance,
        status: RequestStatus.requesting,
        option: RequestOption.absent,
        attendanceKind: 0,
        confirmKind: null,
        acceptReason: null,
        lateMinutes: null,
        points: null,
        content: '欠席します',
        rejectReason: null,
        decidedBy: null,
        decidedAt: null,
        filedBy: null,
        createdAt: new Date().toISOString(),
        updatedAt: 0,
        _deleted: false,
      };
      const { conflicts } = await pushCollection(
        t.app.appDeps,
        requestsCollection,
        actor,
        [{ newDocumentState: doc, assumedMasterState: null }],
        true,
      );
      expect(conflicts.map((conflict) => conflict.reason)).toEqual(['forbidden']);
    }
  });
});

describe('GET /api/requests/search', () => {
  it('filters by status, type, text, subject and class, pages, and sorts', async () => {
    const marker = `検索-${randomUUID().slice(0, 8)}`;
    const first = await fileLate({ content: `${marker} 1` });
    const second = await fileLate({ content: `${marker} 2` });
    await call(t.app, session('teacher'), 'POST', decisionUrl(second.id), reject);
    const search = async (role: RoleName | 'teacher2', query: string) => {
      const response = await call(
        t.app,
        session(role),
        'GET',
        `/api/requests/search?param=${marker}&${query}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect((await search('teacher', '')).data.map((row: { id: string }) => row.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await search('teacher', 'sortType=asc')).data.map((row: { id: string }) => row.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await search('admin', 'status=1')).data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await search('student', 'status=0')).data.map((row: { id: string }) => row.id)).toEqual([
      second.id,
    ]);
    expect((await search('teacher', 'type=3')).data).toEqual([]);
    expect((await search('teacher', `subject=${otherSchool.subjectId}`)).data).toEqual([]);
    expect((await search('teacher', `subjectClass=${school.classId}`)).data).toHaveLength(2);
    const paged = await search('teacher', 'limit=1&page=2');
    expect(paged.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect(paged.meta.pagination).toMatchObject({ total: 2, per_page: 1, current_page: 2, total_pages: 2 });
    // A teacher of another class sees none of them.
    expect((await search('teacher2', '')).data).toEqual([]);
  });

  it('refuses a bad filter with a field code', async () => {
    for (const query of ['status=-1', 'type=9', 'subject=x', 'sortType=up', 'limit=0', 'other=1']) {
      const response = await call(t.app, session('admin'), 'GET', `/api/requests/search?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('deciding a request', () => {
  it('accepting a late notice with update marks the sitting late, once, with a history line naming the request', async () => {
    const { id, scheduleId } = await fileLate();
    const response = await call(t.app, session('teacher'), 'POST', decisionUrl(id), acceptWithUpdate);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: RequestStatus.accepted,
      accept_reason: AcceptReason.withUpdate,
      decided_by: { id: userIdOf('teacher') },
    });
    expect(await markOf(scheduleId)).toMatchObject({ status: AttendanceStatus.late, lateMinutes: 15 });
    const history = await historyOf(scheduleId);
    expect(history.map((row) => [row.newStatus, row.requestId, row.changedBy])).toEqual([
      [AttendanceStatus.late, id, userIdOf('teacher')],
    ]);
    // The sheet's history call names the request beside the change.
    const sheetHistory = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/attendance/history/${scheduleId}`,
    );
    expect(sheetHistory.json().history).toEqual([
      expect.objectContaining({ new_status: AttendanceStatus.late, request_id: id }),
    ]);
    // The student is told (bell; mail follows their switch in the notifications module).
    const notified = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, studentUserId), eq(notifications.url, `/requests/${id}`)));
    expect(notified.map((row) => row.message)).toEqual(['notification_request_approved']);
    expect(notified[0]?.params).toMatchObject({ className: 'A組', requestOption: RequestOption.late });
    // Nothing leaves a final state: a second decision is a conflict and changes nothing.
    const again = await call(t.app, session('admin'), 'POST', decisionUrl(id), reject);
    expect(again.statusCode).toBe(409);
    const cancelled = await call(t.app, session('student'), 'POST', decisionUrl(id), cancel);
    expect(cancelled.statusCode).toBe(409);
    expect(await historyOf(scheduleId)).toHaveLength(1);
  });

  it('accepting without update changes no mark', async () => {
    const { id, scheduleId } = await fileLate();
    const response = await call(t.app, session('admin'), 'POST', decisionUrl(id), acceptWithout);
    expect(response.statusCode).toBe(200);
    expect(await markOf(scheduleId)).toBeNull();
  });

  it('accepting an achievement confirm with update enters the score asked for, with its history line', async () => {
    const response = await call(t.app, session('student'), 'POST', '/api/requests', {
      option: RequestOption.achievementConfirm,
      subject_id: school.subjectId,
      class_id: school.classId,
      score_name_id: school.scoreNameId,
      points: 72.5,
      content: '採点の確認をお願いします',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id;
    const decided = await call(
      t.app,
      session('teacher'),
      'POST',
      decisionUrl(id, 'achievement-confirm'),
      acceptWithUpdate,
    );
    expect(decided.statusCode).toBe(200);
    const scoreId = achievementId(seated.subjectStudentId, school.scoreNameId);
    const [score] = await t.db.select().from(achievements).where(eq(achievements.id, scoreId));
    expect(score?.points).toBe(72.5);
    const history = await t.db.select().from(scoreHistory).where(eq(scoreHistory.achievementId, scoreId));
    expect(history.map((row) => [row.newPoints, row.requestId])).toEqual([[72.5, id]]);
  });

  it('a rejection needs its reason, which the request then shows', async () => {
    const { id } = await fileLate();
    const bare = await call(t.app, session('teacher'), 'POST', decisionUrl(id), {
      status: RequestStatus.rejected,
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ reason: ['required'] });
    const tooLong = await call(t.app, session('teacher'), 'POST', decisionUrl(id), {
      ...reject,
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
    for (const body of [
      { status: RequestStatus.requesting },
      { status: RequestStatus.accepted },
      { ...acceptWithout, reason: 'x' },
      { status: 7 },
      { ...reject, extra: 1 },
    ]) {
      expect((await call(t.app, session('teacher'), 'POST', decisionUrl(id), body)).statusCode).toBe(422);
    }
    const response = await call(t.app, session('teacher'), 'POST', decisionUrl(id), reject);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: RequestStatus.rejected, reject_reason: reject.reason });
    const detail = await call(t.app, session('student'), 'GET', `/api/requests/${id}`);
    expect(detail.json()).toMatchObject({ status: RequestStatus.rejected, reject_reason: reject.reason });
  });

  it('a teacher of another class may neither see nor decide the request', async () => {
    const { id } = await fileLate();
    expect((await call(t.app, session('teacher2'), 'GET', `/api/requests/${id}`)).statusCode).toBe(404);
    expect((await call(t.app, session('teacher2'), 'POST', decisionUrl(id), reject)).statusCode).toBe(404);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row?.status).toBe(RequestStatus.requesting);
  });

  it('of two staff deciding at once one wins, the other is told 409, and the mark is entered once', async () => {
    const { id, scheduleId } = await fileLate();
    const answers = await Promise.all([
      call(t.app, session('teacher'), 'POST', decisionUrl(id), acceptWithUpdate),
      call(t.app, session('admin'), 'POST', decisionUrl(id), acceptWithUpdate),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await historyOf(scheduleId)).toHaveLength(1);
  });
});

describe('GET /api/students/{id}/data-request', () => {
  it('offers the student’s own subjects, classes with sittings and score names, and nobody else’s', async () => {
    const response = await call(t.app, session('student'), 'GET', `/api/students/${studentId}/data-request`);
    expect(response.statusCode).toBe(200);
    const subject = response.json().subjects.find((row: { id: string }) => row.id === school.subjectId);
    expect(subject.classes.map((row: { id: string }) => row.id)).toEqual([school.classId]);
    expect(subject.classes[0].schedules.map((row: { id: string }) => row.id)).toContain(school.scheduleId);
    expect(subject.score_names.map((row: { id: string }) => row.id)).toEqual([school.scoreNameId]);
    expect(response.json().subjects.some((row: { id: string }) => row.id === otherSchool.subjectId)).toBe(
      false,
    );
    const other = await call(
      t.app,
      session('student'),
      'GET',
      `/api/students/${school.studentId}/data-request`,
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('the status machine (SPEC §4), as a property', () => {
  type Actor = 'teacher' | 'admin' | 'student';
  type Move = 'acceptWithUpdate' | 'acceptWithout' | 'reject' | 'cancel';
  const bodies: Record<Move, Record<string, unknown>> = {
    acceptWithUpdate,
    acceptWithout,
    reject,
    cancel,
  };
  const step = fc.record({
    actor: fc.constantFrom<Actor>('teacher', 'admin', 'student'),
    move: fc.constantFrom<Move>('acceptWithUpdate', 'acceptWithout', 'reject', 'cancel'),
  });
  // Each round is a batch of moves sent at once; rounds follow each other.
  const rounds = fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });

  it('any decisions and cancels, sequential or at once, end in one final state, the mark changed once if accepted with update', async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        const { id, scheduleId } = await fileLate();
        const taken: { actor: Actor; move: Move }[] = [];
        for (const round of plan) {
          const answers = await Promise.all(
            round.map((move) => call(t.app, session(move.actor), 'POST', decisionUrl(id), bodies[move.move])),
          );
          answers.forEach((answer, index) => {
            const move = round[index];
            if (!move) return;
            // Staff may not cancel and the student may not decide (403); anything after the first is 409.
            expect([200, 403, 409], answer.body).toContain(answer.statusCode);
            if (answer.statusCode === 200) taken.push(move);
          });
        }
        const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
        const history = await historyOf(scheduleId);
        const legal = plan.flat().some(({ actor, move }) => (actor === 'student') === (move === 'cancel'));
        // At most one move is ever taken, and exactly one when any move was allowed.
        expect(taken.length).toBe(legal ? 1 : 0);
        const [winner] = taken;
        if (!winner) {
          expect(row?.status).toBe(RequestStatus.requesting);
          expect(history).toHaveLength(0);
          return;
        }
        const expected = {
          acceptWithUpdate: RequestStatus.accepted,
          acceptWithout: RequestStatus.accepted,
          reject: RequestStatus.rejected,
          cancel: RequestStatus.cancelled,
        }[winner.move];
        expect(row?.status).toBe(expected);
        expect(history.filter((line) => line.requestId === id)).toHaveLength(
          winner.move === 'acceptWithUpdate' ? 1 : 0,
        );
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

// The decided request's columns as the database keeps them: a check of the table's own rules.
describe('the requests table', () => {
  it('refuses a rejection reason on a request that is not rejected', async () => {
    const { id } = await fileLate();
    await expect(
      t.db.execute(sql`update requests set reject_reason = 'x' where id = ${id}`),
    ).rejects.toThrow();
  });
});
