import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { lessonPublishScope, subjectScope } from './subjects';

/**
 * The lessons and exams a user may pull (`lesson` the lessons alias): those of the subjects they see
 * (`subjectScope`: admins and observers all, teachers those they work in, students their published
 * enrolments), drafts for staff only (`lessonPublishScope`).
 */
export function lessonReadScope(actor: Actor, lesson: SQL = sql`l`): SQL {
  return sql`${subjectScope(actor, sql`${lesson}.subject_id`)} and ${lessonPublishScope(actor, sql`${lesson}.publish`)}`;
}
