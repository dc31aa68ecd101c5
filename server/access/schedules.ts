import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LessonType, PublishState } from '../../domain/lessons';
import { Role } from '../../domain/roles';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';
import type { Actor } from './actor';
import { teachersOfSchedule } from './classes';
import { ownOrWardStudentIds } from './own-students';
import { lessonPublishScope, subjectScope } from './subjects';

/**
 * The condition "a class that `seen` (a student's own profile, a guardian's wards: `ownOrWardStudentIds`) sits
 * in holds the sitting `schedule`".
 */
function inOwnClass(seen: SQL, schedule: SQL): SQL {
  return sql`exists (select 1 from class_students cs where cs.class_id = ${schedule}.class_id
    and not cs.deleted and cs.student_id in ${seen})`;
}

/**
 * The condition "lesson `lesson` is a published assist lesson": `domain/lessons.ts` `isPublishedAssist` in SQL.
 */
export function publishedAssist(lesson: SQL = sql`l`): SQL {
  return sql`(${lesson}.type = ${LessonType.lesson} and ${lesson}.assist_apply
    and ${lesson}.assist_status = ${PublishState.published})`;
}

/**
 * The sittings a user may see on a calendar, as a condition on the schedules alias `s` and its lesson `l`.
 * SPEC §6 opens the schedule screens to staff but 3, so observers, teachers and admins see every sitting (a
 * sitting carries no student's data); a student sees the sittings of the classes they sit in, and those of
 * the other classes of their subjects whose lesson is a published assist lesson (`calendarAssist` marks
 * them); anybody else nothing. Drafts never show: the caller joins lessons and subjects and keeps published
 * ones (`publishedSitting`).
 */
export function calendarScope(actor: Actor, schedule: SQL = sql`s`, lesson: SQL = sql`l`): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer || actor.role === Role.teacher) {
    return sql`true`;
  }
  const seen = ownOrWardStudentIds(actor);
  if (!seen) return sql`false`;
  return sql`(${inOwnClass(seen, schedule)} or (${publishedAssist(lesson)}
    and exists (select 1 from class_students cs where cs.subject_id = ${schedule}.subject_id
      and not cs.deleted and cs.student_id in ${seen})))`;
}

/**
 * Whether a sitting in `calendarScope` is there as an assist lesson: another class's, for a student (for a
 * guardian, a class none of their wards sits in).
 */
export function calendarAssist(actor: Actor, schedule: SQL = sql`s`): SQL {
  const seen = ownOrWardStudentIds(actor);
  return seen ? sql`not ${inOwnClass(seen, schedule)}` : sql`false`;
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

const sittingRow = z.object({
  subject_id: z.string(),
  university_id: z.string(),
  lesson_id: z.string(),
  lesson_type: z.number().int(),
  teacher_ids: z.array(z.string()),
});

/** Where a sitting sits and who teaches it: what a plan of it is checked against. */
export type SittingWork = z.infer<typeof sittingRow>;

/**
 * The live sitting `scheduleId` with its subject, lesson (and its type) and teachers (named on it, or in
 * charge of its class), or null when it is gone. SPEC §6: these teachers and admins write its plan.
 */
export async function sittingWork(db: Executor, scheduleId: string): Promise<SittingWork | null> {
  const [row] = await queryRows(
    db,
    sql`select s.subject_id::text, s.university_id::text, s.lesson_id::text, l.type::int as lesson_type,
        coalesce((select array_agg(t.teacher_id::text) from ${teachersOfSchedule('s')} as t(teacher_id)),
          '{}') as teacher_ids
        from schedules s join lessons l on l.id = s.lesson_id and not l.deleted
        where s.id = ${scheduleId} and not s.deleted`,
    sittingRow,
  );
  return row ?? null;
}

/**
 * The sittings a user may pull with their lesson (`schedule` and `lesson` the aliases): those of the subjects
 * they see (`subjectScope`: admins and observers all, teachers those they work in, students their published
 * enrolments), of draft lessons for staff only (`lessonPublishScope`). The calendars answer `calendarScope`.
 */
export function scheduleReadScope(actor: Actor, schedule: SQL = sql`s`, lesson: SQL = sql`l`): SQL {
  return sql`${subjectScope(actor, sql`${schedule}.subject_id`)} and ${lessonPublishScope(actor, sql`${lesson}.publish`)}`;
}

/**
 * The teachers named on a sitting (not those in charge of its class: see `teachersOfSchedule`), as a subquery
 * of `teacher_id`: the names a calendar and a lesson's sittings show.
 */
export function teachersNamedOn(scheduleId: SQL): SQL {
  return sql`(select st.teacher_id from schedule_teachers st where st.schedule_id = ${scheduleId} and not st.deleted)`;
}

/** The teachers named on a sitting as a `text[]` expression (empty when none): what a copy or a clash carries. */
export function teacherIdArrayNamedOn(scheduleId: SQL): SQL {
  return sql`array(select st.teacher_id::text from schedule_teachers st where st.schedule_id = ${scheduleId}
    and not st.deleted order by st.teacher_id)`;
}
