import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Role } from '../../../domain/roles';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import type { SyncActor } from '../engine';

const idRow = z.object({ id: z.string() });

/**
 * The teachers in charge of the class a class student sits in (`class_student_id`), or of the class the
 * enrolment's student sits in (`subject_student_id`): the people `mayEditClassWork` lets write their rows.
 */
export async function classTeacherIds(
  db: Executor,
  key: { classStudentId: string } | { subjectStudentId: string },
): Promise<string[] | null> {
  const where =
    'classStudentId' in key
      ? sql`cs.id = ${key.classStudentId}`
      : sql`cs.subject_student_id = ${key.subjectStudentId} and not cs.deleted`;
  const found = await queryRows(
    db,
    sql`select cs.id::text as id from class_students cs where ${where}`,
    idRow,
  );
  if (found.length === 0) return null;
  const rows = await queryRows(
    db,
    sql`select ct.teacher_id::text as id from class_students cs
        join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted where ${where}`,
    idRow,
  );
  return rows.map((row) => row.id);
}

/**
 * The SQL condition "the signed-in user may see rows of this class student / student": admins everything;
 * a teacher the rows of students in classes they teach; a student their own rows.
 */
export function classWorkScope(
  actor: SyncActor,
  columns: { classStudentId: SQL } | { subjectStudentId: SQL },
  studentId: SQL,
): SQL {
  if (actor.role === Role.admin) return sql`true`;
  if (actor.role === Role.student) {
    return sql`${studentId} in (select s.id from students s where s.user_id = ${actor.id})`;
  }
  if (actor.role !== Role.teacher) return sql`false`;
  const match =
    'classStudentId' in columns
      ? sql`cs.id = ${columns.classStudentId}`
      : sql`cs.subject_student_id = ${columns.subjectStudentId}`;
  return sql`exists (select 1 from class_students cs
    join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted
    where ${match} and ct.teacher_id = ${actor.id})`;
}

/** Who hears of a change to rows of these students: their class teachers, the students, and every admin. */
export async function classWorkAudience(
  db: Executor,
  rows: readonly { studentId: string; classTeacherIds: readonly string[] }[],
): Promise<string[]> {
  const studentIds = [...new Set(rows.map((row) => row.studentId))];
  const studentUsers =
    studentIds.length === 0
      ? []
      : await queryRows(
          db,
          sql`select s.user_id::text as id from students s where s.id in (${sql.join(
            studentIds.map((studentId) => sql`${studentId}`),
            sql`, `,
          )})`,
          idRow,
        );
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [Role.admin]));
  return [
    ...new Set([
      ...rows.flatMap((row) => row.classTeacherIds),
      ...studentUsers.map((row) => row.id),
      ...admins.map((row) => row.id),
    ]),
  ];
}
