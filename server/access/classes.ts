import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayEditClassWork } from '../../domain/permissions';
import { Role } from '../../domain/roles';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';
import { users } from '../db/schema';
import { forbidden } from '../http-error';
import type { Actor } from './actor';
import { ownOrWardStudentIds } from './own-students';

// The one place that reads class and schedule assignments (`class_teachers`, `schedule_teachers`) to decide
// who teaches what: modules, sync collections and dashboard rules take these pieces instead of writing the
// join again.

const idRow = z.object({ id: z.string() });
const teacherRow = z.object({ teacher_id: z.string().nullable() });

/**
 * The live class assignments as a relation with `class_id`, `subject_id`, `teacher_id` and `created_at`
 * (when the teacher was put in charge), for queries that start from the assignments themselves.
 */
export const liveClassAssignments: SQL = sql`(select ct.class_id, ct.subject_id, ct.teacher_id, ct.created_at
  from class_teachers ct where not ct.deleted)`;

/** The teachers in charge of a class, as a `text[]` expression (empty when none). */
export function teacherIdArrayOfClass(classId: SQL): SQL {
  return sql`coalesce(array(select ct.teacher_id::text from class_teachers ct
    where ct.class_id = ${classId} and not ct.deleted), '{}')`;
}

/**
 * A class's teachers as a `text[]` and the sequence that changes with them, joined laterally as `alias`
 * (`alias.ids`, `alias.seq`): a replicated class row changes when its teachers do.
 */
export function teachersOfClassLateral(classId: SQL, alias: string): SQL {
  return sql`left join lateral (select array_agg(ct.teacher_id::text order by ct.teacher_id)
    filter (where not ct.deleted) as ids, max(ct.seq) as seq from class_teachers ct
    where ct.class_id = ${classId}) ${sql.identifier(alias)} on true`;
}

/**
 * The teachers named on a schedule as a `text[]` and the sequence that changes with them, joined laterally
 * as `alias` (`alias.ids`, `alias.seq`): a replicated schedule row changes when its teachers do.
 */
export function teachersOfScheduleLateral(scheduleId: SQL, alias: string): SQL {
  return sql`left join lateral (select array_agg(x.teacher_id::text order by x.teacher_id)
    filter (where not x.deleted) as ids, max(x.seq) as seq from schedule_teachers x
    where x.schedule_id = ${scheduleId}) ${sql.identifier(alias)} on true`;
}

/**
 * The teachers of a schedule: those named on the schedule and those in charge of its class. `alias` is the
 * schedules alias of the outer query.
 */
export function teachersOfSchedule(alias: string): SQL {
  const s = sql.raw(alias);
  return sql`(select st.teacher_id from schedule_teachers st where st.schedule_id = ${s}.id and not st.deleted
    union select ct.teacher_id from class_teachers ct where ct.class_id = ${s}.class_id and not ct.deleted)`;
}

/** The subjects in which a teacher is in charge of a class, as a subquery of `subject_id`. */
export function subjectsOfClassesTaughtBy(teacherId: SQL | string): SQL {
  return sql`(select ct.subject_id from class_teachers ct where ct.teacher_id = ${teacherId} and not ct.deleted)`;
}

/** The condition "this teacher is in charge of this class". */
export function teachesClass(teacherId: SQL | string, classId: SQL): SQL {
  return sql`exists (select 1 from class_teachers ct where ct.class_id = ${classId} and not ct.deleted
    and ct.teacher_id = ${teacherId})`;
}

/** The condition "this teacher teaches this sitting": named on it, or in charge of its class. */
export function teachesSitting(teacherId: SQL | string, scheduleId: SQL): SQL {
  return sql`(exists (select 1 from schedule_teachers st where st.schedule_id = ${scheduleId} and not st.deleted
      and st.teacher_id = ${teacherId})
    or exists (select 1 from schedules ts join class_teachers ct on ct.class_id = ts.class_id and not ct.deleted
      where ts.id = ${scheduleId} and ct.teacher_id = ${teacherId}))`;
}

/**
 * The condition "this teacher handles a row of this class, or of any class of this subject when the row
 * names no class" (a request).
 */
export function teachesClassOrSubject(teacherId: SQL | string, classId: SQL, subjectId: SQL): SQL {
  return sql`exists (select 1 from class_teachers ct where not ct.deleted and ct.teacher_id = ${teacherId}
    and (ct.class_id = ${classId} or (${classId} is null and ct.subject_id = ${subjectId})))`;
}

/** The teachers of a class, or of every class of the subject when there is no class (a request's handlers). */
export async function teacherIdsOfClassOrSubject(
  db: Executor,
  place: { classId: string | null; subjectId: string },
): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select distinct ct.teacher_id::text as id from class_teachers ct where not ct.deleted
        and ${place.classId === null ? sql`ct.subject_id = ${place.subjectId}` : sql`ct.class_id = ${place.classId}`}`,
    idRow,
  );
  return rows.map((row) => row.id);
}

/** The condition "this teacher is in charge of a class this student sits in". */
export function teachesStudent(teacherId: SQL | string, studentId: SQL): SQL {
  return sql`exists (select 1 from class_students cs
    join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted
    where cs.student_id = ${studentId} and not cs.deleted and ct.teacher_id = ${teacherId})`;
}

/** The students sitting in a class the teacher is in charge of, as a subquery of student `id` (`teachesStudent`). */
export function taughtStudentIds(teacherId: SQL | string): SQL {
  return sql`(select cs.student_id from class_students cs
    join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted
    where not cs.deleted and ct.teacher_id = ${teacherId})`;
}

/** The ids of the teachers in charge of a class. */
export async function teacherIdsOfClass(db: Executor, classId: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select teacher_id::text as id from class_teachers where class_id = ${classId} and not deleted`,
    idRow,
  );
  return rows.map((row) => row.id);
}

/** Answers 403 unless the actor may write the class's work (SPEC §6: admins, and teachers their classes). */
export async function requireClassWork(db: Executor, actor: Actor, classId: string): Promise<void> {
  if (!mayEditClassWork(actor, await teacherIdsOfClass(db, classId))) throw forbidden();
}

const classTeacherRow = z.object({ class_id: z.string(), teacher_id: z.string() });

/**
 * Answers 403 unless the actor may write the work of every one of these classes (`requireClassWork` for a
 * set, in one query): a lesson write that adds, moves or removes sittings of several classes.
 */
export async function requireClassesWork(
  db: Executor,
  actor: Actor,
  classIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(classIds)];
  if (ids.length === 0) return;
  const rows = await queryRows(
    db,
    sql`select class_id::text as class_id, teacher_id::text as teacher_id from class_teachers
        where not deleted and class_id in (${inList(ids)})`,
    classTeacherRow,
  );
  const teachersOf = (classId: string) =>
    rows.filter((row) => row.class_id === classId).map((row) => row.teacher_id);
  if (!ids.every((classId) => mayEditClassWork(actor, teachersOf(classId)))) throw forbidden();
}

/** Where a row of class work sits: by its class student, or by the enrolment placed in a class. */
export type ClassWorkKey = { classStudentId: string } | { subjectStudentId: string };

/**
 * The teachers in charge of the class a class student sits in (`classStudentId`), or of the class the
 * enrolment's student sits in (`subjectStudentId`): the people `mayEditClassWork` lets write their rows.
 * Null when no such class student exists.
 */
export async function classTeacherIds(db: Executor, key: ClassWorkKey): Promise<string[] | null> {
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

/** What a push's rows share: its transaction and the answers it has already had (see `askedOnce`). */
type PushReads = { tx: Executor; memo: Map<string, Promise<unknown>> };

/**
 * `read()` once per push (`memo`) and key: a batch of one class's rows shares the answer, which cannot change
 * while the push's transaction runs.
 */
function askedOnce<T>(memo: PushReads['memo'], key: string, read: () => Promise<T>): Promise<T> {
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  const answer = read();
  memo.set(key, answer);
  return answer;
}

/** `classTeacherIds` asked once per push and key. */
export function classTeacherIdsOnce(ctx: PushReads, key: ClassWorkKey): Promise<string[] | null> {
  const name =
    'classStudentId' in key ? `class-student:${key.classStudentId}` : `enrolment:${key.subjectStudentId}`;
  return askedOnce(ctx.memo, `class-teachers:${name}`, () => classTeacherIds(ctx.tx, key));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const classStudentTeacherRow = z.object({ class_student_id: z.string(), teacher_id: z.string().nullable() });

/**
 * `classTeacherIdsOnce` of many class students, asked in one query and kept in the push's memo under the
 * same keys, so the row-by-row asks that follow find their answers (a grouped push's prefetch). Ids that are
 * no UUID are left to the row-by-row ask, which refuses them as it always has.
 */
export async function prefetchClassTeacherIds(
  ctx: PushReads,
  classStudentIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(classStudentIds)].filter(
    (id) => UUID.test(id) && !ctx.memo.has(`class-teachers:class-student:${id}`),
  );
  if (ids.length === 0) return;
  const answer = queryRows(
    ctx.tx,
    sql`select cs.id::text as class_student_id, ct.teacher_id::text as teacher_id from class_students cs
        left join class_teachers ct on ct.class_id = cs.class_id and not ct.deleted
        where cs.id in (${inList(ids)})`,
    classStudentTeacherRow,
  );
  for (const id of ids) {
    ctx.memo.set(
      `class-teachers:class-student:${id}`,
      answer.then((rows) => {
        const mine = rows.filter((row) => row.class_student_id.toLowerCase() === id.toLowerCase());
        if (mine.length === 0) return null;
        return mine.flatMap((row) => (row.teacher_id ? [row.teacher_id] : []));
      }),
    );
  }
  await answer;
}

/**
 * The SQL condition "the signed-in user may see rows of this class student / student": admins everything;
 * a teacher the rows of students in classes they teach; a student their own rows; a guardian their wards'.
 */
export function classWorkScope(
  actor: Actor,
  columns: { classStudentId: SQL } | { subjectStudentId: SQL },
  studentId: SQL,
): SQL {
  if (actor.role === Role.admin) return sql`true`;
  const seen = ownOrWardStudentIds(actor);
  if (seen) return sql`${studentId} in ${seen}`;
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
 * The class students a user sees, as a condition on the class students alias `t`: admins and observers all,
 * teachers those of their classes, students their own, guardians their wards'.
 */
export function classStudentScope(actor: Actor, classId: SQL, studentId: SQL): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  if (actor.role === Role.teacher) return teachesClass(actor.id, classId);
  const seen = ownOrWardStudentIds(actor);
  return seen ? sql`${studentId} in ${seen}` : sql`false`;
}

/**
 * The version of a user's class scope, for a collection's `scopeVersion`: the count and the sum of the
 * sequences of the rows that decide it. A teacher's scope rests on their class assignments and the
 * enrolments of those classes; a student's on their own enrolments. Every write stamps a new, larger
 * sequence (a soft delete too), so any change moves the sum, even one committed late with a smaller
 * sequence than rows already counted. Admins see everything and observers nothing here: constant.
 */
export function classScopeVersion(actor: Actor): SQL {
  const fingerprint = (rows: SQL) =>
    sql`select count(*)::text || '.' || coalesce(sum(x.seq), 0)::text as version from (${rows}) as x`;
  if (actor.role === Role.teacher) {
    return fingerprint(sql`select ct.seq from class_teachers ct where ct.teacher_id = ${actor.id}
      union all
      select cs.seq from class_students cs
      where cs.class_id in (select ct.class_id from class_teachers ct where ct.teacher_id = ${actor.id})`);
  }
  const seen = ownOrWardStudentIds(actor);
  if (seen) {
    // A guardian's scope also rests on their links: one more row when a link is made, one fewer live (1)
    // when it ends.
    const links =
      actor.role === Role.guardian
        ? sql`union all select case when gl.ended_at is null then 1 else 0 end from guardian_links gl
          where gl.guardian_id = ${actor.id}`
        : sql``;
    return fingerprint(sql`select ss.seq from subject_students ss where ss.student_id in ${seen}
      union all
      select cs.seq from class_students cs where cs.student_id in ${seen} ${links}`);
  }
  return sql`select '' as version`;
}

/** A changed row of class work, by the key that places its student in a class. */
export type ClassWorkRow = { studentId: string } & ClassWorkKey;

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

const markPlaceRow = z.object({
  class_id: z.string(),
  student_id: z.string(),
  subject_id: z.string(),
  schedule_class_id: z.string().nullable(),
  schedule_subject_id: z.string(),
});

/**
 * `markPlaceOnce` of many marks, asked in one query and kept in the push's memo under the same keys (a
 * grouped push's prefetch). Pairs with an id that is no UUID are left to the row-by-row ask.
 */
export async function prefetchMarkPlaces(
  ctx: PushReads,
  marks: Iterable<{ classStudentId: string; scheduleId: string }>,
): Promise<void> {
  const keyOf = (mark: { classStudentId: string; scheduleId: string }) =>
    `mark-place:${mark.classStudentId}:${mark.scheduleId}`;
  const asked = new Map<string, { classStudentId: string; scheduleId: string }>();
  for (const mark of marks) {
    if (!UUID.test(mark.classStudentId) || !UUID.test(mark.scheduleId) || ctx.memo.has(keyOf(mark))) continue;
    asked.set(keyOf(mark), mark);
  }
  if (asked.size === 0) return;
  const pairs = sql.join(
    [...asked.values()].map((mark) => sql`(${mark.classStudentId}::uuid, ${mark.scheduleId}::uuid)`),
    sql`, `,
  );
  const answer = queryRows(
    ctx.tx,
    sql`select p.class_student_id::text as asked_class_student_id, p.schedule_id::text as asked_schedule_id,
        cs.class_id::text, cs.student_id::text, cs.subject_id::text,
        s.class_id::text as schedule_class_id, s.subject_id::text as schedule_subject_id
        from (values ${pairs}) as p(class_student_id, schedule_id)
        join class_students cs on cs.id = p.class_student_id and not cs.deleted
        join schedules s on s.id = p.schedule_id and not s.deleted`,
    markPlaceRow.extend({ asked_class_student_id: z.string(), asked_schedule_id: z.string() }),
  );
  for (const [key, mark] of asked) {
    ctx.memo.set(
      key,
      answer.then((rows) => {
        const found = rows.find(
          (row) =>
            row.asked_class_student_id === mark.classStudentId.toLowerCase() &&
            row.asked_schedule_id === mark.scheduleId.toLowerCase(),
        );
        if (!found) return null;
        const { asked_class_student_id: _, asked_schedule_id: __, ...place } = found;
        return place;
      }),
    );
  }
  await answer;
}

/**
 * Where a mark of `classStudentId` at `scheduleId` sits: the class, student and subject of the class student,
 * and the class and subject of the sitting (live rows only). Null when either is missing. Asked once per push.
 */
export function markPlaceOnce(
  ctx: PushReads,
  classStudentId: string,
  scheduleId: string,
): Promise<z.infer<typeof markPlaceRow> | null> {
  return askedOnce(ctx.memo, `mark-place:${classStudentId}:${scheduleId}`, async () => {
    const [place] = await queryRows(
      ctx.tx,
      sql`select cs.class_id::text, cs.student_id::text, cs.subject_id::text,
          s.class_id::text as schedule_class_id, s.subject_id::text as schedule_subject_id
          from class_students cs, schedules s
          where cs.id = ${classStudentId} and not cs.deleted and s.id = ${scheduleId} and not s.deleted`,
      markPlaceRow,
    );
    return place ?? null;
  });
}
