import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AttendanceStatus } from '../../../domain/attendance';
import { HighlightCompare } from '../../../domain/highlights';
import { Role } from '../../../domain/roles';
import { queryRows } from '../../db/rows';
import {
  achievements,
  attendances,
  classStudents,
  classTeachers,
  users,
  userUniversities,
} from '../../db/schema';
import { call, waitForWatermark } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import {
  anonymous,
  buildTestApp,
  DEMO_ACCOUNTS,
  signIn,
  type TestApp,
  type TestSession,
  waitForMail,
} from '../../testing/test-app';

type Who = keyof typeof DEMO_ACCOUNTS;
const ROLES = Object.keys(DEMO_ACCOUNTS) as Who[];

let t: TestApp;
let school: SchoolFixture;
let other: SchoolFixture;
const sessions = new Map<Who, TestSession>();
const ids = { teacher: '', admin: '', superAdmin: '', observer: '' };
let counter = 0;

function as(who: Who): TestSession {
  const found = sessions.get(who);
  if (!found) throw new Error(`no session ${who}`);
  return found;
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A valid student write at the fixture school, unique by `counter`. */
function studentBody(patch: Record<string, unknown> = {}) {
  counter += 1;
  return {
    identity: `P-${counter}`,
    name: `学生 ${counter}`,
    name_kana: 'がくせい',
    email: `p${counter}@people.test`,
    phone: '090-1234-5678',
    university_id: school.universityId,
    faculty_id: school.facultyId,
    year_code_id: school.yearCodeId,
    jlpt: 2,
    scholarship: false,
    ...patch,
  };
}

/** Rows of the tables a refused call must leave alone. */
async function peopleCounts() {
  const [row] = await queryRows(
    t.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from students)::int as students,
        (select count(*) from user_universities)::int as universities,
        (select count(*) from class_students)::int as placements,
        (select count(*) from password_resets)::int as links`,
    z.object({
      users: z.number(),
      students: z.number(),
      universities: z.number(),
      placements: z.number(),
      links: z.number(),
    }),
  );
  return row;
}

async function createStudent(patch: Record<string, unknown> = {}) {
  const response = await call(t.app, as('admin'), 'POST', '/api/students', studentBody(patch));
  if (response.statusCode !== 201) throw new Error(`create student: ${response.body}`);
  return response.json() as { id: string; name: string; email: string; identity: string };
}

beforeAll(async () => {
  t = await buildTestApp();
  school = await createSchoolFixture(t.db);
  other = await createSchoolFixture(t.db);
  ids.teacher = await userIdOf(DEMO_ACCOUNTS.teacher);
  ids.admin = await userIdOf(DEMO_ACCOUNTS.admin);
  ids.superAdmin = await userIdOf(DEMO_ACCOUNTS.superAdmin);
  ids.observer = await userIdOf(DEMO_ACCOUNTS.observer);
  // The demo teacher is in charge of the first school's class, where the fixture student sits.
  await t.db.insert(classTeachers).values({
    subjectId: school.subjectId,
    universityId: school.universityId,
    classId: school.classId,
    teacherId: ids.teacher,
    seq: 1,
  });
  await t.db
    .insert(userUniversities)
    .values({ userId: ids.teacher, universityId: school.universityId, seq: 1 });
  for (const who of ROLES) sessions.set(who, await signIn(t.app, DEMO_ACCOUNTS[who]));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Who may call what: every call of the area, each role and no session, as one table. Writes send a body
// the schema refuses (or an id that does not exist), so an allowed role answers 422 or 404 and nothing is
// written; a refused one answers 403 before the body is read.

type Row = {
  call: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: () => string;
  body?: Record<string, unknown>;
  expect: Record<Who, number>;
};

const MISSING = '00000000-0000-4000-8000-00000000dead';
const all = (status: number, but: Partial<Record<Who, number>> = {}): Record<Who, number> => ({
  observer: status,
  teacher: status,
  admin: status,
  superAdmin: status,
  student: status,
  guardian: status,
  ...but,
});

const MATRIX: Row[] = [
  {
    call: 'search students',
    method: 'GET',
    url: () => '/api/students/search',
    expect: all(200, { superAdmin: 403, guardian: 403 }),
  },
  {
    call: 'filter data',
    method: 'GET',
    url: () => `/api/students/data-filter/${school.yearCodeId}/${school.facultyId}`,
    expect: all(200, { superAdmin: 403, guardian: 403 }),
  },
  // The fixture student sits in the demo teacher's class; students never open student detail.
  {
    call: 'read student',
    method: 'GET',
    url: () => `/api/students/${school.studentId}`,
    expect: all(200, { superAdmin: 403, student: 403, guardian: 403 }),
  },
  {
    call: 'read another school student',
    method: 'GET',
    url: () => `/api/students/${other.studentId}`,
    expect: all(200, { superAdmin: 403, student: 403, teacher: 403, guardian: 403 }),
  },
  {
    call: 'update student',
    method: 'POST',
    url: () => `/api/students/${school.studentId}`,
    body: {},
    expect: all(403, { teacher: 422, admin: 422 }),
  },
  {
    call: 'delete student',
    method: 'DELETE',
    url: () => `/api/students/${MISSING}`,
    expect: all(403, { admin: 404 }),
  },
  {
    call: 'create student',
    method: 'POST',
    url: () => '/api/students',
    body: {},
    expect: all(403, { teacher: 422, admin: 422 }),
  },
  {
    call: 'create students',
    method: 'POST',
    url: () => '/api/students/create-multi',
    body: {},
    expect: all(403, { teacher: 422, admin: 422 }),
  },
  {
    call: 'put in class',
    method: 'POST',
    url: () => `/api/students/${school.studentId}/lesson`,
    body: {},
    expect: all(403, { teacher: 422, admin: 422 }),
  },
  {
    call: 'list teachers',
    method: 'GET',
    url: () => '/api/teachers',
    expect: all(403, { observer: 200, teacher: 200, admin: 200 }),
  },
  {
    call: 'read teacher',
    method: 'GET',
    url: () => `/api/teachers/${ids.teacher}`,
    expect: all(403, { observer: 200, teacher: 200, admin: 200 }),
  },
  {
    call: 'update teacher',
    method: 'POST',
    url: () => `/api/teachers/${ids.teacher}`,
    body: {},
    expect: all(403, { admin: 422 }),
  },
  {
    call: 'delete teacher',
    method: 'DELETE',
    url: () => `/api/teachers/${MISSING}`,
    expect: all(403, { admin: 404 }),
  },
  {
    call: 'search users',
    method: 'GET',
    url: () => '/api/users/search',
    expect: all(403, { observer: 200, admin: 200, superAdmin: 200 }),
  },
  {
    call: 'read user',
    method: 'GET',
    url: () => `/api/users/${ids.admin}`,
    expect: all(403, { observer: 200, admin: 200, superAdmin: 200 }),
  },
  {
    call: 'up role',
    method: 'POST',
    url: () => '/api/users/up-role',
    body: {},
    expect: all(403, { superAdmin: 422 }),
  },
  {
    call: 'down role',
    method: 'POST',
    url: () => '/api/users/down-role',
    body: {},
    expect: all(403, { superAdmin: 422 }),
  },
  {
    call: 'block login',
    method: 'POST',
    url: () => `/api/users/block-login-admin/${ids.admin}`,
    body: {},
    expect: all(403, { superAdmin: 422 }),
  },
  {
    call: 'invite teacher',
    method: 'POST',
    url: () => '/api/users/invite',
    body: {},
    expect: all(403, { admin: 422 }),
  },
  { call: 'list observers', method: 'GET', url: () => '/api/observers', expect: all(403, { admin: 200 }) },
  {
    call: 'update observer',
    method: 'POST',
    url: () => `/api/observers/${ids.observer}`,
    body: {},
    expect: all(403, { admin: 422 }),
  },
  {
    call: 'delete observer',
    method: 'DELETE',
    url: () => `/api/observers/${MISSING}`,
    expect: all(403, { admin: 404 }),
  },
  {
    call: 'invite observer',
    method: 'POST',
    url: () => '/api/observers/invite',
    body: {},
    expect: all(403, { admin: 422 }),
  },
  {
    call: 'list guardians',
    method: 'GET',
    url: () => `/api/students/${school.studentId}/guardians`,
    expect: all(403, { admin: 200 }),
  },
  {
    call: 'link guardian',
    method: 'POST',
    url: () => `/api/students/${school.studentId}/guardians`,
    body: {},
    expect: all(403, { admin: 422 }),
  },
  {
    call: 'end guardian link',
    method: 'DELETE',
    url: () => `/api/students/${school.studentId}/guardians/${MISSING}`,
    expect: all(403, { admin: 404 }),
  },
];

describe('role × call matrix', () => {
  it('answers each role as the table says, signed out 401, and writes nothing', async () => {
    const before = await peopleCounts();
    const answered: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const row of MATRIX) {
      const guest = await anonymous(t.app);
      answered[row.call] = {
        none: (await call(t.app, row.method === 'GET' ? undefined : guest, row.method, row.url(), row.body))
          .statusCode,
      };
      expected[row.call] = { none: 401, ...row.expect };
      for (const who of ROLES) {
        const response = await call(t.app, as(who), row.method, row.url(), row.body);
        (answered[row.call] ?? {})[who] = response.statusCode;
      }
    }
    expect(answered).toEqual(expected);
    expect(await peopleCounts()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('students', () => {
  it('creates a student, mails the invitation, and finds them by filters', async () => {
    const created = await createStudent({ jlpt: 1, scholarship: true });
    expect(created).toMatchObject({
      name: expect.stringMatching(/学生/),
      university: { id: school.universityId },
    });
    await waitForMail(t.app, created.email, /(reset-password\/\S+)/);

    const search = async (query: string) =>
      (await call(t.app, as('admin'), 'GET', `/api/students/search?${query}`)).json() as {
        data: { id: string }[];
        meta: { pagination: { total: number } };
      };
    const found = await search(`param=${encodeURIComponent(created.identity)}&jlpt=1&scholarship=true`);
    expect(found.data.map((row) => row.id)).toEqual([created.id]);
    expect((await search(`param=${created.identity}&jlpt=3`)).data).toEqual([]);
    expect((await search(`university=${other.universityId}&param=${created.identity}`)).data).toEqual([]);
    // A subject filter lists only the enrolled: the new student is in no subject yet.
    expect((await search(`subject=${school.subjectId}`)).data.map((row) => row.id)).toEqual([
      school.studentId,
    ]);
  });

  it('finds students by their GPA as their scores give it now', async () => {
    const byGpaUnder2 = async () =>
      (
        (
          await call(
            t.app,
            as('admin'),
            'GET',
            `/api/students/search?subject=${school.subjectId}&grade=${HighlightCompare.lessThan}&numberGrade=2`,
          )
        ).json() as { data: { id: string }[] }
      ).data.map((row) => row.id);
    const score = {
      subjectId: school.subjectId,
      universityId: school.universityId,
      seq: 1,
      subjectStudentId: school.subjectStudentId,
      studentId: school.studentId,
      scoreNameId: school.scoreNameId,
      fullScore: 100,
    };
    const [entered] = await t.db
      .insert(achievements)
      .values({ ...score, points: 25 })
      .returning({ id: achievements.id });
    if (!entered) throw new Error('no score');
    try {
      expect(await byGpaUnder2()).toEqual([school.studentId]);
      // 90 of 100 is a GPA of 3.6: the student leaves the list at once, with nothing else written.
      await t.db.update(achievements).set({ points: 90 }).where(eq(achievements.id, entered.id));
      expect(await byGpaUnder2()).toEqual([]);
    } finally {
      await t.db.delete(achievements).where(eq(achievements.id, entered.id));
    }
  });

  it('refuses a taken email, a number taken at the same university, and bad kana or phone', async () => {
    const first = await createStudent();
    const before = await peopleCounts();
    const taken = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/students',
      studentBody({ email: first.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['email_taken'] });
    const number = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/students',
      studentBody({ identity: first.identity }),
    );
    expect(number.json().errors).toEqual({ identity: ['identity_taken'] });
    const bad = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/students',
      studentBody({ name_kana: 'か'.repeat(128), phone: 'call me', email: 'not-an-address' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name_kana', 'phone']);
    expect(await peopleCounts()).toEqual(before);
    // The same number at another university is another student.
    const elsewhere = await call(
      t.app,
      as('admin'),
      'POST',
      '/api/students',
      studentBody({
        identity: first.identity,
        university_id: other.universityId,
        faculty_id: other.facultyId,
        year_code_id: other.yearCodeId,
      }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a faculty of another university and hostile input, writing nothing', async () => {
    const before = await peopleCounts();
    const cases: Record<string, unknown>[] = [
      studentBody({ faculty_id: other.facultyId }),
      studentBody({ role: Role.admin }),
      studentBody({ scholarship: 'yes' }),
      studentBody({ jlpt: '1' }),
      studentBody({ name: 'a\u0000b' }),
      studentBody({ university_id: 'not-an-id' }),
    ];
    for (const body of cases) {
      const response = await call(t.app, as('admin'), 'POST', '/api/students', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await peopleCounts()).toEqual(before);
  });

  it('bulk adds every row or none, keyed by row', async () => {
    const before = await peopleCounts();
    const rows = Array.from({ length: 5 }, () => studentBody());
    const duplicate = { ...studentBody(), email: rows[1]?.email };
    // The schema's errors come first; the batch's own conflicts once every row is well formed.
    const malformed = await call(t.app, as('teacher'), 'POST', '/api/students/create-multi', {
      students: [...rows, studentBody({ phone: 'x' })],
    });
    expect(malformed.json().errors).toEqual({ 'students.5.phone': ['invalid_phone'] });
    const refused = await call(t.app, as('teacher'), 'POST', '/api/students/create-multi', {
      students: [...rows, duplicate],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'students.5.email': ['email_taken'] });
    // A teacher adds students only at the universities they work at (the demo teacher: the first school's).
    const elsewhere = await call(t.app, as('teacher'), 'POST', '/api/students/create-multi', {
      students: [
        ...rows,
        studentBody({
          university_id: other.universityId,
          faculty_id: other.facultyId,
          year_code_id: other.yearCodeId,
        }),
      ],
    });
    expect(elsewhere.json().errors).toEqual({ 'students.5.university_id': ['invalid'] });
    const tooMany = await call(t.app, as('admin'), 'POST', '/api/students/create-multi', {
      students: Array.from({ length: 51 }, () => studentBody()),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(await peopleCounts()).toEqual(before);

    const saved = await call(t.app, as('teacher'), 'POST', '/api/students/create-multi', { students: rows });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().students.map((row: { email: string }) => row.email)).toEqual(
      rows.map((row) => row.email),
    );
  });

  it('lets a teacher read and edit only the students of their subjects', async () => {
    const mine = await call(t.app, as('teacher'), 'GET', '/api/students/search?limit=100');
    expect(mine.json().data.map((row: { id: string }) => row.id)).toEqual([school.studentId]);
    const foreign = await call(
      t.app,
      as('teacher'),
      'POST',
      `/api/students/${other.studentId}`,
      studentBody(),
    );
    expect(foreign.statusCode).toBe(403);
    const student = await call(t.app, as('student'), 'GET', '/api/students/search');
    expect(student.json().data).toHaveLength(1);
  });

  it('puts a student in a class, and the class teacher pulls the renamed student', async () => {
    const created = await createStudent();
    const teacher = as('teacher');
    // Another teacher's class refuses the demo teacher.
    const foreignClass = await call(t.app, teacher, 'POST', `/api/students/${created.id}/lesson`, {
      classId: other.classId,
    });
    expect(foreignClass.statusCode).toBe(403);
    const wrongUniversity = await call(t.app, as('admin'), 'POST', `/api/students/${created.id}/lesson`, {
      classId: other.classId,
    });
    expect(wrongUniversity.statusCode).toBe(422);
    const placed = await call(t.app, teacher, 'POST', `/api/students/${created.id}/lesson`, {
      classId: school.classId,
    });
    expect(placed.statusCode).toBe(200);
    expect((await call(t.app, teacher, 'GET', `/api/students/${created.id}`)).statusCode).toBe(200);

    const renamed = await call(t.app, as('admin'), 'POST', `/api/students/${created.id}`, {
      ...studentBody(),
      identity: created.identity,
      email: created.email,
      name: '改名 花子',
    });
    expect(renamed.statusCode).toBe(200);
    await waitForWatermark(t.db);
    const pulled = await call(t.app, teacher, 'GET', '/api/sync/people/pull?limit=1000');
    const names = pulled.json().documents.map((doc: { name: string }) => doc.name);
    expect(names).toContain('改名 花子');
  });

  it('deletes a student without history and deactivates one with history', async () => {
    const plain = await createStudent();
    const deleted = await call(t.app, as('admin'), 'DELETE', `/api/students/${plain.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as('admin'), 'GET', `/api/students/${plain.id}`)).statusCode).toBe(404);
    // The address is free again.
    expect(
      (await call(t.app, as('admin'), 'POST', '/api/students', studentBody({ email: plain.email })))
        .statusCode,
    ).toBe(201);

    const kept = await createStudent();
    await call(t.app, as('admin'), 'POST', `/api/students/${kept.id}/lesson`, { classId: school.classId });
    const [placement] = await t.db
      .select({ id: classStudents.id })
      .from(classStudents)
      .where(eq(classStudents.studentId, kept.id));
    if (!placement) throw new Error('no placement');
    await t.db.insert(attendances).values({
      subjectId: school.subjectId,
      universityId: school.universityId,
      classStudentId: placement.id,
      studentId: kept.id,
      scheduleId: school.scheduleId,
      status: AttendanceStatus.present,
      seq: 1,
    });
    expect((await call(t.app, as('admin'), 'DELETE', `/api/students/${kept.id}`)).statusCode).toBe(200);
    const [user] = await queryRows(
      t.db,
      sql`select u.deactivated_at is not null as deactivated, u.deleted,
            (select count(*) from attendances a where a.student_id = ${kept.id})::int as marks,
            (select count(*) from class_students cs where cs.student_id = ${kept.id} and not cs.deleted)::int as seated
          from users u join students s on s.user_id = u.id where s.id = ${kept.id}`,
      z.object({ deactivated: z.boolean(), deleted: z.boolean(), marks: z.number(), seated: z.number() }),
    );
    expect(user).toEqual({ deactivated: true, deleted: false, marks: 1, seated: 0 });
    const search = await call(t.app, as('admin'), 'GET', `/api/students/search?param=${kept.identity}`);
    expect(search.json().data).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("invitations in the new account's language", () => {
  /** The invitation mailed to `email`: its whole text (subject line first, as the mail says it). */
  const invitationTo = (email: string) => waitForMail(t.app, email, /^([\s\S]+)$/);
  const localeOf = async (email: string) =>
    (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

  it('mails a teacher, an observer and students in the language chosen on the form, and keeps it as theirs', async () => {
    const teacher = 'english.teacher@people.test';
    const invited = await call(t.app, as('admin'), 'POST', '/api/users/invite', {
      name: 'English Teacher',
      email: teacher,
      university_ids: [school.universityId],
      locale: 'en',
    });
    expect(invited.statusCode).toBe(201);
    const english = await invitationTo(teacher);
    expect(english).toContain('You are invited to the school administration');
    expect(english).not.toMatch(/招待/);
    expect(await localeOf(teacher)).toBe('en');

    const observer = 'japanese.observer@people.test';
    await call(t.app, as('admin'), 'POST', '/api/observers/invite', {
      name: '日本 見学',
      email: observer,
      university_ids: [school.universityId],
      locale: 'ja',
    });
    expect(await invitationTo(observer)).toContain('学校管理に招待されました');

    const student = studentBody({ locale: 'vi' });
    expect((await call(t.app, as('admin'), 'POST', '/api/students', student)).statusCode).toBe(201);
    expect(await invitationTo(student.email)).toContain('Bạn được mời sử dụng hệ thống quản lý trường');
    expect(await localeOf(student.email)).toBe('vi');

    const batch = [studentBody(), studentBody()];
    const bulk = await call(t.app, as('admin'), 'POST', '/api/students/create-multi', {
      students: batch,
      locale: 'en',
    });
    expect(bulk.statusCode).toBe(201);
    for (const row of batch) expect(await invitationTo(row.email)).toContain('You are invited');

    const refused = await call(t.app, as('admin'), 'POST', '/api/users/invite', {
      name: 'x',
      email: 'klingon@people.test',
      university_ids: [school.universityId],
      locale: 'tlh',
    });
    expect(refused.json().errors).toEqual({ locale: ['invalid'] });
  });

  it("writes the invitation in the inviting admin's own language when the form names none", async () => {
    const [admin] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, ids.admin));
    await call(t.app, as('admin'), 'POST', '/api/users/update-language', { locale: 'en' });
    try {
      const email = 'default.language@people.test';
      await call(t.app, as('admin'), 'POST', '/api/users/invite', {
        name: 'Default Language',
        email,
        university_ids: [school.universityId],
      });
      expect(await invitationTo(email)).toContain('You are invited');
      expect(await localeOf(email)).toBe('en');
    } finally {
      await t.db
        .update(users)
        .set({ locale: admin?.locale ?? 'ja' })
        .where(eq(users.id, ids.admin));
    }
  });
});

describe('teachers and observers', () => {
  it('invites a teacher who signs in only after choosing a password from the mailed link', async () => {
    const email = 'invited.teacher@people.test';
    const invited = await call(t.app, as('admin'), 'POST', '/api/users/invite', {
      name: '招待 先生',
      email,
      university_ids: [school.universityId],
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, university_ids: [school.universityId], deactive: null });
    const again = await call(t.app, as('admin'), 'POST', '/api/users/invite', {
      name: 'x',
      email: email.toUpperCase(),
      university_ids: [school.universityId],
    });
    expect(again.json().errors).toEqual({ email: ['email_taken'] });

    const token = await waitForMail(t.app, email, /reset-password\/(\S+)/);
    const guest = await anonymous(t.app);
    const reset = await call(t.app, guest, 'POST', '/api/password/reset', {
      token,
      password: 'chosen-pass-1',
      password_confirmation: 'chosen-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    const session = await signIn(t.app, email, 'chosen-pass-1');
    expect((await call(t.app, session, 'GET', '/api/teachers')).statusCode).toBe(200);
    // The link is single use.
    const reuse = await call(t.app, guest, 'POST', '/api/password/reset', {
      token,
      password: 'other-pass-2',
      password_confirmation: 'other-pass-2',
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('edits a teacher, lists their subjects, and deactivates one who taught', async () => {
    const detail = await call(t.app, as('observer'), 'GET', `/api/teachers/${ids.teacher}`);
    expect(detail.json().subjects.map((row: { id: string }) => row.id)).toContain(school.subjectId);
    const edited = await call(t.app, as('admin'), 'POST', `/api/teachers/${school.teacherId}`, {
      name: '退職 先生',
      university_ids: [school.universityId, other.universityId],
      retire_at: '2026-09-30',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ deactive: { retire_at: '2026-09-30' } });
    const refused = await call(t.app, as('admin'), 'POST', `/api/teachers/${school.teacherId}`, {
      name: 'x',
      university_ids: [MISSING],
    });
    expect(refused.json().errors).toEqual({ university_ids: ['invalid'] });
    // Not a teacher: a student's id is not found here.
    expect((await call(t.app, as('admin'), 'GET', `/api/teachers/${school.studentUserId}`)).statusCode).toBe(
      404,
    );

    await t.db.insert(classTeachers).values({
      subjectId: other.subjectId,
      universityId: other.universityId,
      classId: other.classId,
      teacherId: other.teacherId,
      seq: 1,
    });
    expect((await call(t.app, as('admin'), 'DELETE', `/api/teachers/${other.teacherId}`)).statusCode).toBe(
      200,
    );
    const list = await call(t.app, as('admin'), 'GET', '/api/teachers?limit=100');
    expect(list.json().data.map((row: { id: string }) => row.id)).not.toContain(other.teacherId);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.teacherId));
    expect(row?.deactivatedAt).not.toBeNull();
    // Devices keep the name for past rows and learn that the teacher is deactivated, so pickers leave them out.
    await waitForWatermark(t.db);
    const pulled = await call(t.app, as('admin'), 'GET', '/api/sync/people/pull?limit=1000');
    const docs: { id: string; deactivated: boolean }[] = pulled.json().documents;
    expect(docs.find((doc) => doc.id === other.teacherId)).toMatchObject({ deactivated: true });
    expect(docs.find((doc) => doc.id === ids.teacher)).toMatchObject({ deactivated: false });
  });

  it('invites, edits and deletes an observer', async () => {
    const invited = await call(t.app, as('admin'), 'POST', '/api/observers/invite', {
      name: '見学者',
      email: 'watcher@people.test',
      university_ids: [school.universityId],
    });
    expect(invited.statusCode).toBe(201);
    const id: string = invited.json().id;
    const edited = await call(t.app, as('admin'), 'POST', `/api/observers/${id}`, {
      name: '見学者 二',
      university_ids: [other.universityId],
    });
    expect(edited.json()).toMatchObject({
      name: '見学者 二',
      university_ids: [other.universityId],
      role: Role.observer,
    });
    const list = await call(t.app, as('admin'), 'GET', `/api/observers?university=${other.universityId}`);
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect((await call(t.app, as('admin'), 'DELETE', `/api/observers/${id}`)).statusCode).toBe(200);
    expect(
      (await call(t.app, as('admin'), 'GET', '/api/observers'))
        .json()
        .data.map((row: { id: string }) => row.id),
    ).not.toContain(id);
    // A teacher is not an observer.
    expect((await call(t.app, as('admin'), 'DELETE', `/api/observers/${ids.teacher}`)).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('people rows name staff e-mails to staff only (issue 42 row 9)', () => {
  type PulledPerson = { id: string; role: number; name: string; email: string | null };

  async function pulledPeople(who: Who, checkpoint?: object): Promise<PulledPerson[]> {
    await waitForWatermark(t.db);
    const from = checkpoint ? `&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : '';
    const pulled = await call(t.app, as(who), 'GET', `/api/sync/people/pull?limit=1000${from}`);
    expect(pulled.statusCode).toBe(200);
    return pulled.json().documents;
  }

  it("gives admins, observers and teachers each staff member's e-mail, and no one a student's or guardian's", async () => {
    const emails = new Map(
      (await t.db.select({ id: users.id, email: users.email }).from(users)).map((row) => [row.id, row.email]),
    );
    const staffRoles: number[] = [Role.teacher, Role.admin, Role.observer];
    for (const who of ['admin', 'observer', 'teacher'] as const) {
      const people = await pulledPeople(who);
      expect(people.find((person) => person.id === ids.teacher)?.email, who).toBe(DEMO_ACCOUNTS.teacher);
      for (const person of people) {
        const expected = staffRoles.includes(person.role) ? emails.get(person.id) : null;
        expect(person.email, `${who} reading ${person.name}`).toBe(expected);
      }
    }
  });

  it('gives students and guardians the staff without their e-mails', async () => {
    for (const who of ['student', 'guardian'] as const) {
      const people = await pulledPeople(who);
      expect(
        people.some((person) => person.id === ids.teacher),
        who,
      ).toBe(true);
      expect(
        people.filter((person) => person.email !== null),
        who,
      ).toEqual([]);
    }
  });

  it("starts a device's pull over when it pulled people before they carried e-mails", async () => {
    const everyone = await pulledPeople('admin');
    const last = everyone.at(-1) as PulledPerson & { updatedAt: number };
    // The admin's checkpoint past every row, as a device stored it before: its scope version was empty.
    const again = await pulledPeople('admin', { updatedAt: last.updatedAt, id: last.id, scope: '' });
    expect(again.map((person) => person.id)).toEqual(everyone.map((person) => person.id));
    expect(again.find((person) => person.id === ids.teacher)?.email).toBe(DEMO_ACCOUNTS.teacher);
  });
});

describe('admins', () => {
  it('the super admin promotes, demotes, blocks and unblocks; blocking ends the sessions at once', async () => {
    const superAdmin = as('superAdmin');
    const invited = await call(t.app, as('admin'), 'POST', '/api/users/invite', {
      name: '昇格 先生',
      email: 'promoted@people.test',
      university_ids: [school.universityId],
    });
    const id: string = invited.json().id;
    const token = await waitForMail(t.app, 'promoted@people.test', /reset-password\/(\S+)/);
    await call(t.app, await anonymous(t.app), 'POST', '/api/password/reset', {
      token,
      password: 'promoted-pass-1',
      password_confirmation: 'promoted-pass-1',
    });

    const up = await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id });
    expect(up.statusCode).toBe(200);
    expect(up.json().role).toBe(Role.admin);
    const admins = await call(t.app, superAdmin, 'GET', '/api/users/search?limit=100');
    expect(admins.json().data.map((row: { id: string }) => row.id)).toContain(id);

    const session = await signIn(t.app, 'promoted@people.test', 'promoted-pass-1');
    expect((await call(t.app, session, 'GET', '/api/observers')).statusCode).toBe(200);
    const blocked = await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${id}`, {
      blocked: true,
    });
    expect(blocked.json().login_blocked).toBe(true);
    expect((await call(t.app, session, 'GET', '/api/observers')).statusCode).toBe(401);
    await expect(signIn(t.app, 'promoted@people.test', 'promoted-pass-1')).rejects.toThrow(
      /invalid_credentials/,
    );

    await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${id}`, { blocked: false });
    const back = await signIn(t.app, 'promoted@people.test', 'promoted-pass-1');
    expect((await call(t.app, back, 'GET', '/api/observers')).statusCode).toBe(200);

    const down = await call(t.app, superAdmin, 'POST', '/api/users/down-role', { id });
    expect(down.json().role).toBe(Role.teacher);
  });

  it('refuses the wrong targets: a teacher to block, an admin to promote, oneself, a student', async () => {
    const superAdmin = as('superAdmin');
    const before = await peopleCounts();
    const teacherBlock = await call(
      t.app,
      superAdmin,
      'POST',
      `/api/users/block-login-admin/${ids.teacher}`,
      {
        blocked: true,
      },
    );
    expect(teacherBlock.json().errors).toEqual({ id: ['role_not_allowed'] });
    expect((await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: ids.admin })).statusCode).toBe(
      422,
    );
    expect(
      (await call(t.app, superAdmin, 'POST', '/api/users/down-role', { id: ids.superAdmin })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, superAdmin, 'POST', `/api/users/block-login-admin/${ids.superAdmin}`, {
          blocked: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: school.studentUserId })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, superAdmin, 'POST', '/api/users/up-role', { id: ids.teacher, extra: 1 })).statusCode,
    ).toBe(422);
    expect(await peopleCounts()).toEqual(before);
    const [teacher] = await t.db.select().from(users).where(eq(users.id, ids.teacher));
    expect(teacher?.loginBlocked).toBe(false);
  });
});
