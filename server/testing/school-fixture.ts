import { eq } from 'drizzle-orm';
import { AttendanceStatus } from '../../domain/attendance';
import { Role } from '../../domain/roles';
import type { AttendanceDoc } from '../../domain/sync-docs';
import { attendanceId } from '../../domain/sync-ids';
import type { Executor } from '../db/client';
import {
  classNames,
  classStudents,
  classTeachers,
  examNames,
  faculties,
  lessons,
  rooms,
  schedules,
  scoreNames,
  students,
  subjectClasses,
  subjectNames,
  subjectStudents,
  subjects,
  universities,
  users,
  yearCodes,
} from '../db/schema';
import type { SyncActor } from '../sync/engine';

/** The ids of a minimal school: one of everything a subject needs, with one teacher and one enrolled student. */
export interface SchoolFixture {
  universityId: string;
  otherUniversityId: string;
  facultyId: string;
  yearCodeId: string;
  classNameId: string;
  otherClassNameId: string;
  subjectNameId: string;
  examNameId: string;
  roomId: string;
  teacherId: string;
  studentUserId: string;
  studentId: string;
  subjectId: string;
  otherSubjectId: string;
  classId: string;
  lessonId: string;
  examId: string;
  scheduleId: string;
  subjectStudentId: string;
  classStudentId: string;
  scoreNameId: string;
}

let fixtureCount = 0;

function one<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('fixture: insert returned no row');
  return row;
}

/**
 * Inserts a minimal school for tests that need rows to hang others on. Every call makes new rows with unique
 * names and emails, so one database can hold several. `seq` is 1 throughout: tests of constraints do not
 * pull.
 */
export async function createSchoolFixture(db: Executor): Promise<SchoolFixture> {
  fixtureCount += 1;
  const tag = String(fixtureCount);
  const seq = 1;
  const university = one(
    await db
      .insert(universities)
      .values({ name: `大学 ${tag}`, seq })
      .returning(),
  );
  const other = one(
    await db
      .insert(universities)
      .values({ name: `他大学 ${tag}`, seq })
      .returning(),
  );
  const faculty = one(
    await db.insert(faculties).values({ name: '学部', universityId: university.id, seq }).returning(),
  );
  const yearCode = one(
    await db
      .insert(yearCodes)
      .values({ name: '2026A', color: '#e53935', universityId: university.id, seq })
      .returning(),
  );
  const [className, otherClassName] = await db
    .insert(classNames)
    .values([
      { name: 'A組', universityId: university.id, seq },
      { name: 'B組', universityId: university.id, seq },
    ])
    .returning();
  if (!className || !otherClassName) throw new Error('fixture: class names not inserted');
  const subjectName = one(
    await db
      .insert(subjectNames)
      .values({ name: `科目 ${tag}`, seq })
      .returning(),
  );
  const examName = one(
    await db.insert(examNames).values({ name: '期末試験', subjectNameId: subjectName.id, seq }).returning(),
  );
  const room = one(
    await db.insert(rooms).values({ name: '101', universityId: university.id, seq }).returning(),
  );
  const teacher = one(
    await db
      .insert(users)
      .values({
        email: `teacher-${tag}@fixture.test`,
        name: '先生',
        role: Role.teacher,
        passwordHash: 'x',
        seq,
      })
      .returning(),
  );
  const studentUser = one(
    await db
      .insert(users)
      .values({
        email: `student-${tag}@fixture.test`,
        name: '学生',
        role: Role.student,
        passwordHash: 'x',
        seq,
      })
      .returning(),
  );
  const student = one(
    await db
      .insert(students)
      .values({ userId: studentUser.id, identity: `S-${tag}`, universityId: university.id, seq })
      .returning(),
  );
  const subjectRow = {
    subjectNameId: subjectName.id,
    universityId: university.id,
    facultyId: faculty.id,
    yearCodeId: yearCode.id,
    startDate: '2026-04-01',
    endDate: '2026-09-30',
    seq,
  };
  const subject = one(await db.insert(subjects).values(subjectRow).returning());
  const otherSubject = one(await db.insert(subjects).values(subjectRow).returning());
  const partition = { subjectId: subject.id, universityId: university.id, seq };
  const subjectClass = one(
    await db
      .insert(subjectClasses)
      .values({ ...partition, classNameId: className.id })
      .returning(),
  );
  const lesson = one(
    await db
      .insert(lessons)
      .values({ ...partition, name: '第1回', type: 0 })
      .returning(),
  );
  const exam = one(
    await db
      .insert(lessons)
      .values({ ...partition, name: '期末', type: 1, examNameId: examName.id })
      .returning(),
  );
  const schedule = one(
    await db
      .insert(schedules)
      .values({
        ...partition,
        lessonId: lesson.id,
        classId: subjectClass.id,
        day: '2026-04-10',
        startTime: '09:00',
        endTime: '10:30',
        roomId: room.id,
      })
      .returning(),
  );
  const subjectStudent = one(
    await db
      .insert(subjectStudents)
      .values({ ...partition, studentId: student.id })
      .returning(),
  );
  const classStudent = one(
    await db
      .insert(classStudents)
      .values({
        ...partition,
        classId: subjectClass.id,
        studentId: student.id,
        subjectStudentId: subjectStudent.id,
      })
      .returning(),
  );
  const scoreName = one(
    await db
      .insert(scoreNames)
      .values({ ...partition, lessonId: exam.id, name: '筆記', fullScore: 100 })
      .returning(),
  );
  return {
    universityId: university.id,
    otherUniversityId: other.id,
    facultyId: faculty.id,
    yearCodeId: yearCode.id,
    classNameId: className.id,
    otherClassNameId: otherClassName.id,
    subjectNameId: subjectName.id,
    examNameId: examName.id,
    roomId: room.id,
    teacherId: teacher.id,
    studentUserId: studentUser.id,
    studentId: student.id,
    subjectId: subject.id,
    otherSubjectId: otherSubject.id,
    classId: subjectClass.id,
    lessonId: lesson.id,
    examId: exam.id,
    scheduleId: schedule.id,
    subjectStudentId: subjectStudent.id,
    classStudentId: classStudent.id,
    scoreNameId: scoreName.id,
  };
}

/** Puts a fixture's teacher in charge of its class. */
export async function assignFixtureTeacher(db: Executor, fixture: SchoolFixture): Promise<void> {
  await db.insert(classTeachers).values({
    subjectId: fixture.subjectId,
    universityId: fixture.universityId,
    classId: fixture.classId,
    teacherId: fixture.teacherId,
    seq: 1,
  });
}

/** A minimal school whose teacher is in charge of its class. */
export async function createTaughtSchool(db: Executor): Promise<SchoolFixture> {
  const fixture = await createSchoolFixture(db);
  await assignFixtureTeacher(db, fixture);
  return fixture;
}

/** Two minimal schools, each with its teacher in charge of its class: the setup of the sync scope tests. */
export async function createTaughtSchools(db: Executor): Promise<[SchoolFixture, SchoolFixture]> {
  return [await createTaughtSchool(db), await createTaughtSchool(db)];
}

/** The demo school's admin as a sync actor. */
export async function demoAdminActor(db: Executor): Promise<SyncActor> {
  const [adminRow] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  if (!adminRow) throw new Error('no demo admin');
  return { id: adminRow.id, role: Role.admin };
}

/** The users the sync scope tests act as: the demo admin, and each school's teacher and student. */
export async function schoolActors(
  db: Executor,
  [school, otherSchool]: readonly [SchoolFixture, SchoolFixture],
) {
  return {
    admin: await demoAdminActor(db),
    teacher: { id: school.teacherId, role: Role.teacher },
    otherTeacher: { id: otherSchool.teacherId, role: Role.teacher },
    student: { id: school.studentUserId, role: Role.student },
    otherStudent: { id: otherSchool.studentUserId, role: Role.student },
  } satisfies Record<string, SyncActor>;
}

/** The attendance mark of a fixture's student at its schedule: present unless `patch` says otherwise. */
export function markOf(fixture: SchoolFixture, patch: Partial<AttendanceDoc> = {}): AttendanceDoc {
  return {
    id: attendanceId(fixture.classStudentId, fixture.scheduleId),
    subjectId: fixture.subjectId,
    universityId: fixture.universityId,
    classStudentId: fixture.classStudentId,
    studentId: fixture.studentId,
    scheduleId: fixture.scheduleId,
    status: AttendanceStatus.present,
    lateMinutes: null,
    absenceReasons: null,
    comment: null,
    updatedAt: 0,
    _deleted: false,
    ...patch,
  };
}
