import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AttendanceStatus,
  countAttendance,
  type AttendanceStatus as Status,
} from '../../../domain/attendance';
import { computeGpa } from '../../../domain/gpa';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../../domain/highlights';
import { LessonType, PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import { achievementId, attendanceId } from '../../../domain/sync-ids';
import { queryRows } from '../../db/rows';
import {
  achievements,
  attendances,
  classStudents,
  classTeachers,
  highlights,
  lessons,
  schedules,
  scoreNames,
  students,
  subjectStudents,
  users,
  userUniversities,
} from '../../db/schema';
import { call } from '../../testing/calls';
import { createSchoolFixture, type SchoolFixture } from '../../testing/school-fixture';
import { buildTestApp, signIn, type TestApp, type TestSession } from '../../testing/test-app';
import { gpaOfScores } from '../shared/gpa-sql';

// A class of five students with hand-counted marks and scores (the issue's "class of 5 with known marks").
// Sittings held by today (2026-04-20): 04-10, 04-12, 04-14; one on 05-30 is still to come.
//        04-10  04-12  04-14 | tally (present, late, unexplained, absent, missing)
// S1     P      P      L     | 2 1 0 0 0
// S2     P      U      A     | 1 0 1 1 0
// S3     L      L      -     | 0 2 0 0 1
// S4     U      U      U     | 0 0 3 0 0
// S5     -      -      -     | 0 0 0 0 3   (S5 is removed on 04-15: still counted where enrolled)
// Scores of the exam (筆記 100, 実技 50, 加点 10 bonus, 読解 40 a sub-score of 筆記):
// S1 筆記 80 実技 40 → 120/150·4 = 3.2;  S2 筆記 50 → 2.0;  S3 100 + 50 + 加点 10 → capped 4.0;
// S4 実技 10, 読解 30 (a part, not counted) → 0.8;  S5 nothing → no GPA. Average 2.5; bands [1, 0, 1, 2].

const P = AttendanceStatus.present;
const L = AttendanceStatus.late;
const U = AttendanceStatus.unexplainedAbsence;
const A = AttendanceStatus.absent;
const MARKS: (Status | null)[][] = [
  [P, P, L],
  [P, U, A],
  [L, L, null],
  [U, U, U],
  [null, null, null],
];
const TALLIES = [
  { present: 2, late: 1, unexplainedAbsence: 0, absent: 0, missing: 0 },
  { present: 1, late: 0, unexplainedAbsence: 1, absent: 1, missing: 0 },
  { present: 0, late: 2, unexplainedAbsence: 0, absent: 0, missing: 1 },
  { present: 0, late: 0, unexplainedAbsence: 3, absent: 0, missing: 0 },
  { present: 0, late: 0, unexplainedAbsence: 0, absent: 0, missing: 3 },
];

type Who = 'observer' | 'teacher' | 'teacher2' | 'admin' | 'superAdmin' | 'student';
const EMAILS: Record<Who, string> = {
  observer: 'observer@demo.test',
  teacher: 'teacher@demo.test',
  teacher2: 'teacher2@demo.test',
  admin: 'admin@demo.test',
  superAdmin: 'super@demo.test',
  student: 'student@demo.test',
};

let t: TestApp;
let school: SchoolFixture;
const sessions = new Map<Who, TestSession>();
const studentIds: string[] = [];
const classStudentIds: string[] = [];
const subjectStudentIds: string[] = [];
const sittingIds: string[] = [];
let futureSittingId = '';
const scoreNameIds: Record<'written' | 'practical' | 'bonus' | 'reading', string> = {
  written: '',
  practical: '',
  bonus: '',
  reading: '',
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

async function arrange() {
  const { db } = t;
  school = await createSchoolFixture(db);
  const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
  const enrolled = new Date('2026-03-01T00:00:00Z');
  await db
    .update(students)
    .set({ createdAt: enrolled, identity: 'R-1' })
    .where(eq(students.id, school.studentId));
  studentIds.push(school.studentId);
  classStudentIds.push(school.classStudentId);
  subjectStudentIds.push(school.subjectStudentId);
  for (let index = 2; index <= 5; index += 1) {
    const [user] = await db
      .insert(users)
      .values({
        email: `report-s${index}@fixture.test`,
        name: `生徒${index}`,
        role: Role.student,
        passwordHash: 'x',
        seq: 1,
      })
      .returning();
    if (!user) throw new Error('no user');
    const [student] = await db
      .insert(students)
      .values({
        userId: user.id,
        identity: `R-${index}`,
        universityId: school.universityId,
        seq: 1,
        createdAt: enrolled,
      })
      .returning();
    if (!student) throw new Error('no student');
    const [enrolment] = await db
      .insert(subjectStudents)
      .values({ ...partition, studentId: student.id })
      .returning();
    if (!enrolment) throw new Error('no enrolment');
    const [seat] = await db
      .insert(classStudents)
      .values({
        ...partition,
        classId: school.classId,
        studentId: student.id,
        subjectStudentId: enrolment.id,
      })
      .returning();
    if (!seat) throw new Error('no seat');
    studentIds.push(student.id);
    classStudentIds.push(seat.id);
    subjectStudentIds.push(enrolment.id);
  }
  // S1 and S2 have a faculty and year code; the others none (statistics rows).
  await db
    .update(students)
    .set({ facultyId: school.facultyId, yearCodeId: school.yearCodeId })
    .where(inArray(students.id, studentIds.slice(0, 2)));

  // The fixture's sitting (04-10) and two more held, one to come.
  sittingIds.push(school.scheduleId);
  const sitting = {
    ...partition,
    lessonId: school.lessonId,
    classId: school.classId,
    startTime: '09:00',
    endTime: '10:30',
  };
  for (const day of ['2026-04-12', '2026-04-14', '2026-05-30']) {
    const [row] = await db
      .insert(schedules)
      .values({ ...sitting, day })
      .returning();
    if (!row) throw new Error('no schedule');
    sittingIds.push(row.id);
  }
  futureSittingId = sittingIds.pop() ?? '';
  const marks = MARKS.flatMap((row, student) =>
    row.map((status, sittingIndex) => ({ status, student, sittingIndex })),
  ).filter((mark) => mark.status !== null || mark.student === 2);
  // S3's missing third mark is stored with no status (entered then cleared), the others are absent rows.
  await db.insert(attendances).values([
    ...marks.map(({ status, student, sittingIndex }) => ({
      ...partition,
      id: attendanceId(classStudentIds[student] ?? '', sittingIds[sittingIndex] ?? ''),
      classStudentId: classStudentIds[student] ?? '',
      studentId: studentIds[student] ?? '',
      scheduleId: sittingIds[sittingIndex] ?? '',
      status,
    })),
    {
      ...partition,
      id: attendanceId(classStudentIds[0] ?? '', futureSittingId),
      classStudentId: classStudentIds[0] ?? '',
      studentId: studentIds[0] ?? '',
      scheduleId: futureSittingId,
      status: P,
    },
  ]);

  scoreNameIds.written = school.scoreNameId;
  const exam = { ...partition, lessonId: school.examId };
  for (const [key, values] of [
    ['practical', { name: '実技', fullScore: 50 }],
    ['bonus', { name: '加点', fullScore: 10, optionPlus: true }],
    ['reading', { name: '読解', fullScore: 40, parentId: school.scoreNameId }],
  ] as const) {
    const [row] = await db
      .insert(scoreNames)
      .values({ ...exam, ...values })
      .returning();
    if (!row) throw new Error('no score name');
    scoreNameIds[key] = row.id;
  }
  const full = { written: 100, practical: 50, bonus: 10, reading: 40 };
  const scores: [number, keyof typeof scoreNameIds, number][] = [
    [0, 'written', 80],
    [0, 'practical', 40],
    [1, 'written', 50],
    [2, 'written', 100],
    [2, 'practical', 50],
    [2, 'bonus', 10],
    [3, 'practical', 10],
    [3, 'reading', 30],
  ];
  await db.insert(achievements).values(
    scores.map(([student, key, points]) => ({
      ...partition,
      id: achievementId(subjectStudentIds[student] ?? '', scoreNameIds[key]),
      subjectStudentId: subjectStudentIds[student] ?? '',
      studentId: studentIds[student] ?? '',
      scoreNameId: scoreNameIds[key],
      fullScore: full[key],
      points,
    })),
  );
  // S5 is removed on 04-15 (a soft delete).
  await db
    .update(students)
    .set({ deleted: true, updatedAt: new Date('2026-04-15T03:00:00Z') })
    .where(eq(students.id, studentIds[4] ?? ''));

  // The demo teacher teaches the class and works at the university; teacher2 works in neither.
  const teacher = await userId(EMAILS.teacher);
  await db.insert(classTeachers).values({ ...partition, classId: school.classId, teacherId: teacher });
  await db.insert(userUniversities).values({ userId: teacher, universityId: school.universityId, seq: 1 });
  // The sheet and the report hold the sittings of published lessons only (issue #17).
  await db.update(lessons).set({ publish: PublishState.published });
}

beforeAll(async () => {
  t = await buildTestApp();
  // Today is 2026-04-20 (the test clock starts on 04-01).
  t.clock.advance(19 * 24 * 3600 * 1000);
  await arrange();
  for (const who of Object.keys(EMAILS) as Who[]) sessions.set(who, await signIn(t.app, EMAILS[who]));
});

afterAll(async () => {
  await t.close();
});

const urls = () => ({
  filter: `/api/attendance/report/filter/${school.subjectId}`,
  students: `/api/attendance/report/students/${school.subjectId}`,
  classes: `/api/attendance/report/classes/${school.subjectId}`,
  subjectNames: `/api/report/universities/${school.universityId}/subject-name`,
  faculties: `/api/report/universities/${school.universityId}/subject-name/${school.subjectNameId}/faculty`,
  yearCodes: `/api/report/universities/${school.universityId}/subject-name/${school.subjectNameId}/faculty/${school.facultyId}/year-code`,
  defaultFilter: '/api/report/default-filter',
  yearCodesOfName: `/api/report/universities/${school.universityId}/year-codes/${school.subjectNameId}`,
  dataClasses: `/api/report/data-classes/${school.subjectNameId}/${school.facultyId}/${school.yearCodeId}`,
  subScores: `/api/report/sub-scores/${school.examId}/${school.examNameId}`,
  yearCodeSubScores: `/api/report/year-code/sub-scores/${school.examId}/${school.examNameId}`,
});

async function get(who: Who, url: string) {
  const response = await call(t.app, as(who), 'GET', url);
  return { status: response.statusCode, body: response.json() };
}

describe('attendance report', () => {
  it('tallies each student over the held sittings of their class, as counted by hand', async () => {
    const { status, body } = await get('admin', urls().students);
    expect(status).toBe(200);
    expect(body.students.map((row: { tally: unknown }) => row.tally)).toEqual(TALLIES);
    expect(body.students[0]).toMatchObject({ identity: 'R-1', class: { id: school.classId, name: 'A組' } });
  });

  it('tallies the class and each held sitting', async () => {
    const { body } = await get('observer', urls().classes);
    expect(body.classes).toHaveLength(1);
    const [row] = body.classes;
    expect(row).toMatchObject({
      id: school.classId,
      students_count: 5,
      tally: { present: 3, late: 3, unexplainedAbsence: 4, absent: 1, missing: 4 },
    });
    expect(row.sittings.map((sitting: { day: string }) => sitting.day)).toEqual([
      '2026-04-10',
      '2026-04-12',
      '2026-04-14',
    ]);
    expect(row.sittings[0].tally).toEqual({
      present: 2,
      late: 1,
      unexplainedAbsence: 1,
      absent: 0,
      missing: 1,
    });
  });

  it('agrees with the attendance sheet of the same class on the same marks', async () => {
    const sheet = await get('admin', `/api/attendance/${school.classId}`);
    const report = await get('admin', urls().students);
    const held = sheet.body.schedules.filter((column: { day: string }) => column.day <= '2026-04-20');
    for (const row of sheet.body.students as {
      student: { id: string };
      attendances: { schedule_id: string; status: Status | null }[];
    }[]) {
      const statuses = held.map(
        (column: { id: string }) =>
          row.attendances.find((mark) => mark.schedule_id === column.id)?.status ?? null,
      );
      const counts = countAttendance(statuses);
      const reported = report.body.students.find((line: { id: string }) => line.id === row.student.id);
      expect(reported.tally).toMatchObject({
        present: counts.attendance,
        late: counts.late,
        unexplainedAbsence: counts.unexplainedAbsence,
        missing: counts.missing,
      });
    }
  });

  it('counts the shown attendance highlights each student meets', async () => {
    await t.db.insert(highlights).values({
      subjectId: school.subjectId,
      universityId: school.universityId,
      seq: 1,
      type: HighlightType.attendance,
      conditionType: HighlightCondition.unexplainedAbsence,
      compareType: HighlightCompare.above,
      value: 2,
      priority: 0,
    });
    const { body } = await get('teacher', urls().students);
    expect(body.students.map((row: { highlights_met: number }) => row.highlights_met)).toEqual([
      0, 0, 0, 1, 0,
    ]);
    await t.db.delete(highlights).where(eq(highlights.subjectId, school.subjectId));
  });

  it('holds a sitting of today once it has ended on the school clock, not before', async () => {
    // The test clock stands at 2026-04-20 09:00 UTC, 18:00 in Tokyo: of today's two sittings, the one that
    // ended at 10:30 is held, the one that starts at 19:00 is not. S1 is marked present at both.
    const before = await get('admin', urls().students);
    const today = {
      subjectId: school.subjectId,
      universityId: school.universityId,
      seq: 1,
      lessonId: school.lessonId,
      classId: school.classId,
      day: '2026-04-20',
    };
    const added = await t.db
      .insert(schedules)
      .values([
        { ...today, startTime: '09:00', endTime: '10:30' },
        { ...today, startTime: '19:00', endTime: '20:30' },
      ])
      .returning();
    const ids = added.map((row) => row.id);
    const seat = classStudentIds[0] ?? '';
    await t.db.insert(attendances).values(
      ids.map((scheduleId) => ({
        subjectId: school.subjectId,
        universityId: school.universityId,
        seq: 1,
        id: attendanceId(seat, scheduleId),
        classStudentId: seat,
        studentId: studentIds[0] ?? '',
        scheduleId,
        status: P,
      })),
    );
    try {
      const after = await get('admin', urls().students);
      type Tally = { present: number; missing: number };
      expect(after.body.students.map((row: { tally: Tally }) => row.tally)).toEqual(
        before.body.students.map(({ tally }: { tally: Tally }, index: number) =>
          index === 0 ? { ...tally, present: tally.present + 1 } : { ...tally, missing: tally.missing + 1 },
        ),
      );
    } finally {
      await t.db.delete(attendances).where(inArray(attendances.scheduleId, ids));
      await t.db.delete(schedules).where(inArray(schedules.id, ids));
    }
  });

  it('answers the filter that leads to the subject', async () => {
    const { body } = await get('teacher', urls().filter);
    expect(body.defaultFilter).toEqual({
      subjectId: school.subjectId,
      facultyId: school.facultyId,
      yearCodeId: school.yearCodeId,
      universityId: school.universityId,
    });
  });
});

describe('the report card', () => {
  // The card (`GET /api/students/{id}/achievement-attendance`, shown by /report/student) tallies a subject by
  // the report's rule: S1 gets marks at a draft lesson's sitting, at a deleted sitting and (from the arrange)
  // at the sitting to come, none of which is held, and no mark at a held sitting added on 04-16.
  it('tallies each subject as the attendance report does: held sittings only, an unmarked one not entered', async () => {
    const { db } = t;
    const partition = { subjectId: school.subjectId, universityId: school.universityId, seq: 1 };
    const [draft] = await db
      .insert(lessons)
      .values({ ...partition, name: '補講', type: LessonType.lesson, publish: PublishState.draft })
      .returning();
    if (!draft) throw new Error('no draft lesson');
    const sitting = { ...partition, classId: school.classId, startTime: '09:00', endTime: '10:30' };
    const added = await db
      .insert(schedules)
      .values([
        { ...sitting, lessonId: draft.id, day: '2026-04-11' },
        { ...sitting, lessonId: school.lessonId, day: '2026-04-13', deleted: true },
        { ...sitting, lessonId: school.lessonId, day: '2026-04-16' },
      ])
      .returning();
    const notHeld = added.slice(0, 2).map((row) => row.id);
    await db.insert(attendances).values(
      notHeld.map((scheduleId) => ({
        ...partition,
        id: attendanceId(classStudentIds[0] ?? '', scheduleId),
        classStudentId: classStudentIds[0] ?? '',
        studentId: studentIds[0] ?? '',
        scheduleId,
        status: U,
      })),
    );
    await db.insert(highlights).values({
      ...partition,
      type: HighlightType.attendance,
      conditionType: HighlightCondition.missing,
      compareType: HighlightCompare.above,
      value: 1,
      priority: 0,
      messageToStudent: '未入力の授業があります',
    });
    try {
      const report = await get('admin', urls().students);
      // S5 is removed: the card answers for live students only.
      for (const studentId of studentIds.slice(0, 4)) {
        const card = await get('admin', `/api/students/${studentId}/achievement-attendance`);
        expect(card.status).toBe(200);
        const record = card.body.subjects.find(
          (row: { subject: { id: string } }) => row.subject.id === school.subjectId,
        );
        const reported = report.body.students.find((line: { id: string }) => line.id === studentId);
        expect({ studentId, tally: record.tally }).toEqual({ studentId, tally: reported.tally });
      }
      const card = await get('admin', `/api/students/${studentIds[0]}/achievement-attendance`);
      const s1 = card.body.subjects.find(
        (row: { subject: { id: string } }) => row.subject.id === school.subjectId,
      );
      // By hand: 04-10 P, 04-12 P, 04-14 L held and marked, 04-16 held and not entered.
      expect(s1.tally).toEqual({ present: 2, late: 1, unexplainedAbsence: 0, absent: 0, missing: 1 });
      // Every stored mark is still listed, the three not held included; only the tally leaves them out.
      expect(s1.attendance.attendances).toHaveLength(6);
      // The attendance highlights read the same tally: S1 has one sitting not entered, as the report counts.
      expect(s1.messages).toEqual(['未入力の授業があります']);
      expect(report.body.students[0].highlights_met).toBe(1);
    } finally {
      await db.delete(highlights).where(eq(highlights.subjectId, school.subjectId));
      await db.delete(attendances).where(
        inArray(
          attendances.scheduleId,
          added.map((row) => row.id),
        ),
      );
      await db.delete(schedules).where(
        inArray(
          schedules.id,
          added.map((row) => row.id),
        ),
      );
      await db.delete(lessons).where(eq(lessons.id, draft.id));
    }
  });
});

describe('achievement report', () => {
  it('lists the cascade: subject names, faculties and year codes of the university', async () => {
    expect((await get('admin', urls().subjectNames)).body.subjectNames).toContainEqual({
      id: school.subjectNameId,
      name: expect.any(String),
    });
    expect((await get('admin', urls().faculties)).body.faculties).toEqual([
      { id: school.facultyId, name: '学部' },
    ]);
    expect((await get('admin', urls().yearCodes)).body.yearCodes).toEqual([
      { id: school.yearCodeId, name: '2026A' },
    ]);
    expect((await get('admin', urls().yearCodesOfName)).body.yearCodes).toEqual([
      { id: school.yearCodeId, name: '2026A' },
    ]);
  });

  it('gives each class its size, GPA average and GPA bands as computed by hand', async () => {
    const { body } = await get('admin', urls().dataClasses);
    const row = body.classes.find((line: { id: string }) => line.id === school.classId);
    expect(row).toMatchObject({ students_count: 5, gpa_average: 2.5, gpa_bands: [1, 0, 1, 2] });
    expect(row.exams).toEqual([
      {
        lesson_id: school.examId,
        lesson_name: '期末',
        exam_name: { id: school.examNameId, name: '期末試験' },
      },
    ]);
  });

  it("drills into an exam's sub-scores per student", async () => {
    const { body } = await get('observer', urls().subScores);
    const names = new Map(body.scoreNames.map((row: { id: string; name: string }) => [row.id, row.name]));
    expect([...names.values()].sort()).toEqual(['加点', '実技', '筆記', '読解'].sort());
    const s4 = body.students.find((row: { id: string }) => row.id === studentIds[3]);
    const byName = Object.fromEntries(
      s4.points.map((row: { score_name_id: string; points: number | null }) => [
        names.get(row.score_name_id),
        row.points,
      ]),
    );
    expect(byName).toEqual({ 筆記: null, 実技: 10, 加点: null, 読解: 30 });
    expect(body.students).toHaveLength(5);
  });

  it("averages the exam's sub-scores per year code, entered points only", async () => {
    const { body } = await get('admin', urls().yearCodeSubScores);
    const names = new Map(body.scoreNames.map((row: { id: string; name: string }) => [row.id, row.name]));
    const [yearCode] = body.yearCodes;
    expect(yearCode.id).toBe(school.yearCodeId);
    const byName = Object.fromEntries(
      yearCode.averages.map((row: { score_name_id: string; average: number | null }) => [
        names.get(row.score_name_id),
        row.average,
      ]),
    );
    expect(byName).toEqual({ 筆記: 76.67, 実技: 33.33, 加点: 10, 読解: 30 });
  });

  it('opens on a subject the user sees', async () => {
    const { body } = await get('teacher', urls().defaultFilter);
    expect(body).toEqual({
      subjectId: school.subjectId,
      subjectNameId: school.subjectNameId,
      facultyId: school.facultyId,
      yearCodeId: school.yearCodeId,
      universityId: school.universityId,
    });
    const none = await get('teacher2', urls().defaultFilter);
    expect(none.body.subjectId).not.toBe(school.subjectId);
  });

  it('refuses a lesson with another exam name as not found', async () => {
    const response = await get('admin', `/api/report/sub-scores/${school.lessonId}/${school.examNameId}`);
    expect(response.status).toBe(404);
  });
});

describe('GPA in SQL', () => {
  const score = fc.record({
    points: fc.option(
      fc.integer({ min: 0, max: 10_000 }).map((value) => value / 100),
      { nil: null },
    ),
    full_score: fc.integer({ min: 1, max: 10_000 }).map((value) => value / 100),
    option_plus: fc.boolean(),
    parent_id: fc.option(fc.constant('00000000-0000-4000-8000-000000000001'), { nil: null }),
  });

  it('gives the GPA of domain computeGpa on any scores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(score, { maxLength: 8 }), async (generated) => {
        // Points within full score, as the database's check keeps them.
        const scores = generated.map((row) => ({
          ...row,
          points: row.points === null ? null : Math.min(row.points, row.full_score),
        }));
        const rows =
          scores.length === 0
            ? sql`(select null::text as subject_student_id, null::numeric as points, null::numeric as full_score,
                false as option_plus, null::uuid as parent_id where false)`
            : sql`(select 'e'::text as subject_student_id, v.points::numeric as points, v.full_score::numeric as full_score,
                v.option_plus::boolean as option_plus, v.parent_id::uuid as parent_id from (values ${sql.join(
                  scores.map(
                    (row) =>
                      sql`(${row.points === null ? null : String(row.points)}, ${String(row.full_score)}, ${row.option_plus}, ${row.parent_id})`,
                  ),
                  sql`, `,
                )}) v(points, full_score, option_plus, parent_id))`;
        const [row] = await queryRows(
          t.db,
          sql`select gpa from ${gpaOfScores(rows)} x`,
          z.object({ gpa: z.number() }),
        );
        expect(row?.gpa ?? null).toBe(computeGpa(scores));
      }),
      { numRuns: 150 },
    );
  });
});

describe('statistics', () => {
  const search = (who: Who, body: Record<string, unknown>) =>
    call(t.app, as(who), 'POST', '/api/statistic/search', body).then((response) => ({
      status: response.statusCode,
      body: response.json(),
    }));

  it('counts the students per faculty and year code on today, without those removed before it', async () => {
    const { status, body } = await search('admin', { university: school.universityId });
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      {
        university: { id: school.universityId, name: expect.any(String) },
        faculty: { id: school.facultyId, name: '学部' },
        year_code: { id: school.yearCodeId, name: '2026A' },
        count: 2,
      },
      {
        university: { id: school.universityId, name: expect.any(String) },
        faculty: null,
        year_code: null,
        count: 2,
      },
    ]);
    expect(body.total).toBe(4);
  });

  it('counts on a chosen day: the removed student before removal, nobody before enrolment', async () => {
    expect(
      (await search('observer', { university: school.universityId, date: '2026-04-10' })).body.total,
    ).toBe(5);
    expect(
      (await search('observer', { university: school.universityId, date: '2026-02-01' })).body.total,
    ).toBe(0);
  });

  it('shows a teacher the universities they work at only', async () => {
    expect((await search('teacher', { university: school.universityId })).body.total).toBe(4);
    expect((await search('teacher2', { university: school.universityId })).body.total).toBe(0);
  });

  it.each([
    [{ date: '2026-02-30' }, 'date'],
    [{ university: "1' or '1'='1" }, 'university'],
    [{ faculty: 12 }, 'faculty'],
    [{ yearCode: 'a\u0000b' }, 'yearCode'],
    [{ role: 2 }, 'role'],
  ])('refuses %j with a field error', async (body, field) => {
    const { status, body: answer } = await search('admin', body);
    expect(status).toBe(422);
    expect(Object.keys(answer.errors)).toContain(field);
  });
});

describe('who may read reports', () => {
  // Expected status per role and call: observers and admins read every report, a teacher those of the
  // subjects they work in (others are not found), super admins and students are refused.
  const matrix: Record<Who, number> = {
    observer: 200,
    admin: 200,
    teacher: 200,
    teacher2: 404,
    superAdmin: 403,
    student: 403,
  };
  const subjectCalls = ['filter', 'students', 'classes', 'subScores', 'yearCodeSubScores'] as const;
  const listCalls = [
    'subjectNames',
    'faculties',
    'yearCodes',
    'defaultFilter',
    'yearCodesOfName',
    'dataClasses',
  ] as const;

  it.each(Object.entries(matrix) as [Who, number][])(
    '%s reads subject reports with %i',
    async (who, expected) => {
      for (const key of subjectCalls) {
        expect({ key, status: (await get(who, urls()[key])).status }).toEqual({ key, status: expected });
      }
    },
  );

  it.each(Object.entries(matrix) as [Who, number][])('%s reads the cascade lists', async (who, expected) => {
    for (const key of listCalls) {
      const { status, body } = await get(who, urls()[key]);
      expect({ key, status }).toEqual({ key, status: expected === 404 ? 200 : expected });
      // A teacher working elsewhere gets lists without this subject.
      if (who === 'teacher2' && key === 'dataClasses') expect(body.classes).toEqual([]);
      if (who === 'teacher2' && key === 'subjectNames') expect(body.subjectNames).toEqual([]);
    }
  });

  it('refuses statistics to super admins and students', async () => {
    for (const who of ['superAdmin', 'student'] as const) {
      const response = await call(t.app, as(who), 'POST', '/api/statistic/search', {});
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('hostile input', () => {
  it.each([
    '/api/attendance/report/students/not-a-uuid',
    "/api/attendance/report/classes/1'%20or%201=1--",
    '/api/report/universities/%00/subject-name',
    '/api/report/data-classes/x/y/z',
    '/api/report/sub-scores/1/2',
  ])('answers 422 to %s', async (url) => {
    const response = await call(t.app, as('admin'), 'GET', url);
    expect(response.statusCode).toBe(422);
  });

  it('answers 404 to an unknown subject and changes nothing', async () => {
    const before = await t.db.select().from(attendances);
    const response = await get(
      'admin',
      '/api/attendance/report/students/00000000-0000-4000-8000-00000000abcd',
    );
    expect(response.status).toBe(404);
    expect(await t.db.select().from(attendances)).toHaveLength(before.length);
  });
});
