import { type SQL, sql } from 'drizzle-orm';
import { PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import type { Actor } from './actor';
import { teachersOfSchedule } from './classes';
import { ownStudentIds } from './own-students';

/**
 * The sittings a user may see on a calendar, as a condition on the schedules alias `s`. SPEC §6 opens the
 * schedule screens to staff but 3, so observers, teachers and admins see every sitting (a sitting carries no
 * student's data); a student sees only the sittings of the classes they sit in; anybody else nothing.
 * Drafts never show: the caller joins lessons and subjects and keeps published ones (`publishedSitting`).
 */
export function calendarScope(actor: Actor, schedule: SQL = sql`s`): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer || actor.role === Role.teacher) {
    return sql`true`;
  }
  if (actor.role !== Role.student) return sql`false`;
  return sql`exists (select 1 from class_students cs where cs.class_id = ${schedule}.class_id
    and not cs.deleted and cs.student_id in ${ownStudentIds(actor.id)})`;
}

/** The condition "the sitting `s` of lesson `l` under subject `p` is live and published". */
export const publishedSitting: SQL = sql`not s.deleted and not l.deleted and not p.deleted
  and l.publish = ${PublishState.published} and p.publish = ${PublishState.published}`;

/** The condition "one of these teachers teaches the sitting `s`" (named on it, or in charge of its class). */
export function taughtByAny(teacherIds: readonly string[]): SQL {
  if (teacherIds.length === 0) return sql`false`;
  const list = sql.join(
    teacherIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`exists (select 1 from ${teachersOfSchedule('s')} as t(teacher_id) where t.teacher_id in (${list}))`;
}
