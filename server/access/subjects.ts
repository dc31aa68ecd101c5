import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PublishState } from '../../domain/lessons';
import { mayWriteFormula } from '../../domain/permissions';
import { Role } from '../../domain/roles';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';
import { forbidden, notFound } from '../http-error';
import type { Actor } from './actor';
import { subjectsOfClassesTaughtBy } from './classes';
import { ownOrWardStudentIds, readsAsStudent } from './own-students';

/**
 * The subjects a teacher works in: those with a class or a schedule assigned to them. Within these subjects a
 * teacher sees every class, lesson and schedule (SPEC §6: what is not assigned to them is shown read-only),
 * while the class students, and so the students' attendance and scores, stay those of their own classes.
 */
export function teacherSubjectIds(teacherId: string): SQL {
  return sql`(${subjectsOfClassesTaughtBy(teacherId)}
    union select st.subject_id from schedule_teachers st where st.teacher_id = ${teacherId} and not st.deleted)`;
}

/** The published subjects these students (a subquery of `id`) are enrolled in. */
function enrolledPublishedSubjectIds(studentIds: SQL): SQL {
  return sql`(select ss.subject_id from subject_students ss join subjects p on p.id = ss.subject_id
    where ss.student_id in ${studentIds} and not ss.deleted and p.publish = ${PublishState.published})`;
}

/**
 * The SQL condition "the signed-in user may see rows under this subject" (SPEC §6): admins and observers
 * every subject (the same reach as the attendance and people scopes), teachers the subjects they work in,
 * students the published subjects they are enrolled in, guardians those of their wards (issue 43), anybody
 * else nothing.
 */
export function subjectScope(actor: Actor, subjectId: SQL): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  if (actor.role === Role.teacher) return sql`${subjectId} in ${teacherSubjectIds(actor.id)}`;
  const seen = ownOrWardStudentIds(actor);
  if (seen) return sql`${subjectId} in ${enrolledPublishedSubjectIds(seen)}`;
  return sql`false`;
}

/**
 * The condition on a lesson's publish state: students and guardians never see drafts (the lessons-draft tab is
 * staff work), staff see both.
 */
export function lessonPublishScope(actor: Actor, publish: SQL): SQL {
  return readsAsStudent(actor) ? sql`${publish} = ${PublishState.published}` : sql`true`;
}

/**
 * The condition "a row of this lesson is out of draft": no lesson (a subject-level score name), or a live,
 * published lesson. Drafts stay off the attendance and achievement screens until published (issue #17).
 */
export function inPublishedLesson(lessonId: SQL): SQL {
  return sql`(${lessonId} is null or exists (select 1 from lessons pl where pl.id = ${lessonId}
    and not pl.deleted and pl.publish = ${PublishState.published}))`;
}

const idRow = z.object({ id: z.string() });

/** Answers 404 unless the actor sees the subject at all (a teacher working in it, an admin), so ids do not leak. */
export async function requireSubjectVisible(db: Executor, actor: Actor, subjectId: string): Promise<void> {
  const [row] = await queryRows(
    db,
    sql`select ${subjectId}::text as id where ${subjectScope(actor, sql`${subjectId}::uuid`)}`,
    idRow,
  );
  if (!row) throw notFound();
}

/**
 * The published subjects of a student's own university: those a student may open and register to a class of
 * (SPEC §4 "Student can apply to or cancel class registration"), enrolled or not.
 */
function openSubjectIds(userId: string): SQL {
  return sql`(select p.id from subjects p join students s on s.university_id = p.university_id
    where s.user_id = ${userId} and not s.deleted and not p.deleted and p.publish = ${PublishState.published})`;
}

/**
 * The condition "the user may open this subject's screen": `subjectScope`, and for a student also the
 * subjects open to registration. Only REST reads use it; the synced collections stay on `subjectScope`.
 */
export function subjectReadScope(actor: Actor, subjectId: SQL): SQL {
  const own = subjectScope(actor, subjectId);
  if (actor.role !== Role.student) return own;
  return sql`(${own} or ${subjectId} in ${openSubjectIds(actor.id)})`;
}

/** The condition "a student may register in this subject": it is open to them. */
export function openToStudent(actor: Actor, subjectId: SQL): SQL {
  return actor.role === Role.student ? sql`${subjectId} in ${openSubjectIds(actor.id)}` : sql`false`;
}

/**
 * Answers 403 unless the actor may write the subject's lessons (SPEC §6 via the issue: admins, and teachers
 * working in the subject); 404 first when they cannot see it at all.
 */
export async function requireLessonWork(db: Executor, actor: Actor, subjectId: string): Promise<void> {
  await requireSubjectVisible(db, actor, subjectId);
  if (actor.role !== Role.admin && actor.role !== Role.teacher) throw forbidden();
}

const finalScoreRow = z.object({ allowed: z.boolean() });

/**
 * Answers 403 unless the actor may rewrite the subject's final-score formula (`mayWriteFormula` against the
 * subject's `teacher_allow_update_final_score`); 404 first when they cannot see the subject.
 */
export async function requireFormulaWrite(db: Executor, actor: Actor, subjectId: string): Promise<void> {
  await requireSubjectVisible(db, actor, subjectId);
  const [row] = await queryRows(
    db,
    sql`select teacher_allow_update_final_score as allowed from subjects where id = ${subjectId}`,
    finalScoreRow,
  );
  if (!mayWriteFormula(actor.role, row?.allowed ?? false)) throw forbidden();
}

/**
 * The teachers of a subject, as a subquery of `teacher_id`: those in charge of a class of it and those named
 * on a sitting of it (SPEC §6). `headOnly` keeps those in charge of a class (the head teachers).
 */
export function teachersOfSubject(subjectId: string, { headOnly = false } = {}): SQL {
  const heads = sql`select ct.teacher_id from class_teachers ct where ct.subject_id = ${subjectId} and not ct.deleted`;
  if (headOnly) return sql`(${heads})`;
  return sql`(${heads} union select st.teacher_id from schedule_teachers st
    where st.subject_id = ${subjectId} and not st.deleted)`;
}
