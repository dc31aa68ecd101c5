import { type SQL, sql } from 'drizzle-orm';

// A leaf of its own: classes, schedules and students all read it, and students also reads subjects, which
// reads classes, so keeping it in students.ts tied the three in an import loop.

/** The student profiles of a user (a student's own rows), as a subquery of `id`. */
export function ownStudentIds(userId: SQL | string): SQL {
  return sql`(select s.id from students s where s.user_id = ${userId})`;
}
