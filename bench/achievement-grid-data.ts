import { eq } from 'drizzle-orm';
import { Role } from '../domain/roles';
import { achievementId, naturalId } from '../domain/sync-ids';
import type { Database } from '../server/db/client';
import {
  achievements,
  classNames,
  classStudents,
  classTeachers,
  scoreNames,
  students,
  subjectClasses,
  subjectNames,
  subjectStudents,
  subjects,
  universities,
  users,
} from '../server/db/schema';
import { nextSequence } from '../server/db/sequence';

/** The grid the benchmark measures: SPEC §5's import limits, the largest sheet a teacher types into. */
export const BENCH_GRID = { students: 50, scoreNames: 30, enteredScoreNames: 20 } as const;

const id = (...parts: string[]) => naturalId('bench-grid', ...parts);

/**
 * Adds one subject of 50 students × 30 score names to a demo database, taught by `teacherEmail`: the same
 * rows (ids derived from fixed keys, points from their position) on every run. The first 20 score names are
 * entered for everybody; the last 10 are empty, for the taps. Returns the class id.
 */
export async function insertBenchSubject(db: Database, teacherEmail: string): Promise<string> {
  return db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    const [teacher] = await tx.select().from(users).where(eq(users.email, teacherEmail));
    const [university] = await tx.select().from(universities).limit(1);
    const [subjectName] = await tx.select().from(subjectNames).limit(1);
    if (!teacher || !university || !subjectName) throw new Error('bench: the demo master data is missing');
    const [className] = await tx
      .select()
      .from(classNames)
      .where(eq(classNames.universityId, university.id))
      .limit(1);
    if (!className) throw new Error('bench: no class name in the demo university');
    const subjectId = id('subject');
    const classId = id('class');
    const partition = { subjectId, universityId: university.id, seq };
    await tx.insert(subjects).values({
      id: subjectId,
      subjectNameId: subjectName.id,
      universityId: university.id,
      startDate: '2026-04-01',
      endDate: '2026-09-30',
      formula: 'S01 * 0.5 + S02 * 0.5',
      seq,
    });
    await tx.insert(subjectClasses).values({ id: classId, ...partition, classNameId: className.id });
    await tx
      .insert(classTeachers)
      .values({ id: id('teacher'), ...partition, classId, teacherId: teacher.id });
    const names = Array.from({ length: BENCH_GRID.scoreNames }, (_, index) => ({
      id: id('score-name', String(index)),
      ...partition,
      name: `S${String(index + 1).padStart(2, '0')}`,
      fullScore: 100,
      position: index,
    }));
    await tx.insert(scoreNames).values(names);
    for (let index = 0; index < BENCH_GRID.students; index++) {
      const key = String(index + 1).padStart(3, '0');
      const userId = id('user', key);
      const studentId = id('student', key);
      const subjectStudentId = id('subject-student', key);
      await tx.insert(users).values({
        id: userId,
        email: `bench-student-${key}@demo.test`,
        name: `ベンチ 学生${key}`,
        role: Role.student,
        passwordHash: 'bench-no-sign-in',
        seq,
      });
      await tx.insert(students).values({
        id: studentId,
        userId,
        identity: `B-${key}`,
        universityId: university.id,
        seq,
      });
      await tx.insert(subjectStudents).values({ id: subjectStudentId, ...partition, studentId });
      await tx
        .insert(classStudents)
        .values({ id: id('class-student', key), ...partition, classId, studentId, subjectStudentId });
      await tx.insert(achievements).values(
        names.slice(0, BENCH_GRID.enteredScoreNames).map((scoreName, column) => ({
          id: achievementId(subjectStudentId, scoreName.id),
          ...partition,
          subjectStudentId,
          studentId,
          scoreNameId: scoreName.id,
          fullScore: 100,
          points: (index * 7 + column * 3) % 101,
        })),
      );
    }
    return classId;
  });
}
