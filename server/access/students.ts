import { type SQL, sql } from 'drizzle-orm';

/** The student profiles of a user (a student's own rows), as a subquery of `id`. */
export function ownStudentIds(userId: SQL | string): SQL {
  return sql`(select s.id from students s where s.user_id = ${userId})`;
}
