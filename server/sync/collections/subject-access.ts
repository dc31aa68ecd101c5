import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PublishState } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import type { SyncActor } from '../engine';

/**
 * The subjects a teacher works in: those with a class or a schedule assigned to them. Within these subjects a
 * teacher sees every class, lesson and schedule (SPEC §6: what is not assigned to them is shown read-only),
 * while the class students, and so the students' attendance and scores, stay those of their own classes.
 */
function teacherSubjectIds(teacherId: string): SQL {
  return sql`(select ct.subject_id from class_teachers ct where ct.teacher_id = ${teacherId} and not ct.deleted
    union select st.subject_id from schedule_teachers st where st.teacher_id = ${teacherId} and not st.deleted)`;
}

/** The published subjects a student is enrolled in. */
function studentSubjectIds(userId: string): SQL {
  return sql`(select ss.subject_id from subject_students ss join students s on s.id = ss.student_id
    join subjects p on p.id = ss.subject_id
    where s.user_id = ${userId} and not ss.deleted and p.publish = ${PublishState.published})`;
}

/**
 * The SQL condition "the signed-in user may see rows under this subject" (SPEC §6): admins and observers
 * every subject (the same reach as the attendance and people scopes), teachers the subjects they work in,
 * students the published subjects they are enrolled in, anybody else nothing.
 */
export function subjectScope(actor: SyncActor, subjectId: SQL): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  if (actor.role === Role.teacher) return sql`${subjectId} in ${teacherSubjectIds(actor.id)}`;
  if (actor.role === Role.student) return sql`${subjectId} in ${studentSubjectIds(actor.id)}`;
  return sql`false`;
}

/**
 * The condition on a lesson's publish state: students never see drafts (the lessons-draft tab is staff work),
 * staff see both.
 */
export function lessonPublishScope(actor: SyncActor, publish: SQL): SQL {
  return actor.role === Role.student ? sql`${publish} = ${PublishState.published}` : sql`true`;
}

/**
 * The columns a pull-only collection's SQL adds to the document's fields (named after them): the row's
 * sequence and soft-delete flag, which `toDocFields` turns into `updatedAt` and `_deleted`.
 */
export const SYNC_ROW_COLUMNS = { seq: z.coerce.number().int(), deleted: z.boolean() };

/** The document fields a row of a pull-only collection does not carry under the document's name. */
export const SYNC_DOC_FIELDS = { updatedAt: true, _deleted: true } as const;

/** A row named after its document's fields, as the document. */
export function toDocFields<Fields extends object>({
  seq,
  deleted,
  ...fields
}: Fields & { seq: number; deleted: boolean }) {
  return { ...fields, updatedAt: seq, _deleted: deleted };
}
