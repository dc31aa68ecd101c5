import { eq } from 'drizzle-orm';
import { HighlightCompare, HighlightCondition, HighlightType } from '../../domain/highlights';
import { PublishState } from '../../domain/lessons';
import type { Database } from '../db/client';
import {
  classStudents,
  classTeachers,
  highlights,
  lessons,
  scoreNames,
  students,
  subjectStudents,
  subjects,
  users,
} from '../db/schema';
import { createSchoolFixture, type SchoolFixture } from './school-fixture';

/** A school fixture set up for score entry, with the ids the achievement tests use. */
export interface ScoreClassFixture extends SchoolFixture {
  /** The demo student's (student@demo.test) enrolment in the fixture subject, sitting in its class. */
  ownEnrolment: string;
  /** Score name レポート (full 20) with two sub-scores R1 and R2 (full 10 each). */
  parentId: string;
  partOneId: string;
  partTwoId: string;
}

async function userId(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * The school fixture with the demo teacher in charge of its class, the demo student enrolled in it beside
 * the fixture student, a score name with two sub-scores, the formula `筆記 + レポート` and a total-score
 * highlight "GPA less than 2".
 */
export async function createScoreClassFixture(db: Database): Promise<ScoreClassFixture> {
  const f = await createSchoolFixture(db);
  // Scores are entered on a published exam: drafts stay off the achievement screens (issue #17).
  await db.update(lessons).set({ publish: PublishState.published }).where(eq(lessons.id, f.examId));
  const partition = { subjectId: f.subjectId, universityId: f.universityId, seq: 1 };
  await db
    .insert(classTeachers)
    .values({ ...partition, classId: f.classId, teacherId: await userId(db, 'teacher@demo.test') });
  const [demoStudent] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await userId(db, 'student@demo.test')));
  if (!demoStudent) throw new Error('no demo student row');
  const [enrolment] = await db
    .insert(subjectStudents)
    .values({ ...partition, studentId: demoStudent.id })
    .returning();
  if (!enrolment) throw new Error('no enrolment');
  await db.insert(classStudents).values({
    ...partition,
    classId: f.classId,
    studentId: demoStudent.id,
    subjectStudentId: enrolment.id,
  });
  const [parent] = await db
    .insert(scoreNames)
    .values({ ...partition, name: 'レポート', fullScore: 20, position: 1 })
    .returning();
  if (!parent) throw new Error('no parent score name');
  const [partOne, partTwo] = await db
    .insert(scoreNames)
    .values([
      { ...partition, name: 'R1', fullScore: 10, parentId: parent.id, position: 0 },
      { ...partition, name: 'R2', fullScore: 10, parentId: parent.id, position: 1 },
    ])
    .returning();
  if (!partOne || !partTwo) throw new Error('no sub-scores');
  await db.update(subjects).set({ formula: '筆記 + レポート' }).where(eq(subjects.id, f.subjectId));
  await db.insert(highlights).values({
    ...partition,
    type: HighlightType.achievement,
    conditionType: HighlightCondition.gpa,
    compareType: HighlightCompare.lessThan,
    value: 2,
    messageToStudent: 'もう少し頑張りましょう',
  });
  return {
    ...f,
    ownEnrolment: enrolment.id,
    parentId: parent.id,
    partOneId: partOne.id,
    partTwoId: partTwo.id,
  };
}
