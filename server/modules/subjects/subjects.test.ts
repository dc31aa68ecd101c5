import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { weekdayIdOf } from '../../../domain/copy-subject';
import { PublishState } from '../../../domain/lessons';
import { CALL_ROLES, type CallKey } from '../../../domain/permissions';
import { nextDateOnWeekday } from '../../../domain/weekdays';
import {
  attendances,
  classStudents,
  classTeachers,
  lessons,
  schedules,
  scheduleTeachers,
  scoreNames,
  students,
  subjectStudents,
  subjects,
  users,
} from '../../db/schema';
import { call, pullThrough } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { schedulesCollection } from '../schedules/collection';

type Who = keyof typeof DEMO_ACCOUNTS | 'teacher2';
const ROLES = Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[];

let t: TestApp;
let school: SchoolFixture;
const sessions = new Map<Who, TestSession>();
const ids = {
  teacher: '',
  teacher2: '',
  admin: '',
  studentUser: '',
  student: '',
  deletable: {} as Record<string, { lessonId: string; scheduleId: string }>,
  /** A draft subject (a copy saved temporarily) for the matrix's registration; publish.test.ts has the rest. */
  draftSubject: '',
};

function as(who: Who): TestSession {
  const found = sessions.get(who);
  if (!found) throw new Error(`no session ${who}`);
  return found;
}

async function userId(email: string): Promise<string> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const base = () => `/api/academic/subjects/${school.subjectId}`;

function subjectBody(overrides: Record<string, unknown> = {}) {
  return {
    subject_name_id: school.subjectNameId,
    university_id: school.universityId,
    faculty_id: school.facultyId,
    year_code_id: school.yearCodeId,
    start_date: '2026-04-01',
    end_date: '2026-09-30',
    classes: [{ class_name_id: school.classNameId, teacher_ids: [ids.teacher] }],
    ...overrides,
  };
}

function lessonBody(schedules: Record<string, unknown>[] = [], overrides: Record<string, unknown> = {}) {
  return { name: '講義', schedules, ...overrides };
}

function sitting(overrides: Record<string, unknown> = {}) {
  return {
    class_id: school.classId,
    day: '2026-05-11',
    start_time: '13:00',
    end_time: '14:30',
    room_id: null,
    teacher_ids: [],
    ...overrides,
  };
}

async function countRows(table: typeof subjects | typeof lessons | typeof schedules) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t;
  school = await createSchoolFixture(db);
  ids.teacher = await userId(DEMO_ACCOUNTS.teacher);
  ids.teacher2 = await userId('teacher2@demo.test');
  ids.admin = await userId(DEMO_ACCOUNTS.admin);
  ids.studentUser = await userId(DEMO_ACCOUNTS.student);
  const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
  await db.insert(classTeachers).values({ ...partition, classId: school.classId, teacherId: ids.teacher });
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, school.lessonId));
  // The demo student studies at the fixture's university and sits in its class.
  const [student] = await db
    .update(students)
    .set({ universityId: school.universityId })
    .where(eq(students.userId, ids.studentUser))
    .returning();
  if (!student) throw new Error('no demo student');
  ids.student = student.id;
  const [enrolment] = await db
    .insert(subjectStudents)
    .values({ ...partition, studentId: student.id })
    .returning();
  if (!enrolment) throw new Error('no enrolment');
  await db
    .insert(classStudents)
    .values({ ...partition, classId: school.classId, studentId: student.id, subjectStudentId: enrolment.id });
  // One lesson with one sitting per writing role, for the delete calls of the matrix.
  for (const who of ['teacher', 'admin']) {
    const [lesson] = await db
      .insert(lessons)
      .values({ ...partition, name: `消す ${who}`, type: 0, publish: PublishState.published })
      .returning();
    if (!lesson) throw new Error('no lesson');
    const [first, second] = await db
      .insert(schedules)
      .values(
        [0, 1].map((n) => ({
          ...partition,
          lessonId: lesson.id,
          classId: school.classId,
          day: `2026-06-0${n + 1}`,
          startTime: '16:00',
          endTime: '17:00',
        })),
      )
      .returning();
    if (!first || !second) throw new Error('no schedules');
    ids.deletable[`lesson-${who}`] = { lessonId: lesson.id, scheduleId: first.id };
    ids.deletable[`schedule-${who}`] = { lessonId: lesson.id, scheduleId: second.id };
  }
  const [draft] = await db
    .insert(subjects)
    .values({
      subjectNameId: school.subjectNameId,
      universityId: school.universityId,
      facultyId: school.facultyId,
      yearCodeId: school.yearCodeId,
      startDate: '2026-10-01',
      endDate: '2027-03-31',
      publish: PublishState.draft,
      seq: 1,
    })
    .returning();
  if (!draft) throw new Error('no draft subject');
  ids.draftSubject = draft.id;
  for (const who of [...ROLES, 'teacher2'] as Who[]) {
    sessions.set(who, await signIn(t.app, who === 'teacher2' ? 'teacher2@demo.test' : DEMO_ACCOUNTS[who]));
  }
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
interface MatrixRow {
  key: CallKey;
  request: (who: Who) => { method: Method; url: string; body?: Record<string, unknown> };
  /** The success status of the roles allowed. */
  ok: 200 | 201;
}

const get = (url: () => string) => () => ({ method: 'GET' as const, url: url() });

/**
 * The role × call matrix of the area: every call, asked by every role, answers its success status exactly
 * for the roles `CALL_ROLES` names and 403 for the others. Rows run in order, so writes are arranged to
 * succeed again for each allowed role (no-op or fresh targets).
 */
const MATRIX: MatrixRow[] = [
  { key: 'GET /api/academic/subjects/search', request: get(() => '/api/academic/subjects/search'), ok: 200 },
  {
    key: 'GET /api/academic/subjects/subject-by-user',
    request: get(() => '/api/academic/subjects/subject-by-user?sortBy=name&sortType=asc'),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/options-by-user',
    request: get(() => '/api/academic/subjects/options-by-user'),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects',
    request: () => ({ method: 'POST', url: '/api/academic/subjects', body: subjectBody() }),
    ok: 201,
  },
  {
    key: 'POST /api/academic/subjects/validate-subject',
    request: () => ({ method: 'POST', url: '/api/academic/subjects/validate-subject', body: subjectBody() }),
    ok: 200,
  },
  { key: 'GET /api/academic/subjects/:subjectId', request: get(base), ok: 200 },
  {
    key: 'POST /api/academic/subjects/:subjectId',
    request: () => ({ method: 'POST', url: base(), body: subjectBody() }),
    ok: 200,
  },
  { key: 'GET /api/academic/subjects/:subjectId/lessons', request: get(() => `${base()}/lessons`), ok: 200 },
  {
    key: 'GET /api/academic/subjects/:subjectId/lessons-draft',
    request: get(() => `${base()}/lessons-draft`),
    ok: 200,
  },
  { key: 'GET /api/academic/subjects/:subjectId/notes', request: get(() => `${base()}/notes`), ok: 200 },
  {
    key: 'GET /api/academic/subjects/:subjectId/class/:classId',
    request: get(() => `${base()}/class/${school.classId}`),
    ok: 200,
  },
  { key: 'GET /api/academic/subjects/:subjectId/formula', request: get(() => `${base()}/formula`), ok: 200 },
  {
    key: 'POST /api/academic/subjects/:subjectId/formula',
    request: () => ({ method: 'POST', url: `${base()}/formula`, body: { formula: '筆記 * 2' } }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/publish',
    request: () => ({ method: 'POST', url: `/api/academic/subjects/${ids.draftSubject}/publish`, body: {} }),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/first-schedule-of-classes',
    request: get(() => `${base()}/first-schedule-of-classes`),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/copy',
    request: () => ({
      method: 'POST',
      url: `${base()}/copy`,
      body: {
        isPublic: false,
        schedules: [
          {
            class_name_id: school.classNameId,
            suggest_date: 6,
            day: '2026-10-02',
            start_time: '09:00',
            end_time: '10:30',
            teacher_id: [],
            room_id: null,
          },
        ],
      },
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/public-lessons-after-copy',
    request: () => ({
      method: 'POST',
      url: `${base()}/public-lessons-after-copy`,
      body: { lessonsId: [school.lessonId] },
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/cancel-register-student',
    request: () => ({
      method: 'POST',
      url: `${base()}/cancel-register-student`,
      body: { class_id: school.classId },
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/register-student',
    request: () => ({
      method: 'POST',
      url: `${base()}/register-student`,
      body: { class_id: school.classId },
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/add-students-to-classes',
    request: () => ({
      method: 'POST',
      url: `${base()}/add-students-to-classes`,
      body: {
        subjectId: school.subjectId,
        classes: [{ class_id: school.classId, student_ids: [school.studentId] }],
      },
    }),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students',
    request: get(() => `${base()}/score-names/${school.scoreNameId}/get-list-students`),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/get-students-with-gpa',
    request: get(() => `${base()}/get-students-with-gpa`),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons',
    request: () => ({ method: 'POST', url: `${base()}/lessons`, body: lessonBody() }),
    ok: 201,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/draft',
    request: () => ({ method: 'POST', url: `${base()}/lessons/draft`, body: lessonBody() }),
    ok: 201,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/exam',
    request: () => ({
      method: 'POST',
      url: `${base()}/lessons/exam`,
      body: lessonBody([], { exam_name_id: school.examNameId, score_names: [] }),
    }),
    ok: 201,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam',
    request: () => ({
      method: 'POST',
      url: `${base()}/lessons/store-draft-exam`,
      body: lessonBody([], { exam_name_id: school.examNameId, score_names: [] }),
    }),
    ok: 201,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail',
    request: get(() => `${base()}/lessons/${school.lessonId}/detail`),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft',
    request: () => ({
      method: 'POST',
      url: `${base()}/lessons/${school.lessonId}/draft`,
      body: fixtureLesson(),
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/:lessonId',
    request: () => ({ method: 'POST', url: `${base()}/lessons/${school.lessonId}`, body: fixtureLesson() }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft',
    request: () => ({
      method: 'POST',
      url: `${base()}/lessons/${school.examId}/exam-draft`,
      body: fixtureExam(),
    }),
    ok: 200,
  },
  {
    key: 'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam',
    request: () => ({ method: 'POST', url: `${base()}/lessons/${school.examId}/exam`, body: fixtureExam() }),
    ok: 200,
  },
  {
    key: 'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId',
    request: (who) => {
      const target = ids.deletable[`schedule-${who}`] ?? {
        lessonId: school.lessonId,
        scheduleId: school.scheduleId,
      };
      return {
        method: 'DELETE',
        url: `/api/subjects/${school.subjectId}/lessons/${target.lessonId}/schedules/${target.scheduleId}`,
      };
    },
    ok: 200,
  },
  {
    key: 'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId',
    request: (who) => ({
      method: 'DELETE',
      url: `${base()}/lessons/${(ids.deletable[`lesson-${who}`] ?? { lessonId: school.lessonId }).lessonId}`,
    }),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson',
    request: get(() => `${base()}/lessons/${school.lessonId}/studentsInLesson`),
    ok: 200,
  },
  {
    key: 'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names',
    request: get(() => `${base()}/lessons/${school.examId}/get-score-names`),
    ok: 200,
  },
  {
    key: 'DELETE /api/academic/subjects/:subjectId',
    request: () => ({ method: 'DELETE', url: `/api/academic/subjects/${school.otherSubjectId}` }),
    ok: 200,
  },
];

function fixtureLesson() {
  return lessonBody(
    [
      sitting({
        id: school.scheduleId,
        day: '2026-04-10',
        start_time: '09:00',
        end_time: '10:30',
        room_id: school.roomId,
      }),
    ],
    { name: '第1回' },
  );
}

function fixtureExam() {
  return lessonBody([], {
    name: '期末',
    exam_name_id: school.examNameId,
    score_names: [{ id: school.scoreNameId, name: '筆記', full_score: 100 }],
  });
}

describe('who may call (SPEC §6 and CALL_ROLES)', () => {
  it('the matrix covers every call of the area this module serves', () => {
    const served = Object.keys(CALL_ROLES).filter(
      (key) =>
        (key.includes('/api/academic/subjects') || key.includes('/api/subjects/')) &&
        !/assist-lessons|highlights|\/exams$|\/teachers$|head-teacher-admin|\/plan/.test(key),
    );
    expect(MATRIX.map((row) => row.key).sort()).toEqual(served.sort());
  });

  it.each(ROLES)('%s gets exactly the calls of their role', async (who) => {
    // The formula is the teachers' to write only where the subject lets them set final scores.
    await t.db
      .update(subjects)
      .set({ teacherAllowUpdateFinalScore: true })
      .where(eq(subjects.id, school.subjectId));
    for (const row of MATRIX) {
      const { method, url, body } = row.request(who);
      const response = await call(t.app, as(who), method, url, body);
      const roles = CALL_ROLES[row.key];
      const allowed = roles !== 'public' && (roles as readonly number[]).includes(await roleOf(who));
      expect(response.statusCode, `${who} ${row.key}: ${response.body}`).toBe(allowed ? row.ok : 403);
    }
  });
});

async function roleOf(who: Who): Promise<number> {
  const [row] = await t.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.email, who === 'teacher2' ? 'teacher2@demo.test' : DEMO_ACCOUNTS[who]));
  return row?.role ?? -1;
}

describe('row by row', () => {
  it('a teacher not working in a subject neither sees it nor writes its lessons', async () => {
    expect((await call(t.app, as('teacher2'), 'GET', base())).statusCode).toBe(404);
    const before = await countRows(lessons);
    const write = await call(t.app, as('teacher2'), 'POST', `${base()}/lessons`, lessonBody());
    expect(write.statusCode).toBe(404);
    expect(await countRows(lessons)).toBe(before);
  });

  it('a student sees only published lessons and only themself among the class students', async () => {
    const draft = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons/draft`,
      lessonBody([], { name: '下書きA' }),
    );
    expect(draft.statusCode).toBe(201);
    const subject = (await call(t.app, as('student'), 'GET', base())).json();
    expect(subject.lessons.map((l: { name: string }) => l.name)).not.toContain('下書きA');
    const [own] = subject.class_with_students;
    expect(own.students.map((s: { id: string }) => s.id)).toEqual([ids.student]);
    const staff = (await call(t.app, as('admin'), 'GET', base())).json();
    expect(staff.lessons.map((l: { name: string }) => l.name)).toContain('下書きA');
    const detail = await call(t.app, as('student'), 'GET', `${base()}/lessons/${draft.json().id}/detail`);
    expect(detail.statusCode).toBe(404);
  });
});

describe('subjects', () => {
  it('creates a subject with two classes and their teachers, then lists it', async () => {
    const created = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/academic/subjects',
      subjectBody({
        classes: [
          { class_name_id: school.classNameId, teacher_ids: [ids.teacher] },
          { class_name_id: school.otherClassNameId, teacher_ids: [ids.teacher2, ids.admin] },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const subject = created.json();
    expect(subject.class_with_students.map((c: { name: string }) => c.name)).toEqual(['A組', 'B組']);
    expect(subject.class_with_students[1].teachers).toHaveLength(2);
    const search = await call(
      t.app,
      as('admin'),
      'GET',
      `/api/academic/subjects/search?university=${school.universityId}&limit=50`,
    );
    expect(search.json().data.map((s: { id: string }) => s.id)).toContain(subject.id);
    const mine = await call(t.app, as('teacher2'), 'GET', '/api/academic/subjects/subject-by-user');
    expect(mine.json().subjectList.data.map((s: { id: string }) => s.id)).toContain(subject.id);
    expect(mine.json().totalNumberOfSubject).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['an unknown field', { extra: 1 }, 'extra'],
    ['a foreign faculty', { faculty_id: '00000000-0000-4000-8000-000000000001' }, 'faculty_id'],
    ['an end before the start', { start_date: '2026-09-30', end_date: '2026-04-01' }, 'end_date'],
    ['no classes', { classes: [] }, 'classes'],
    [
      'one class name twice',
      {
        classes: [
          { class_name_id: '11111111-1111-4111-8111-111111111111', teacher_ids: [] },
          { class_name_id: '11111111-1111-4111-8111-111111111111', teacher_ids: [] },
        ],
      },
      'classes.1.class_name_id',
    ],
    [
      'a student as teacher',
      { classes: [{ class_name_id: 'x', teacher_ids: [] }] },
      'classes.0.class_name_id',
    ],
    ['a date that is no date', { start_date: '2026-02-30' }, 'start_date'],
    ['a number as name id', { subject_name_id: 42 }, 'subject_name_id'],
  ])('refuses %s with a field code and stores nothing', async (_name, overrides, field) => {
    const before = await countRows(subjects);
    const response = await call(t.app, as('admin'), 'POST', '/api/academic/subjects', subjectBody(overrides));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(await countRows(subjects)).toBe(before);
  });

  it('refuses a teacher retired before the subject starts and a non-teacher', async () => {
    await t.db.update(users).set({ retireAt: '2026-03-31' }).where(eq(users.id, ids.teacher2));
    const response = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/academic/subjects/validate-subject',
      subjectBody({
        classes: [{ class_name_id: school.classNameId, teacher_ids: [ids.teacher2, ids.studentUser] }],
      }),
    );
    await t.db.update(users).set({ retireAt: null }).where(eq(users.id, ids.teacher2));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['classes.0.teacher_ids']).toEqual(
      expect.arrayContaining(['teacher_retired', 'invalid']),
    );
  });

  it('keeps a subject with recorded attendance (409) and deletes one without records', async () => {
    const created = (await call(t.app, as('admin'), 'POST', '/api/academic/subjects', subjectBody())).json();
    const [classRow] = created.class_with_students;
    const lesson = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${created.id}/lessons`,
      lessonBody([
        sitting({ class_id: classRow.id, day: '2026-07-01', start_time: '08:00', end_time: '08:45' }),
      ]),
    );
    expect(lesson.statusCode).toBe(201);
    await call(t.app, as('admin'), 'POST', `/api/academic/subjects/${created.id}/add-students-to-classes`, {
      subjectId: created.id,
      classes: [{ class_id: classRow.id, student_ids: [school.studentId] }],
    });
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.lessonId, lesson.json().id));
    const [seat] = await t.db.select().from(classStudents).where(eq(classStudents.classId, classRow.id));
    if (!schedule || !seat) throw new Error('no schedule or seat');
    await t.db.insert(attendances).values({
      subjectId: created.id,
      universityId: school.universityId,
      classStudentId: seat.id,
      studentId: seat.studentId,
      scheduleId: schedule.id,
      status: AttendanceStatus.present,
      seq: 1,
    });
    const refused = await call(t.app, as('admin'), 'DELETE', `/api/academic/subjects/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('subject_has_records');
    const sittingDelete = await call(
      t.app,
      as('admin'),
      'DELETE',
      `/api/subjects/${created.id}/lessons/${lesson.json().id}/schedules/${schedule.id}`,
    );
    expect(sittingDelete.statusCode).toBe(422);
    expect(sittingDelete.json().errors.schedule).toEqual(['has_records']);
    expect((await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${created.id}`)).statusCode).toBe(
      200,
    );

    const empty = (await call(t.app, as('admin'), 'POST', '/api/academic/subjects', subjectBody())).json();
    expect((await call(t.app, as('admin'), 'DELETE', `/api/academic/subjects/${empty.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${empty.id}`)).statusCode).toBe(
      404,
    );
  });

  it('checks the formula against the score names and names the error position', async () => {
    await t.db
      .update(subjects)
      .set({ teacherAllowUpdateFinalScore: true })
      .where(eq(subjects.id, school.subjectId));
    const bad = await call(t.app, as('teacher'), 'POST', `${base()}/formula`, { formula: '筆記 + 面接' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.formula).toEqual(['formula_unknown_name', 'position:5']);
    const syntax = await call(t.app, as('teacher'), 'POST', `${base()}/formula`, { formula: '(筆記' });
    expect(syntax.statusCode).toBe(422);
    const good = await call(t.app, as('teacher'), 'POST', `${base()}/formula`, {
      formula: 'ROUND(筆記 / 10)',
    });
    expect(good.json()).toMatchObject({ formula: 'ROUND(筆記 / 10)', master: [{ id: school.scoreNameId }] });
  });

  it("keeps a subject's formula from its teachers while final scores are the admins' alone", async () => {
    await t.db
      .update(subjects)
      .set({ teacherAllowUpdateFinalScore: false })
      .where(eq(subjects.id, school.subjectId));
    const refused = await call(t.app, as('teacher'), 'POST', `${base()}/formula`, { formula: '筆記 * 3' });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.db.select().from(subjects).where(eq(subjects.id, school.subjectId));
    expect(row?.formula).not.toBe('筆記 * 3');
    expect(
      (await call(t.app, as('admin'), 'POST', `${base()}/formula`, { formula: '筆記 * 3' })).statusCode,
    ).toBe(200);
  });
});

describe('lessons and schedules', () => {
  it('refuses dates outside the period, off-step times, a foreign class and a retired teacher', async () => {
    const before = await countRows(schedules);
    await t.db.update(users).set({ retireAt: '2026-05-01' }).where(eq(users.id, ids.teacher2));
    const response = await call(
      t.app,
      as('teacher'),
      'POST',
      `${base()}/lessons`,
      lessonBody([
        sitting({ day: '2026-10-01' }),
        sitting({ day: '2026-05-12', start_time: '13:03' }),
        sitting({ day: '2026-05-13', class_id: '00000000-0000-4000-8000-000000000002' }),
        sitting({ day: '2026-05-14', teacher_ids: [ids.teacher2] }),
        sitting({ day: '2026-05-15', start_time: '14:00', end_time: '13:00' }),
      ]),
    );
    await t.db.update(users).set({ retireAt: null }).where(eq(users.id, ids.teacher2));
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors).toMatchObject({
      'schedules.4.end_time': ['end_before_start'],
    });
    expect(await countRows(schedules)).toBe(before);
    const checked = await call(
      t.app,
      as('teacher'),
      'POST',
      `${base()}/lessons`,
      lessonBody([
        sitting({ day: '2026-10-01' }),
        sitting({ day: '2026-05-12', start_time: '13:03' }),
        sitting({ day: '2026-05-13', class_id: '00000000-0000-4000-8000-000000000002' }),
      ]),
    );
    expect(checked.json().errors).toEqual({
      'schedules.0.day': ['date_outside_subject_period'],
      'schedules.1.start_time': ['time_step'],
      'schedules.2.class_id': ['invalid'],
    });
  });

  it('refuses a room or a teacher booked twice at one time, naming the clash', async () => {
    const first = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons`,
      lessonBody([sitting({ day: '2026-05-20', room_id: school.roomId, teacher_ids: [ids.teacher] })], {
        name: '先約',
      }),
    );
    expect(first.statusCode).toBe(201);
    const clash = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons`,
      lessonBody([
        sitting({
          day: '2026-05-20',
          start_time: '14:00',
          end_time: '15:00',
          room_id: school.roomId,
          teacher_ids: [ids.teacher],
        }),
      ]),
    );
    expect(clash.statusCode).toBe(422);
    const errors = clash.json().errors;
    expect(errors['schedules.0.room_id'][0]).toBe('room_busy');
    expect(errors['schedules.0.room_id'][1]).toContain('先約');
    expect(errors['schedules.0.teacher_ids'][0]).toBe('teacher_busy');
    const inBody = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons`,
      lessonBody([
        sitting({ day: '2026-05-21', room_id: school.roomId }),
        sitting({ day: '2026-05-21', start_time: '14:25', end_time: '15:00', room_id: school.roomId }),
      ]),
    );
    expect(inBody.json().errors['schedules.1.room_id'][0]).toBe('room_busy');
  });

  it('a draft is invisible to the student until published, then its sitting reaches their device', async () => {
    const student = { id: ids.studentUser, role: 5 as const };
    const created = await call(
      t.app,
      as('teacher'),
      'POST',
      `${base()}/lessons/draft`,
      lessonBody([sitting({ day: '2026-05-25', start_time: '10:00', end_time: '11:00' })], {
        name: '公開前',
      }),
    );
    expect(created.statusCode).toBe(201);
    const lesson = created.json();
    expect(lesson.publish).toBe(PublishState.draft);
    const drafts = (await call(t.app, as('teacher'), 'GET', `${base()}/lessons-draft`)).json();
    expect(drafts.lessons.map((l: { id: string }) => l.id)).toContain(lesson.id);
    const detail = (await call(t.app, as('teacher'), 'GET', `${base()}/lessons/${lesson.id}/detail`)).json();
    const [scheduleRow] = detail.schedule;
    const before = await pullThrough(t.db, schedulesCollection, student);
    expect(before.documents.map((d) => d.id)).not.toContain(scheduleRow.id);

    const published = await call(t.app, as('teacher'), 'POST', `${base()}/lessons/${lesson.id}`, {
      name: '公開前',
      schedules: [
        { ...sitting({ day: '2026-05-25', start_time: '10:00', end_time: '11:00' }), id: scheduleRow.id },
      ],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().publish).toBe(PublishState.published);
    const after = await pullThrough(t.db, schedulesCollection, student, before.checkpoint);
    expect(after.documents.find((d) => d.id === scheduleRow.id)).toMatchObject({
      day: '2026-05-25',
      _deleted: false,
    });
    const lessonsList = (await call(t.app, as('student'), 'GET', `${base()}/lessons`)).json();
    expect(lessonsList.lessons.map((l: { id: string }) => l.id)).toContain(lesson.id);

    const removed = await call(
      t.app,
      as('teacher'),
      'DELETE',
      `/api/subjects/${school.subjectId}/lessons/${lesson.id}/schedules/${scheduleRow.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const gone = await pullThrough(t.db, schedulesCollection, student, after.checkpoint);
    expect(gone.documents.find((d) => d.id === scheduleRow.id)?._deleted).toBe(true);
  });

  it('an exam keeps its score names and refuses an exam name or score name of another subject', async () => {
    const exam = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons/exam`,
      lessonBody([], {
        name: '中間',
        exam_name_id: school.examNameId,
        score_names: [
          { name: '読解', full_score: 50 },
          { name: '聴解', full_score: 50 },
        ],
      }),
    );
    expect(exam.statusCode).toBe(201);
    const names = (
      await call(t.app, as('admin'), 'GET', `${base()}/lessons/${exam.json().id}/get-score-names`)
    ).json();
    expect(names.score_names.map((n: { name: string }) => n.name)).toEqual(['読解', '聴解']);
    const dup = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons/exam`,
      lessonBody([], {
        exam_name_id: school.examNameId,
        score_names: [
          { name: 'A', full_score: 10 },
          { name: 'a', full_score: 10 },
        ],
      }),
    );
    expect(dup.statusCode).toBe(422);
    // A name another exam of the subject already uses is a field error (it was a 500: the unique index).
    const usedElsewhere = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons/exam`,
      lessonBody([], {
        name: '小テスト',
        exam_name_id: school.examNameId,
        score_names: [{ name: '読解', full_score: 10 }],
      }),
    );
    expect(usedElsewhere.statusCode).toBe(422);
    expect(usedElsewhere.json().errors['score_names.0.name']).toEqual(['duplicate_name']);
    const foreign = await call(
      t.app,
      as('admin'),
      'POST',
      `${base()}/lessons/${exam.json().id}/exam`,
      lessonBody([], {
        exam_name_id: school.examNameId,
        score_names: [{ id: school.scoreNameId, name: '他', full_score: 10 }],
      }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['score_names.0.id']).toEqual(['invalid']);
  });
});

describe('copying a subject', () => {
  it('copies classes, lessons and weekly sittings from the row dates as drafts, then publishes in batches', async () => {
    const source = (await call(t.app, as('admin'), 'POST', '/api/academic/subjects', subjectBody())).json();
    const [classRow] = source.class_with_students;
    for (const [index, day] of ['2026-04-06', '2026-04-13', '2026-04-27'].entries()) {
      const response = await call(
        t.app,
        as('admin'),
        'POST',
        `/api/academic/subjects/${source.id}/lessons`,
        lessonBody([sitting({ class_id: classRow.id, day, start_time: '18:00', end_time: '19:00' })], {
          name: `第${index + 1}回`,
        }),
      );
      expect(response.statusCode).toBe(201);
    }
    // A score name with a sub-score: the copy keeps the pair, the sub-score under the copy's parent.
    const place = { subjectId: source.id, universityId: school.universityId, seq: 1 };
    const [parent] = await t.db
      .insert(scoreNames)
      .values({ ...place, name: '期末', fullScore: 100, position: 1 })
      .returning({ id: scoreNames.id });
    await t.db
      .insert(scoreNames)
      .values({ ...place, parentId: parent?.id ?? null, name: '期末・筆記', fullScore: 60, position: 1 });
    const rows = (
      await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${source.id}/first-schedule-of-classes`)
    ).json();
    expect(rows.rows[0]).toMatchObject({
      class_id: classRow.id,
      suggestDates: [{ id: 2, name: 'monday' }],
      first_schedule: { day: '2026-04-06', start_time: '18:00' },
    });
    const day = nextDateOnWeekday('2026-10-01', 2) ?? '';
    const entry = {
      class_name_id: school.classNameId,
      suggest_date: 2,
      day,
      start_time: '18:00',
      end_time: '19:30',
      teacher_id: [ids.teacher],
      room_id: null,
    };
    const before = await countRows(subjects);
    const wrongDay = await call(t.app, as('admin'), 'POST', `/api/academic/subjects/${source.id}/copy`, {
      isPublic: true,
      schedules: [{ ...entry, day: '2026-10-06' }],
    });
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json().errors['schedules.0.day']).toEqual(['weekday_mismatch']);
    const badTime = await call(t.app, as('admin'), 'POST', `/api/academic/subjects/${source.id}/copy`, {
      isPublic: true,
      schedules: [{ ...entry, end_time: '17:00' }],
    });
    expect(badTime.json().errors['schedules.0.end_time']).toEqual(['l2-1_invalid_time_range']);
    expect(await countRows(subjects)).toBe(before);

    const copied = await call(t.app, as('admin'), 'POST', `/api/academic/subjects/${source.id}/copy`, {
      isPublic: true,
      schedules: [entry],
    });
    expect(copied.statusCode).toBe(200);
    const copy = copied.json();
    expect(copy.lessonsId).toHaveLength(3);
    const drafts = (
      await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${copy.id}/lessons-draft`)
    ).json();
    expect(drafts.lessons).toHaveLength(3);
    const sittings = await t.db
      .select({ day: schedules.day, start: schedules.startTime })
      .from(schedules)
      .where(and(eq(schedules.subjectId, copy.id), eq(schedules.deleted, false)));
    // The source met on 6, 13 and 27 April: the copy keeps the skipped week.
    expect(sittings.map((s) => s.day).sort()).toEqual(['2026-10-05', '2026-10-12', '2026-10-26']);
    const copiedNames = await t.db
      .select({ id: scoreNames.id, name: scoreNames.name, parentId: scoreNames.parentId })
      .from(scoreNames)
      .where(eq(scoreNames.subjectId, copy.id));
    const copiedParent = copiedNames.find((name) => name.name === '期末');
    expect(copiedNames.find((name) => name.name === '期末・筆記')?.parentId).toBe(copiedParent?.id);
    const assigned = await t.db
      .select({ teacherId: scheduleTeachers.teacherId })
      .from(scheduleTeachers)
      .where(and(eq(scheduleTeachers.subjectId, copy.id), eq(scheduleTeachers.deleted, false)));
    expect(assigned).toEqual(sittings.map(() => ({ teacherId: ids.teacher })));
    for (const s of sittings) expect(weekdayIdOf(s.day)).toBe(2);
    const summary = (await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${copy.id}`)).json();
    expect(summary.start_date <= '2026-10-05').toBe(true);
    expect(summary.class_with_students[0].teachers.map((x: { id: string }) => x.id)).toEqual([ids.teacher]);

    const published = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${copy.id}/public-lessons-after-copy`,
      {
        lessonsId: copy.lessonsId,
      },
    );
    expect(published.statusCode).toBe(200);
    const lessonsNow = (
      await call(t.app, as('admin'), 'GET', `/api/academic/subjects/${copy.id}/lessons`)
    ).json();
    expect(lessonsNow.lessons).toHaveLength(3);
    const foreign = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${copy.id}/public-lessons-after-copy`,
      {
        lessonsId: [school.lessonId],
      },
    );
    expect(foreign.statusCode).toBe(422);
    const tooMany = await call(
      t.app,
      as('admin'),
      'POST',
      `/api/academic/subjects/${copy.id}/public-lessons-after-copy`,
      {
        lessonsId: Array.from(
          { length: 11 },
          (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        ),
      },
    );
    expect(tooMany.statusCode).toBe(422);
  });

  it('a copy saved temporarily is a draft subject that students do not see', async () => {
    const copied = await call(t.app, as('admin'), 'POST', `${base()}/copy`, {
      isPublic: false,
      schedules: [
        {
          class_name_id: school.classNameId,
          suggest_date: 6,
          day: '2026-10-09',
          start_time: '09:00',
          end_time: '10:30',
          teacher_id: [],
          room_id: school.roomId,
        },
      ],
    });
    expect(copied.statusCode).toBe(200);
    expect(copied.json()).toMatchObject({ isPublic: false, lessonsId: [] });
    const [row] = await t.db.select().from(subjects).where(eq(subjects.id, copied.json().id));
    expect(row?.publish).toBe(PublishState.draft);
    expect(
      (await call(t.app, as('student'), 'GET', `/api/academic/subjects/${copied.json().id}`)).statusCode,
    ).toBe(404);
  });
});

describe('student self-registration (SPEC §4)', () => {
  it('a student leaves their class and registers again; another class is refused while seated', async () => {
    const target = (
      await call(
        t.app,
        as('admin'),
        'POST',
        '/api/academic/subjects',
        subjectBody({
          classes: [
            { class_name_id: school.classNameId, teacher_ids: [] },
            { class_name_id: school.otherClassNameId, teacher_ids: [] },
          ],
        }),
      )
    ).json();
    const [a, b] = target.class_with_students;
    const url = `/api/academic/subjects/${target.id}`;
    const open = await call(t.app, as('student'), 'GET', `/api/academic/subjects/search?limit=100`);
    expect(open.json().data.map((s: { id: string }) => s.id)).toContain(target.id);
    expect(
      (await call(t.app, as('student'), 'POST', `${url}/register-student`, { class_id: a.id })).statusCode,
    ).toBe(200);
    const other = await call(t.app, as('student'), 'POST', `${url}/register-student`, { class_id: b.id });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.class_id).toEqual(['already_in_class']);
    const seated = (await call(t.app, as('student'), 'GET', url)).json();
    expect(seated.class_with_students[0].students.map((s: { id: string }) => s.id)).toEqual([ids.student]);
    expect(
      (await call(t.app, as('student'), 'POST', `${url}/cancel-register-student`, { class_id: a.id }))
        .statusCode,
    ).toBe(200);
    const wrong = await call(t.app, as('student'), 'POST', `${url}/cancel-register-student`, {
      class_id: a.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      (await call(t.app, as('student'), 'POST', `${url}/register-student`, { class_id: b.id })).statusCode,
    ).toBe(200);
    const hostile = await call(t.app, as('student'), 'POST', `${url}/register-student`, {
      class_id: 'x',
      extra: true,
    });
    expect(hostile.statusCode).toBe(422);
    const elsewhere = await call(
      t.app,
      as('student'),
      'POST',
      `/api/academic/subjects/${school.otherSubjectId}/register-student`,
      {
        class_id: a.id,
      },
    );
    expect([404, 422]).toContain(elsewhere.statusCode);
  });
});
