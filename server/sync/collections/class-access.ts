import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Role } from '../../../domain/roles';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import { memoInPush, type SyncActor, type SyncWriteContext } from '../engine';

const idRow = z.object({ id: z.string() });
const teacherRow = z.object({ teacher_id: z.string().nullable() });

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
  const rows = await queryRows(
    db,
    sql`select ct.teacher_id::text as teacher_id from class_students cs
        left join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted where ${where}`,
    teacherRow,
  );
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.teacher_id ? [row.teacher_id] : []));
}

/** `classTeacherIds` asked once per push and class student: a batch of one class's rows shares the answer. */
export function classTeacherIdsInPush(
  ctx: SyncWriteContext,
  key: { classStudentId: string } | { subjectStudentId: string },
): Promise<string[] | null> {
  const name =
    'classStudentId' in key ? `class-student:${key.classStudentId}` : `enrolment:${key.subjectStudentId}`;
  return memoInPush(ctx, `class-teachers:${name}`, () => classTeacherIds(ctx.tx, key));
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

/**
 * The version of a user's class scope, for `SyncCollectionDef.scopeVersion`: the count and the sum of the
 * sequences of the rows that decide it. A teacher's scope rests on their class assignments and the
 * enrolments of those classes; a student's on their own enrolments. Every write stamps a new, larger
 * sequence (a soft delete too), so any change moves the sum, even one committed late with a smaller
 * sequence than rows already counted. Admins see everything and observers nothing here: constant.
 */
export function classScopeVersion(actor: SyncActor): SQL {
  const fingerprint = (rows: SQL) =>
    sql`select count(*)::text || '.' || coalesce(sum(x.seq), 0)::text as version from (${rows}) as x`;
  if (actor.role === Role.teacher) {
    return fingerprint(sql`select ct.seq from class_teachers ct where ct.teacher_id = ${actor.id}
      union all
      select cs.seq from class_students cs
      where cs.class_id in (select ct.class_id from class_teachers ct where ct.teacher_id = ${actor.id})`);
  }
  if (actor.role === Role.student) {
    const mine = sql`(select s.id from students s where s.user_id = ${actor.id})`;
    return fingerprint(sql`select ss.seq from subject_students ss where ss.student_id in ${mine}
      union all
      select cs.seq from class_students cs where cs.student_id in ${mine}`);
  }
  return sql`select '' as version`;
}

/** A changed row of class work, by the key that places its student in a class. */
export type ClassWorkRow = { studentId: string } & (
  | { classStudentId: string }
  | { subjectStudentId: string }
);

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Who hears of a change to these rows: the teachers of the students' classes, the students, and every
 * admin. Three queries for the whole push, whatever its size.
 */
export async function classWorkAudience(db: Executor, rows: readonly ClassWorkRow[]): Promise<string[]> {
  const classStudentIds = [
    ...new Set(rows.flatMap((row) => ('classStudentId' in row ? [row.classStudentId] : []))),
  ];
  const subjectStudentIds = [
    ...new Set(rows.flatMap((row) => ('subjectStudentId' in row ? [row.subjectStudentId] : []))),
  ];
  const studentIds = [...new Set(rows.map((row) => row.studentId))];
  const placements = [
    ...(classStudentIds.length > 0 ? [sql`cs.id in (${inList(classStudentIds)})`] : []),
    ...(subjectStudentIds.length > 0
      ? [sql`(cs.subject_student_id in (${inList(subjectStudentIds)}) and not cs.deleted)`]
      : []),
  ];
  const teachers =
    placements.length === 0
      ? []
      : await queryRows(
          db,
          sql`select distinct ct.teacher_id::text as id from class_students cs
              join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted
              where ${sql.join(placements, sql` or `)}`,
          idRow,
        );
  const studentUsers =
    studentIds.length === 0
      ? []
      : await queryRows(
          db,
          sql`select s.user_id::text as id from students s where s.id in (${inList(studentIds)})`,
          idRow,
        );
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [Role.admin]));
  return [...new Set([...teachers, ...studentUsers, ...admins].map((row) => row.id))];
}
