import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LessonType, PublishState } from '../../domain/lessons';
import { RequestOption, requestOptionMeaning, requestOptionNeeds } from '../../domain/requests';
import { type AccountRole, Role } from '../../domain/roles';
import { StickyType } from '../../domain/stickies';
import type { Database } from '../db/client';
import {
  classStudents,
  classTeachers,
  lessons,
  notifications,
  passkeys,
  requests,
  schedules,
  scoreNames,
  sessions,
  stickies,
  students,
  subjectClasses,
  subjectStudents,
  subjects,
  users,
  userUniversities,
} from '../db/schema';
import { nextSequence } from '../db/sequence';
import { createScoreClassFixture } from './achievement-fixture';
import { createTaughtSchool, type SchoolFixture } from './school-fixture';
import { buildTestApp, DEMO_ACCOUNTS, signIn } from './test-app';

/** Where a row of class work sits: a class of a subject, with one student sitting in it. */
export interface ClassPlace {
  subjectId: string;
  universityId: string;
  classId: string;
  lessonId: string;
  examId: string;
  classStudentId: string;
  subjectStudentId: string;
  studentId: string;
  /** The student's number, as an import sheet names them. */
  identity: string;
}

/**
 * The classes of the authorisation matrix (issue #23):
 * - `owned`: a class the demo teacher teaches, with the demo student sitting in it;
 * - `sameSubject`: another class of the same subject, taught by teacher2, with a student of its own;
 * - `otherSubject`: a class of another subject, taught by a fixture teacher;
 * - `mixed`: the owned class's student at a sitting of the `sameSubject` class (the hole of issue #23, 1).
 */
export interface MatrixSchool {
  owned: ClassPlace;
  sameSubject: ClassPlace;
  otherSubject: ClassPlace;
  /** The demo account ids by role name. */
  userIds: Record<keyof typeof DEMO_ACCOUNTS | 'teacher2', string>;
}

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function placeOf(
  db: Database,
  f: SchoolFixture,
  classStudentId: string,
  subjectStudentId: string,
  studentId: string,
): Promise<ClassPlace> {
  const [student] = await db.select().from(students).where(eq(students.id, studentId));
  if (!student) throw new Error('no student');
  return {
    identity: student.identity,
    subjectId: f.subjectId,
    universityId: f.universityId,
    classId: f.classId,
    lessonId: f.lessonId,
    examId: f.examId,
    classStudentId,
    subjectStudentId,
    studentId,
  };
}

export async function createMatrixSchool(db: Database): Promise<MatrixSchool> {
  const userIds = {
    observer: await userIdOf(db, DEMO_ACCOUNTS.observer),
    teacher: await userIdOf(db, DEMO_ACCOUNTS.teacher),
    admin: await userIdOf(db, DEMO_ACCOUNTS.admin),
    superAdmin: await userIdOf(db, DEMO_ACCOUNTS.superAdmin),
    student: await userIdOf(db, DEMO_ACCOUNTS.student),
    guardian: await userIdOf(db, DEMO_ACCOUNTS.guardian),
    teacher2: await userIdOf(db, 'teacher2@demo.test'),
  };
  const own = await createScoreClassFixture(db);
  const [demoStudent] = await db.select().from(students).where(eq(students.userId, userIds.student));
  const [ownSeat] = await db
    .select({ id: classStudents.id })
    .from(classStudents)
    .where(eq(classStudents.subjectStudentId, own.ownEnrolment));
  if (!demoStudent || !ownSeat) throw new Error('no demo student seat');

  // A second class of the same subject, taught by teacher2, where the fixture's other student sits.
  const partition = { subjectId: own.subjectId, universityId: own.universityId, seq: 1 };
  const [classB] = await db
    .insert(subjectClasses)
    .values({ ...partition, classNameId: own.otherClassNameId })
    .returning();
  if (!classB) throw new Error('no class B');
  await db.insert(classTeachers).values({ ...partition, classId: classB.id, teacherId: userIds.teacher2 });
  const [otherUser] = await db
    .insert(users)
    .values({
      email: `matrix-b-${classB.id}@fixture.test`,
      name: 'B',
      role: Role.student,
      passwordHash: 'x',
      seq: 1,
    })
    .returning();
  if (!otherUser) throw new Error('no user');
  const [otherStudent] = await db
    .insert(students)
    .values({ userId: otherUser.id, identity: `B-${classB.id}`, universityId: own.universityId, seq: 1 })
    .returning();
  if (!otherStudent) throw new Error('no student');
  const [enrolment] = await db
    .insert(subjectStudents)
    .values({ ...partition, studentId: otherStudent.id })
    .returning();
  if (!enrolment) throw new Error('no enrolment');
  const [seat] = await db
    .insert(classStudents)
    .values({ ...partition, classId: classB.id, studentId: otherStudent.id, subjectStudentId: enrolment.id })
    .returning();
  if (!seat) throw new Error('no seat');

  // The demo teacher works at the university of the classes they teach (SPEC §3 Teacher `university_ids`).
  await db
    .insert(userUniversities)
    .values({ userId: userIds.teacher, universityId: own.universityId, seq: 1 });

  const other = await createTaughtSchool(db);
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, other.examId));
  return {
    owned: await placeOf(db, own, ownSeat.id, own.ownEnrolment, demoStudent.id),
    sameSubject: { ...(await placeOf(db, own, seat.id, enrolment.id, otherStudent.id)), classId: classB.id },
    otherSubject: await placeOf(db, other, other.classStudentId, other.subjectStudentId, other.studentId),
    userIds,
  };
}

let sittingDay = 0;

/** A new sitting of a place's lesson in its class, so each attempt writes a row of its own. */
export async function freshSitting(db: Database, place: ClassPlace): Promise<string> {
  sittingDay += 1;
  const day = new Date(Date.UTC(2026, 3, 1) + sittingDay * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(schedules)
    .values({
      subjectId: place.subjectId,
      universityId: place.universityId,
      lessonId: place.lessonId,
      classId: place.classId,
      day,
      startTime: '09:00',
      endTime: '10:30',
      seq: 1,
    })
    .returning({ id: schedules.id });
  if (!row) throw new Error('no sitting');
  return row.id;
}

/**
 * A new score name (full 100) on a place's exam, so each attempt writes a score of its own; with `parentId`
 * a sub-score of that one.
 */
export async function freshScoreName(db: Database, place: ClassPlace, parentId?: string): Promise<string> {
  const [row] = await db
    .insert(scoreNames)
    .values({
      subjectId: place.subjectId,
      universityId: place.universityId,
      lessonId: place.examId,
      name: `点 ${Math.random().toString(36).slice(2, 8)}`,
      fullScore: 100,
      parentId: parentId ?? null,
      seq: 1,
    })
    .returning({ id: scoreNames.id });
  if (!row) throw new Error('no score name');
  return row.id;
}

/** An unread notification of a user. */
export async function freshNotification(db: Database, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [row] = await tx
      .insert(notifications)
      .values({ userId, message: 'notification_new_sticky', url: '/', seq })
      .returning({ id: notifications.id });
    if (!row) throw new Error('no notification');
    return row.id;
  });
}

/** An open card of a user about a place's class. */
export async function freshSticky(
  db: Database,
  userId: string,
  place: ClassPlace,
  type: StickyType = StickyType.memo,
): Promise<string> {
  return db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [row] = await tx
      .insert(stickies)
      .values({
        userId,
        type,
        subjectId: place.subjectId,
        universityId: place.universityId,
        classId: place.classId,
        content: '<p>本文</p>',
        seq,
      })
      .returning({ id: stickies.id });
    if (!row) throw new Error('no sticky');
    return row.id;
  });
}

/** Another session of a user, as a second device would hold. */
export async function freshSession(db: Database, userId: string): Promise<string> {
  const id = randomBytes(32).toString('hex');
  await db
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date('2030-01-01T00:00:00Z'), otpVerified: true });
  return id;
}

/** A passkey of the user (its key bytes are never checked by a removal). */
export async function freshPasskey(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: randomBytes(77).toString('base64url'),
      name: 'Matrix key',
      createdAt: new Date('2026-04-01T00:00:00Z'),
    })
    .returning({ id: passkeys.id });
  if (!row) throw new Error('passkey not inserted');
  return row.id;
}

/**
 * A pending request of a place's student about its class, of the type `option` stands for (an "other" one by
 * default); an attendance request names a new sitting of the class, a score request a new score name. `filedBy`:
 * the guardian who filed it for the student (issue 43), null when the student did.
 */
export async function freshRequest(
  db: Database,
  place: ClassPlace,
  option: RequestOption = RequestOption.other,
  filedBy: string | null = null,
): Promise<string> {
  const meaning = requestOptionMeaning(option);
  const needs = requestOptionNeeds(option);
  const scheduleId = needs.schedule ? await freshSitting(db, place) : null;
  const scoreNameId = needs.scoreName ? await freshScoreName(db, place) : null;
  return db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [row] = await tx
      .insert(requests)
      .values({
        subjectId: place.subjectId,
        universityId: place.universityId,
        studentId: place.studentId,
        classId: place.classId,
        type: meaning.type,
        option,
        attendanceKind: meaning.attendanceKind,
        confirmKind: meaning.confirmKind,
        scheduleId,
        scoreNameId,
        content: '相談があります',
        filedBy,
        seq,
      })
      .returning({ id: requests.id });
    if (!row) throw new Error('no request');
    return row.id;
  });
}

/** A new lesson (or exam) of a place's subject, with one sitting of the place's class on `day`. */
export async function freshLesson(
  db: Database,
  place: ClassPlace,
  kind: { type: LessonType; publish: PublishState },
  day = '2026-06-15',
): Promise<{ lessonId: string; scheduleId: string }> {
  const partition = { subjectId: place.subjectId, universityId: place.universityId, seq: 1 };
  const [exam] = await db
    .select({ examNameId: lessons.examNameId })
    .from(lessons)
    .where(eq(lessons.id, place.examId));
  const [lesson] = await db
    .insert(lessons)
    .values({
      ...partition,
      name: `行列 ${randomBytes(4).toString('hex')}`,
      type: kind.type,
      publish: kind.publish,
      examNameId: kind.type === LessonType.exam ? (exam?.examNameId ?? null) : null,
    })
    .returning({ id: lessons.id });
  if (!lesson) throw new Error('no lesson');
  const [sitting] = await db
    .insert(schedules)
    .values({
      ...partition,
      lessonId: lesson.id,
      classId: place.classId,
      day,
      startTime: '09:00',
      endTime: '10:30',
    })
    .returning({ id: schedules.id });
  if (!sitting) throw new Error('no sitting');
  return { lessonId: lesson.id, scheduleId: sitting.id };
}

/** A subject of its own, made like a place's (same name, university, class name), whose one class `teacherId` teaches. */
export interface FreshSubject {
  subjectId: string;
  classId: string;
  classNameId: string;
  /** The day of its one sitting (a Monday). */
  sittingDay: string;
}

/**
 * A new published subject like a place's, with one class taught by `teacherId` and one published lesson with
 * one sitting, and no records: what the subject writes (edit, copy, delete) may act on freely.
 */
export async function freshSubject(
  db: Database,
  place: ClassPlace,
  teacherId: string,
  universityId?: string,
): Promise<FreshSubject & { universityId: string }> {
  const [source] = await db.select().from(subjects).where(eq(subjects.id, place.subjectId));
  const [sourceClass] = await db.select().from(subjectClasses).where(eq(subjectClasses.id, place.classId));
  if (!source || !sourceClass) throw new Error('no source subject');
  const [subject] = await db
    .insert(subjects)
    .values({
      subjectNameId: source.subjectNameId,
      universityId: universityId ?? source.universityId,
      facultyId: source.facultyId,
      yearCodeId: source.yearCodeId,
      startDate: source.startDate,
      endDate: source.endDate,
      seq: 1,
    })
    .returning({ id: subjects.id });
  if (!subject) throw new Error('no subject');
  const partition = { subjectId: subject.id, universityId: universityId ?? source.universityId, seq: 1 };
  const [subjectClass] = await db
    .insert(subjectClasses)
    .values({ ...partition, classNameId: sourceClass.classNameId })
    .returning({ id: subjectClasses.id });
  if (!subjectClass) throw new Error('no class');
  await db.insert(classTeachers).values({ ...partition, classId: subjectClass.id, teacherId });
  const sittingDay = '2026-05-04';
  await freshLesson(
    db,
    { ...place, ...partition, classId: subjectClass.id },
    { type: LessonType.lesson, publish: PublishState.published },
    sittingDay,
  );
  return {
    subjectId: subject.id,
    universityId: partition.universityId,
    classId: subjectClass.id,
    classNameId: sourceClass.classNameId,
    sittingDay,
  };
}

/** A new student at a university, seated in `seat`'s class (enrolled in its subject) when given. */
export async function freshStudent(db: Database, universityId: string, seat?: ClassPlace): Promise<string> {
  const tag = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: `matrix-${tag}@fixture.test`,
      name: `学生 ${tag}`,
      role: Role.student,
      passwordHash: 'x',
      seq: 1,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const [student] = await db
    .insert(students)
    .values({ userId: user.id, identity: `M-${tag}`, universityId, seq: 1 })
    .returning({ id: students.id });
  if (!student) throw new Error('no student');
  if (seat) await seatInClass(db, student.id, seat);
  return student.id;
}

/** Enrols a student in a class's subject and seats them in the class. */
export async function seatInClass(
  db: Database,
  studentId: string,
  seat: Pick<ClassPlace, 'subjectId' | 'universityId' | 'classId'>,
): Promise<void> {
  const partition = { subjectId: seat.subjectId, universityId: seat.universityId, seq: 1 };
  const [enrolment] = await db
    .insert(subjectStudents)
    .values({ ...partition, studentId })
    .returning({ id: subjectStudents.id });
  if (!enrolment) throw new Error('no enrolment');
  await db
    .insert(classStudents)
    .values({ ...partition, classId: seat.classId, studentId, subjectStudentId: enrolment.id });
}

/** A new staff account of a role (teacher, observer, admin), working at `universityId`. */
export async function freshStaff(db: Database, role: AccountRole, universityId: string): Promise<string> {
  const tag = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({ email: `staff-${tag}@fixture.test`, name: `職員 ${tag}`, role, passwordHash: 'x', seq: 1 })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await db.insert(userUniversities).values({ userId: user.id, universityId, seq: 1 });
  return user.id;
}

/**
 * A test app holding the matrix school, with the demo teacher, admin, student and observer signed in: the
 * set-up of an area's tests that check each role on owned and foreign rows.
 */
export async function matrixSchoolApp() {
  const t = await buildTestApp();
  const school = await createMatrixSchool(t.db);
  const teacher = await signIn(t.app, DEMO_ACCOUNTS.teacher);
  const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
  const student = await signIn(t.app, DEMO_ACCOUNTS.student);
  const observer = await signIn(t.app, DEMO_ACCOUNTS.observer);
  return { t, school, teacher, admin, student, observer };
}
