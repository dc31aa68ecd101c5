import { type SQL, sql } from 'drizzle-orm';

/**
 * The condition "this teacher was ever put in charge of a class or named on a sitting", removed assignments
 * included: a teacher with such history is deactivated rather than deleted, so past sheets keep their name.
 */
export function hasTeachingHistory(teacherId: string): SQL {
  return sql`(exists (select 1 from class_teachers where teacher_id = ${teacherId})
    or exists (select 1 from schedule_teachers where teacher_id = ${teacherId}))`;
}
