import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../../domain/attendance';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import type { AttendanceDoc } from '../../../domain/sync-docs';
import { attendanceId } from '../../../domain/sync-ids';
import {
  attendanceHistory,
  classNames,
  classTeachers,
  highlights,
  lessons,
  schedules,
  scheduleTeachers,
  subjectClasses,
  users,
} from '../../db/schema';
import { pushCollection } from '../../sync/engine';
import { call } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { attendanceCollection } from './collection';

let t: TestApp;
let school: SchoolFixture;
let otherSchool: SchoolFixture;
const sessions: Record<'teacher' | 'teacher2' | 'admin' | 'student', TestSession | undefined> = {
  teacher: undefined,
  teacher2: undefined,
  admin: undefined,
  student: undefined,
};
const ids: Record<'teacher' | 'admin', string> = { teacher: '', admin: '' };

function session(name: keyof typeof sessions): TestSession {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
}

async function userId(email: string): Promise<string> {
  const [row] = await t.app.appDeps.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.app.appDeps;
  school = await createSchoolFixture(db);
  otherSchool = await createSchoolFixture(db);
  // The sheet shows the sittings of published lessons only (issue #17: drafts are not held yet).
  await db.update(lessons).set({ publish: PublishState.published });
  ids.teacher = await userId('teacher@demo.test');
  ids.admin = await userId('admin@demo.test');
  // The demo teacher teaches the fixture's class; teacher2 teaches the other school's.
  await db.insert(classTeachers).values([
    {
      subjectId: school.subjectId,
      universityId: school.universityId,
      classId: school.classId,
      teacherId: ids.teacher,
      seq: 1,
    },
    {
      subjectId: otherSchool.subjectId,
      universityId: otherSchool.universityId,
      classId: otherSchool.classId,
      teacherId: await userId('teacher2@demo.test'),
      seq: 1,
    },
  ]);
  sessions.teacher = await signIn(t.app, 'teacher@demo.test');
  sessions.teacher2 = await signIn(t.app, 'teacher2@demo.test');
  sessions.admin = await signIn(t.app, 'admin@demo.test');
  sessions.student = await signIn(t.app, 'student@demo.test');
});

afterAll(async () => {
  await t.close();
});

const body = (fixture: SchoolFixture, entry: Record<string, unknown> = {}) => ({
  data: {
    subjectClass: fixture.classId,
    attendances: [
      {
        class_student_id: fixture.classStudentId,
        schedule_id: fixture.scheduleId,
        status: AttendanceStatus.late,
        absence_reasons: null,
        comment: '電車遅延',
        ...entry,
      },
    ],
  },
});

async function historyRows(fixture: SchoolFixture) {
  return t.app.appDeps.db
    .select()
    .from(attendanceHistory)
    .where(eq(attendanceHistory.attendanceId, attendanceId(fixture.classStudentId, fixture.scheduleId)));
}

/** A second class of the fixture's subject under `classNameId`, with one sitting of the fixture's lesson. */
async function otherClassSitting(classNameId: string, day: string) {
  const { db } = t.app.appDeps;
  const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
  const [otherClass] = await db
    .insert(subjectClasses)
    .values({ ...partition, classNameId })
    .returning();
  if (!otherClass) throw new Error('no class');
  const [sitting] = await db
    .insert(schedules)
    .values({
      ...partition,
      lessonId: school.lessonId,
      classId: otherClass.id,
      day,
      startTime: '13:00',
      endTime: '14:30',
    })
    .returning();
  if (!sitting) throw new Error('no schedule');
  return sitting;
}

describe('POST /api/attendance/{scheduleId}', () => {
  it('a teacher saves marks of their class: stored once with offline origin, replayed by idempotency key', async () => {
    const headers = { ...session('teacher').headers(), 'idempotency-key': 'mark-1', 'x-offline-origin': '1' };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/attendance/${school.scheduleId}`,
        headers,
        payload: body(school),
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      attendances: [
        {
          id: attendanceId(school.classStudentId, school.scheduleId),
          status: AttendanceStatus.late,
          class_student_id: school.classStudentId,
          schedule_id: school.scheduleId,
          absence_reasons: null,
          comment: '電車遅延',
        },
      ],
    });
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const rows = await historyRows(school);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      offline: true,
      changedBy: ids.teacher,
      newStatus: AttendanceStatus.late,
    });

    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/attendance/${school.scheduleId}`,
      headers,
      payload: body(school, { comment: 'other' }),
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');

    const sheet = await call(t.app, session('teacher'), 'GET', `/api/attendance/${school.classId}`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json().students).toEqual([
      expect.objectContaining({
        class_student_id: school.classStudentId,
        attendances: first.json().attendances,
      }),
    ]);
    const history = await call(
      t.app,
      session('admin'),
      'GET',
      `/api/attendance/history/${school.scheduleId}`,
    );
    expect(history.json().history).toEqual([
      expect.objectContaining({
        class_student_id: school.classStudentId,
        offline: true,
        new_comment: '電車遅延',
      }),
    ]);
  });

  it('refuses a teacher not assigned to the class and a student, changing nothing', async () => {
    const before = await historyRows(school);
    const foreign = await call(
      t.app,
      session('teacher2'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school),
    );
    expect(foreign.statusCode).toBe(404);
    const student = await call(
      t.app,
      session('student'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school),
    );
    expect(student.statusCode).toBe(403);
    expect(await historyRows(school)).toHaveLength(before.length);
    // With a schedule of the subject, teacher2 works in it but may neither write the class nor read its sheet:
    // its students' marks are the class's teachers' (docs/access.md, classWork; issue #41, hole 3).
    const { db } = t.app.appDeps;
    const [sitting] = await db
      .insert(scheduleTeachers)
      .values({
        subjectId: school.subjectId,
        universityId: school.universityId,
        scheduleId: school.scheduleId,
        teacherId: await userId('teacher2@demo.test'),
        seq: 1,
      })
      .returning();
    const readOnly = await call(
      t.app,
      session('teacher2'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school),
    );
    expect(readOnly.statusCode).toBe(403);
    expect(
      (await call(t.app, session('teacher2'), 'GET', `/api/attendance/${school.classId}`)).statusCode,
    ).toBe(403);
    // The sitting's change history answers teacher2 too, kept to the rows they may read: none of this class.
    const theirHistory = await call(
      t.app,
      session('teacher2'),
      'GET',
      `/api/attendance/history/${school.scheduleId}`,
    );
    expect(theirHistory.statusCode).toBe(200);
    expect(theirHistory.json().history).toEqual([]);
    const ownHistory = await call(
      t.app,
      session('teacher'),
      'GET',
      `/api/attendance/history/${school.scheduleId}`,
    );
    expect(ownHistory.json().history.length).toBeGreaterThan(0);
    expect(await historyRows(school)).toHaveLength(before.length);
    if (sitting)
      await db.update(scheduleTeachers).set({ deleted: true }).where(eq(scheduleTeachers.id, sitting.id));
  });

  it('answers saves that arrive together each on its own, the refused ones changing nothing', async () => {
    const save = (who: 'teacher' | 'teacher2', fixture: SchoolFixture, entry: Record<string, unknown> = {}) =>
      call(t.app, session(who), 'POST', `/api/attendance/${fixture.scheduleId}`, body(fixture, entry));
    const before = (await historyRows(school)).length;
    const otherBefore = (await historyRows(otherSchool)).length;
    // Sent in one turn: their checks meet in one statement, their writes in one transaction.
    const answers = await Promise.all([
      save('teacher', school, { status: AttendanceStatus.absent, comment: 'together' }),
      save('teacher2', school, { comment: 'not my class' }),
      save('teacher2', otherSchool, { status: AttendanceStatus.present, comment: 'mine' }),
      save('teacher', school, { class_student_id: otherSchool.classStudentId }),
      call(t.app, session('teacher'), 'POST', `/api/attendance/${crypto.randomUUID()}`, body(school)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 200, 422, 404]);
    expect(answers[0]?.json().attendances[0]).toMatchObject({
      status: AttendanceStatus.absent,
      comment: 'together',
    });
    expect(answers[2]?.json().attendances[0]).toMatchObject({
      status: AttendanceStatus.present,
      comment: 'mine',
    });
    expect(answers[3]?.json().errors).toEqual({ 'data.attendances.0.class_student_id': ['invalid'] });
    expect(await historyRows(school)).toHaveLength(before + 1);
    expect(await historyRows(otherSchool)).toHaveLength(otherBefore + 1);
  });

  it('answers bad input with field errors and writes nothing', async () => {
    const before = await historyRows(school);
    const cases: [Record<string, unknown>, string][] = [
      [{ class_student_id: otherSchool.classStudentId }, 'data.attendances.0.class_student_id'],
      [{ schedule_id: otherSchool.scheduleId }, 'data.attendances.0.schedule_id'],
    ];
    for (const [entry, field] of cases) {
      const answer = await call(
        t.app,
        session('teacher'),
        'POST',
        `/api/attendance/${school.scheduleId}`,
        body(school, entry),
      );
      expect(answer.statusCode).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    }
    const wrongType = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school, { status: 9 }),
    );
    expect(wrongType.statusCode).toBe(422);
    const extra = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school, { extra: 1 }),
    );
    expect(extra.statusCode).toBe(422);
    const otherSubject = await call(
      t.app,
      session('admin'),
      'POST',
      `/api/attendance/${otherSchool.scheduleId}`,
      body(school, { schedule_id: otherSchool.scheduleId }),
    );
    expect(otherSubject.statusCode).toBe(422);
    expect(await historyRows(school)).toHaveLength(before.length);
  });

  it('merges with a sync push of another field from the same base', async () => {
    const [base] = (await call(t.app, session('admin'), 'GET', `/api/attendance/${school.classId}`)).json()
      .students[0].attendances;
    const doc: AttendanceDoc = {
      id: base.id,
      subjectId: school.subjectId,
      universityId: school.universityId,
      classStudentId: school.classStudentId,
      studentId: school.studentId,
      scheduleId: school.scheduleId,
      status: base.status,
      lateMinutes: null,
      absenceReasons: null,
      comment: base.comment,
      updatedAt: 0,
      _deleted: false,
    };
    const rest = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/attendance/${school.scheduleId}`,
      body(school, { status: AttendanceStatus.present, comment: base.comment }),
    );
    expect(rest.statusCode).toBe(200);
    const pushed = await pushCollection(
      t.app.appDeps,
      attendanceCollection,
      { id: ids.admin, role: Role.admin },
      [{ newDocumentState: { ...doc, absenceReasons: '診察' }, assumedMasterState: { ...doc } }],
      false,
    );
    expect(pushed.conflicts).toEqual([]);
    const after = (await call(t.app, session('teacher'), 'GET', `/api/attendance/${school.classId}`)).json();
    expect(after.students[0].attendances[0]).toMatchObject({
      status: AttendanceStatus.present,
      absence_reasons: '診察',
      comment: base.comment,
    });
  });
});

describe('attendance filter calls', () => {
  it('lists the year codes, subjects and classes a teacher works in, and hides others', async () => {
    const teacher = session('teacher');
    const yearCodes = await call(
      t.app,
      teacher,
      'GET',
      `/api/attendance/university/${school.universityId}/faculty/${school.facultyId}`,
    );
    expect(yearCodes.json().yearCodeByFaculty.map((row: { id: string }) => row.id)).toEqual([
      school.yearCodeId,
    ]);
    const subjects = await call(
      t.app,
      teacher,
      'GET',
      `/api/attendance/subjectsByYearCode/${school.facultyId}/${school.yearCodeId}`,
    );
    expect(subjects.json().subjects.map((row: { id: string }) => row.id)).toEqual([school.subjectId]);
    const classes = await call(t.app, teacher, 'GET', `/api/attendance/classesBySubject/${school.subjectId}`);
    expect(classes.json().subjectClasses).toEqual([{ id: school.classId, name: 'A組' }]);
    const foreign = await call(
      t.app,
      teacher,
      'GET',
      `/api/attendance/classesBySubject/${otherSchool.subjectId}`,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignSheet = await call(t.app, teacher, 'GET', `/api/attendance/${otherSchool.classId}`);
    expect(foreignSheet.statusCode).toBe(404);
    const none = await call(
      t.app,
      session('teacher2'),
      'GET',
      `/api/attendance/subjectsByYearCode/${school.facultyId}/${school.yearCodeId}`,
    );
    expect(none.json().subjects).toEqual([]);
  });
});

describe('attendance highlight and filter of a class', () => {
  it('lists the students a shown attendance highlight flags, and the filter that leads to a class', async () => {
    const { db } = t.app.appDeps;
    const teacher = session('teacher');
    const url = `/api/attendance/students-highlight/${school.subjectId}/${school.classId}`;
    expect((await call(t.app, teacher, 'GET', url)).json().students).toEqual([]);
    // "Attended fewer than 1 held schedule": nothing is held before the test clock's day, so it flags all.
    const [rule] = await db
      .insert(highlights)
      .values({
        subjectId: school.subjectId,
        universityId: school.universityId,
        type: HighlightType.attendance,
        conditionType: HighlightCondition.attendance,
        compareType: HighlightCompare.lessThan,
        value: 1,
        seq: 1,
      })
      .returning();
    expect((await call(t.app, teacher, 'GET', url)).json().students).toEqual([
      expect.objectContaining({ id: school.studentId }),
    ]);
    if (rule) await db.update(highlights).set({ hidden: true }).where(eq(highlights.id, rule.id));
    expect((await call(t.app, teacher, 'GET', url)).json().students).toEqual([]);
    expect(
      (
        await call(
          t.app,
          teacher,
          'GET',
          `/api/attendance/students-highlight/${otherSchool.subjectId}/${school.classId}`,
        )
      ).statusCode,
    ).toBe(404);

    const filter = await call(t.app, teacher, 'GET', `/api/attendance/dataFilter/${school.classId}`);
    expect(filter.json()).toEqual({
      university: school.universityId,
      yearCode: school.yearCodeId,
      faculty: school.facultyId,
      subject: school.subjectId,
      subjectClass: school.classId,
    });
    expect(
      (await call(t.app, teacher, 'GET', `/api/attendance/dataFilter/${otherSchool.classId}`)).statusCode,
    ).toBe(404);
  });
});

describe('exchange attendance', () => {
  it('moves a student’s mark to another class’s sitting of the same lesson, and refuses a bad move', async () => {
    const sitting = await otherClassSitting(school.otherClassNameId, '2026-04-11');
    const teacher = session('teacher');
    const candidates = await call(
      t.app,
      teacher,
      'GET',
      `/api/exchange-attendance/${school.classStudentId}/1`,
    );
    expect(candidates.statusCode).toBe(200);
    expect(candidates.json().schedules.map((row: { id: string }) => row.id)).toEqual([sitting.id]);

    const move = {
      from_schedule_id: school.scheduleId,
      to_schedule_id: sitting.id,
      class_student_ids: [school.classStudentId],
    };
    const sameClass = await call(t.app, teacher, 'POST', `/api/exchange-attendance/${school.subjectId}`, {
      ...move,
      to_schedule_id: school.scheduleId,
    });
    expect(sameClass.statusCode).toBe(422);
    expect(sameClass.json().errors).toHaveProperty('to_schedule_id');
    const foreign = await call(
      t.app,
      session('teacher2'),
      'POST',
      `/api/exchange-attendance/${school.subjectId}`,
      move,
    );
    expect(foreign.statusCode).toBe(404);

    const before = (await call(t.app, teacher, 'GET', `/api/attendance/${school.classId}`)).json().students[0]
      .attendances[0];
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/exchange-attendance/${school.subjectId}`,
      headers: { ...teacher.headers(), 'x-offline-origin': '1' },
      payload: move,
    });
    expect(moved.statusCode).toBe(200);
    const after = await call(t.app, teacher, 'GET', `/api/exchange-attendance/${school.classStudentId}/0`);
    expect(after.json().schedules.map((row: { id: string }) => row.id)).toEqual([sitting.id]);
    expect(
      (await call(t.app, teacher, 'GET', `/api/attendance/${school.classId}`)).json().students[0].attendances,
    ).toEqual([]);
    const history = (await call(t.app, teacher, 'GET', `/api/attendance/history/${sitting.id}`)).json()
      .history;
    expect(history).toEqual([
      expect.objectContaining({ new_status: before.status, new_comment: before.comment, offline: true }),
    ]);
  });

  it('refuses a mark at another class’s sitting, and one that names another student, by the call and the push', async () => {
    const { db } = t.app.appDeps;
    const [className] = await db
      .insert(classNames)
      .values({ name: 'C組', universityId: school.universityId, seq: 1 })
      .returning();
    if (!className) throw new Error('no class name');
    const sitting = await otherClassSitting(className.id, '2026-04-12');
    const before = await historyRows(school);
    // The teacher's own student, at a sitting of a class nobody assigned to the teacher.
    const byCall = await call(
      t.app,
      session('teacher'),
      'POST',
      `/api/attendance/${sitting.id}`,
      body(school, { schedule_id: sitting.id }),
    );
    expect(byCall.statusCode).toBe(422);
    expect(Object.keys(byCall.json().errors)).toEqual(['data.subjectClass']);

    const mark = (overrides: Partial<AttendanceDoc>): AttendanceDoc => ({
      id: attendanceId(school.classStudentId, sitting.id),
      subjectId: school.subjectId,
      universityId: school.universityId,
      classStudentId: school.classStudentId,
      studentId: school.studentId,
      scheduleId: sitting.id,
      status: AttendanceStatus.present,
      lateMinutes: null,
      absenceReasons: null,
      comment: null,
      updatedAt: 0,
      _deleted: false,
      ...overrides,
    });
    const push = async (actorId: string, role: typeof Role.teacher | typeof Role.admin, doc: AttendanceDoc) =>
      (
        await pushCollection(
          t.app.appDeps,
          attendanceCollection,
          { id: actorId, role },
          [{ newDocumentState: doc, assumedMasterState: null }],
          false,
        )
      ).conflicts.map((conflict) => conflict.reason);
    expect(await push(ids.teacher, Role.teacher, mark({}))).toEqual(['forbidden']);
    expect(await push(ids.admin, Role.admin, mark({}))).toEqual(['forbidden']);
    // A mark of the teacher's own sitting that names a student of another school.
    const own = mark({
      id: attendanceId(school.classStudentId, school.scheduleId),
      scheduleId: school.scheduleId,
    });
    expect(await push(ids.teacher, Role.teacher, { ...own, studentId: otherSchool.studentId })).toEqual([
      'invalid',
    ]);
    expect(await historyRows(school)).toHaveLength(before.length);
    const stray = await db
      .select()
      .from(attendanceHistory)
      .where(eq(attendanceHistory.attendanceId, attendanceId(school.classStudentId, sitting.id)));
    expect(stray).toEqual([]);
  });
});
