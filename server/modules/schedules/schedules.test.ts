import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishState } from '../../../domain/lessons';
import {
  classStudents,
  classTeachers,
  lessons,
  schedules,
  scheduleTeachers,
  students,
  subjectClasses,
  subjectStudents,
  users,
  yearCodes,
} from '../../db/schema';
import { call } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { anonymous, buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';

type Who = 'observer' | 'teacher' | 'teacher2' | 'admin' | 'superAdmin' | 'student' | 'student2';
const EMAILS: Record<Who, string> = {
  observer: 'observer@demo.test',
  teacher: 'teacher@demo.test',
  teacher2: 'teacher2@demo.test',
  admin: 'admin@demo.test',
  superAdmin: 'super@demo.test',
  student: 'student@demo.test',
  student2: 'student2@demo.test',
};

let t: TestApp;
let school: SchoolFixture;
const sessions = new Map<Who, TestSession>();
const ids = { teacher: '', teacher2: '', draftSchedule: '', otherClassSchedule: '' };

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

async function get(who: Who | undefined, url: string) {
  return call(t.app, who ? as(who) : undefined, 'GET', url);
}

function scheduleIds(body: { schedules: { id: string }[] }): string[] {
  return body.schedules.map((schedule) => schedule.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t;
  school = await createSchoolFixture(db);
  ids.teacher = await userId(EMAILS.teacher);
  ids.teacher2 = await userId(EMAILS.teacher2);
  const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
  // The demo student sits in the fixture's class, student2 nowhere in this subject.
  // The demo teacher is in charge of the fixture's class; teacher2 is named on one sitting only.
  await db.insert(classTeachers).values({ ...partition, classId: school.classId, teacherId: ids.teacher });
  // The fixture's year code belongs to its faculty (the filter lists year codes by faculty).
  await db.update(yearCodes).set({ facultyId: school.facultyId }).where(eq(yearCodes.id, school.yearCodeId));
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, school.lessonId));
  const [draftLesson] = await db
    .insert(lessons)
    .values({ ...partition, name: '下書き', type: 0, publish: PublishState.draft })
    .returning();
  if (!draftLesson) throw new Error('no draft lesson');
  const [later, draft] = await db
    .insert(schedules)
    .values([
      {
        ...partition,
        lessonId: school.lessonId,
        classId: school.classId,
        day: '2026-04-14',
        startTime: '13:00',
        endTime: '14:30',
      },
      {
        ...partition,
        lessonId: draftLesson.id,
        classId: school.classId,
        day: '2026-04-15',
        startTime: '09:00',
        endTime: '10:00',
      },
    ])
    .returning();
  if (!later || !draft) throw new Error('no schedules');
  ids.draftSchedule = draft.id;
  await db.insert(scheduleTeachers).values({ ...partition, scheduleId: later.id, teacherId: ids.teacher2 });
  const [studentRow] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.email, EMAILS.student));
  if (!studentRow) throw new Error('no demo student');
  const [enrolment] = await db
    .insert(subjectStudents)
    .values({ ...partition, studentId: studentRow.id })
    .returning();
  if (!enrolment) throw new Error('no enrolment');
  await db.insert(classStudents).values({
    ...partition,
    classId: school.classId,
    studentId: studentRow.id,
    subjectStudentId: enrolment.id,
  });
  for (const who of Object.keys(EMAILS) as Who[]) sessions.set(who, await signIn(t.app, EMAILS[who]));
});

afterAll(async () => {
  await t?.close();
});

const schoolMonth = () =>
  `/api/schedules/${school.universityId}/${school.facultyId}/${school.yearCodeId}/2026-04/month/school`;

describe('calendar calls', () => {
  it('the school month lists the published sittings of the place in time order, drafts left out', async () => {
    const response = await get('admin', schoolMonth());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(
      body.schedules.map((s: { day: string; start_time: string }) => `${s.day} ${s.start_time}`),
    ).toEqual(['2026-04-10 09:00', '2026-04-14 13:00']);
    expect(scheduleIds(body)).not.toContain(ids.draftSchedule);
    expect(body.schedules[0]).toMatchObject({
      subject: { id: school.subjectId },
      lesson: { id: school.lessonId, name: '第1回' },
      class: { id: school.classId, name: 'A組' },
      year_code: { id: school.yearCodeId, color: '#e53935' },
      room: { id: school.roomId, name: '101' },
    });
    expect(body.schedules[1].teachers).toEqual([{ id: ids.teacher2, name: '鈴木 健太' }]);
  });

  it('the school week and a day outside the month answer only their days', async () => {
    const week = await get(
      'observer',
      `/api/schedules/${school.universityId}/${school.facultyId}/${school.yearCodeId}/2026-04-13/2026-04-19/week/school`,
    );
    expect(week.statusCode).toBe(200);
    expect(week.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-14']);
    const may = await get(
      'admin',
      `/api/schedules/${school.universityId}/${school.facultyId}/${school.yearCodeId}/2026-05/month/school`,
    );
    expect(may.json().schedules).toEqual([]);
  });

  it('a teacher calendar holds the sittings of the class in charge and those the teacher is named on', async () => {
    const own = await get('teacher', `/api/schedules/2026-04-13/2026-04-19/week/teacher`);
    expect(own.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-14']);
    const named = await get(
      'teacher',
      `/api/schedules/${school.facultyId}/${school.yearCodeId}/2026-04/month/teacher?teachers=${ids.teacher2}`,
    );
    expect(named.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-14']);
    const day = await get(
      'observer',
      `/api/schedules/${school.facultyId}/${school.yearCodeId}/2026-04-10/day/teacher?teachers=${ids.teacher}`,
    );
    expect(day.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-10']);
  });

  it('a student sees only the sittings of their own classes', async () => {
    const month = await get('student', '/api/schedules/2026-04/month/student');
    expect(month.statusCode).toBe(200);
    expect(month.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-10', '2026-04-14']);
    expect((await get('student2', '/api/schedules/2026-04/month/student')).json().schedules).toEqual([]);
    const week = await get('student', '/api/schedules/2026-04-13/2026-04-19/week/student');
    expect(week.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-14']);
    const day = await get('student', '/api/schedules/2026-04-10/day/student');
    expect(day.json().schedules.map((s: { day: string }) => s.day)).toEqual(['2026-04-10']);
  });

  it('a student also sees the other classes’ sittings of a published assist lesson of their subject, marked', async () => {
    const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
    const [otherClass] = await t.db
      .insert(subjectClasses)
      .values({ ...partition, classNameId: school.otherClassNameId })
      .returning();
    const [assistLesson, plainLesson] = await t.db
      .insert(lessons)
      .values([
        { ...partition, name: '補習', type: 0, publish: PublishState.published, assistApply: true },
        { ...partition, name: '第2回', type: 0, publish: PublishState.published },
      ])
      .returning();
    if (!otherClass || !assistLesson || !plainLesson) throw new Error('no other class or lessons');
    const sitting = (lessonId: string, day: string) => ({
      ...partition,
      lessonId,
      classId: otherClass.id,
      day,
      startTime: '16:00',
      endTime: '17:00',
    });
    const [assistSitting] = await t.db
      .insert(schedules)
      .values([sitting(assistLesson.id, '2026-04-20'), sitting(plainLesson.id, '2026-04-21')])
      .returning();
    const month = async (who: Who) =>
      (await get(who, '/api/schedules/2026-04/month/student'))
        .json()
        .schedules.map((s: { id: string; day: string; assist: boolean }) => [s.day, s.assist]);
    // Opened to the other classes, but the setting is not published yet.
    expect(await month('student')).toEqual([
      ['2026-04-10', false],
      ['2026-04-14', false],
    ]);
    await t.db
      .update(lessons)
      .set({ assistStatus: PublishState.published })
      .where(eq(lessons.id, assistLesson.id));
    expect(await month('student')).toEqual([
      ['2026-04-10', false],
      ['2026-04-14', false],
      ['2026-04-20', true],
    ]);
    // Not enrolled in the subject: nothing of it, assist lessons included; staff never see the mark.
    expect(await month('student2')).toEqual([]);
    const admin = await get(
      'admin',
      `/api/schedules/${school.universityId}/${school.facultyId}/${school.yearCodeId}/2026-04-20/2026-04-26/week/school`,
    );
    expect(admin.json().schedules).toMatchObject([
      { id: assistSitting?.id, assist: false },
      { day: '2026-04-21', assist: false },
    ]);
    // An exam is never an assist lesson.
    await t.db.update(lessons).set({ type: 1 }).where(eq(lessons.id, assistLesson.id));
    expect(await month('student')).toHaveLength(2);
  });
});

describe('hostile input', () => {
  it.each([
    ['a 13th month', '/api/schedules/2026-13/month/student', 'student', 'month', 'invalid_date'],
    ['a month without its zero', '/api/schedules/2026-4/month/student', 'student', 'month', 'invalid_date'],
    ['an impossible day', '/api/schedules/2026-02-30/day/student', 'student', 'day', 'invalid_date'],
    [
      'a first day after the last',
      '/api/schedules/2026-04-19/2026-04-13/week/teacher',
      'teacher',
      'last',
      'end_before_start',
    ],
    [
      'a week of 400 days',
      '/api/schedules/2026-01-01/2027-02-04/week/student',
      'student',
      'lastDayOfWeek',
      'week_too_long',
    ],
    [
      'a week of 8 days',
      `/api/schedules/u/f/y/2026-04-13/2026-04-20/week/school`,
      'admin',
      'university',
      'invalid',
    ],
    [
      'a teacher list of junk',
      '/api/schedules/2026-04-13/2026-04-19/week/teacher?teachers=x',
      'teacher',
      'teachers.0',
      'invalid',
    ],
  ] as const)('refuses %s with a field code', async (_, url, who, field, code) => {
    const response = await get(who, url);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(code);
  });

  it('refuses an 8-day school week on its last day', async () => {
    const response = await get(
      'admin',
      `/api/schedules/${school.universityId}/${school.facultyId}/${school.yearCodeId}/2026-04-13/2026-04-20/week/school`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ last: ['week_too_long'] });
  });

  it('refuses a filter naming rows that do not exist, and stores nothing', async () => {
    const before = await get('admin', '/api/schedules/get-filter');
    const response = await call(t.app, as('admin'), 'POST', '/api/schedules/save-filter', {
      university: school.universityId,
      faculty: school.facultyId,
      yearCode: school.subjectId,
      teachers: [ids.teacher, school.studentUserId],
      monthly: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ yearCode: ['invalid'], teachers: ['invalid'] });
    expect((await get('admin', '/api/schedules/get-filter')).json().filter).toEqual(before.json().filter);
  });

  it('refuses unknown fields in a saved filter', async () => {
    const response = await call(t.app, as('admin'), 'POST', '/api/schedules/save-filter', {
      university: null,
      faculty: null,
      yearCode: null,
      teachers: [],
      monthly: true,
      role: 2,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.role).toEqual(['unknown_field']);
  });
});

describe('filters', () => {
  it('a saved filter comes back to the same user on another session, and only to them', async () => {
    const filter = {
      university: school.universityId,
      faculty: school.facultyId,
      yearCode: school.yearCodeId,
      teachers: [ids.teacher2],
      monthly: false,
    };
    const saved = await call(t.app, as('teacher'), 'POST', '/api/schedules/save-filter', filter);
    expect(saved.statusCode).toBe(200);
    const otherDevice = await signIn(t.app, EMAILS.teacher);
    const back = await call(t.app, otherDevice, 'GET', '/api/schedules/get-filter');
    expect(back.json().filter).toEqual(filter);
    expect(back.json().users).toContainEqual({ id: ids.teacher2, name: '鈴木 健太' });
    expect(back.json().yearcodes_by_user).toContainEqual({
      id: school.yearCodeId,
      name: '2026A',
      faculty_id: school.facultyId,
    });
    expect((await get('observer', '/api/schedules/get-filter')).json().filter).not.toEqual(filter);
  });

  it('lists the year codes of a faculty and the teachers asked for', async () => {
    const yearCodes = await get(
      'observer',
      `/api/schedules/year-code-by-faculty/university/${school.universityId}/faculty/${school.facultyId}`,
    );
    expect(yearCodes.json()).toEqual({ yearCodes: [{ id: school.yearCodeId, name: '2026A' }] });
    const teachers = await get(
      'admin',
      `/api/schedules/teachers-for-filter?userIds=${ids.teacher2},${school.studentUserId}`,
    );
    expect(teachers.json().teachers.map((teacher: { id: string }) => teacher.id)).toEqual([ids.teacher2]);
    const all = await get('admin', `/api/schedules/teachers-for-filter?userIds=`);
    expect(all.json().teachers.map((teacher: { id: string }) => teacher.id)).toEqual(
      expect.arrayContaining([ids.teacher, ids.teacher2]),
    );
  });
});

describe('timesheet', () => {
  it('counts a teacher’s published sittings and minutes per month, twelve months', async () => {
    const response = await get('admin', `/api/teachers/${ids.teacher}/timesheet/2026`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.teacher).toEqual({ id: ids.teacher, name: '田中 一郎' });
    expect(body.months).toHaveLength(12);
    // 09:00–10:30 and 13:00–14:30; the draft sitting of the 15th is not counted.
    expect(body.months[3]).toEqual({ month: 4, schedules: 2, minutes: 180 });
    expect(body.months[4]).toEqual({ month: 5, schedules: 0, minutes: 0 });
  });

  it('a teacher reads their own timesheet only; an unknown teacher is 404', async () => {
    expect((await get('teacher', `/api/teachers/${ids.teacher}/timesheet/2026`)).statusCode).toBe(200);
    expect((await get('teacher', `/api/teachers/${ids.teacher2}/timesheet/2026`)).statusCode).toBe(403);
    expect((await get('admin', `/api/teachers/${school.studentUserId}/timesheet/2026`)).statusCode).toBe(404);
    expect((await get('admin', `/api/teachers/${ids.teacher}/timesheet/1999`)).statusCode).toBe(422);
  });
});

// SPEC §6: schedules are open to staff but 3; the student calls serve only students. Every row lists who
// gets 200; the rest of the signed-in get 403 and the signed-out 401.
const STAFF: readonly Who[] = ['observer', 'teacher', 'teacher2', 'admin'];
const STUDENTS: readonly Who[] = ['student', 'student2'];
const place = () => `${school.universityId}/${school.facultyId}/${school.yearCodeId}`;
const teacherPlace = () => `${school.facultyId}/${school.yearCodeId}`;
const MATRIX: { call: string; method?: 'POST'; url: () => string; allowed: readonly Who[] }[] = [
  { call: 'school month', url: schoolMonth, allowed: STAFF },
  {
    call: 'school week',
    url: () => `/api/schedules/${place()}/2026-04-13/2026-04-19/week/school`,
    allowed: STAFF,
  },
  {
    call: 'teacher month',
    url: () => `/api/schedules/${teacherPlace()}/2026-04/month/teacher`,
    allowed: STAFF,
  },
  { call: 'teacher week', url: () => '/api/schedules/2026-04-13/2026-04-19/week/teacher', allowed: STAFF },
  {
    call: 'teacher day',
    url: () => `/api/schedules/${teacherPlace()}/2026-04-10/day/teacher`,
    allowed: STAFF,
  },
  { call: 'student month', url: () => '/api/schedules/2026-04/month/student', allowed: STUDENTS },
  { call: 'student week', url: () => '/api/schedules/2026-04-13/2026-04-19/week/student', allowed: STUDENTS },
  { call: 'student day', url: () => '/api/schedules/2026-04-10/day/student', allowed: STUDENTS },
  { call: 'save filter', method: 'POST', url: () => '/api/schedules/save-filter', allowed: STAFF },
  { call: 'get filter', url: () => '/api/schedules/get-filter', allowed: STAFF },
  {
    call: 'year codes by faculty',
    url: () =>
      `/api/schedules/year-code-by-faculty/university/${school.universityId}/faculty/${school.facultyId}`,
    allowed: STAFF,
  },
  {
    call: 'teachers for filter',
    url: () => `/api/schedules/teachers-for-filter?userIds=${ids.teacher}`,
    allowed: STAFF,
  },
  // A timesheet is the teacher's own: another teacher is refused.
  {
    call: 'timesheet of teacher',
    url: () => `/api/teachers/${ids.teacher}/timesheet/2026`,
    allowed: ['observer', 'teacher', 'admin'],
  },
];

/** A filter every staff user may save (their own preference). */
const EMPTY_FILTER = { university: null, faculty: null, yearCode: null, teachers: [], monthly: true };

describe('role matrix', () => {
  for (const row of MATRIX) {
    // A signed-out POST still carries a CSRF token, as a browser's would, so the answer is about the session.
    const send = async (who: Who | undefined) =>
      row.method === 'POST'
        ? call(t.app, who ? as(who) : await anonymous(t.app), 'POST', row.url(), EMPTY_FILTER)
        : get(who, row.url());
    it(`${row.call} answers 401 signed out`, async () => {
      expect((await send(undefined)).statusCode).toBe(401);
    });
    for (const who of Object.keys(EMAILS) as Who[]) {
      const status = row.allowed.includes(who) ? 200 : 403;
      it(`${row.call} answers ${status} to ${who}`, async () => {
        expect((await send(who)).statusCode).toBe(status);
      });
    }
  }
});
