import { type SQL, sql } from 'drizzle-orm';
import type { StickyScope } from './types';

/** `and <alias>.subject_id = …` when the scope is one subject, nothing otherwise. */
export function inScope(alias: string, scope: StickyScope): SQL {
  if (scope === 'all') return sql``;
  return sql`and ${sql.raw(alias)}.subject_id = ${scope.subjectId}`;
}

/**
 * The teachers of a schedule: those named on the schedule and those in charge of its class. `alias` is the
 * schedules alias of the outer query.
 */
export function scheduleTeachersOf(alias: string): SQL {
  const s = sql.raw(alias);
  return sql`(select st.teacher_id from schedule_teachers st where st.schedule_id = ${s}.id and not st.deleted
    union select ct.teacher_id from class_teachers ct where ct.class_id = ${s}.class_id and not ct.deleted)`;
}
