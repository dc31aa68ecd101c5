import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { queryRows } from '../db/rows';
import { forbidden } from '../http-error';
import type { Actor } from './actor';

// A leaf of its own: classes, schedules and students all read it, and students also reads subjects, which
// reads classes, so keeping it in students.ts tied the three in an import loop.

/** The student profiles of a user (a student's own rows), as a subquery of `id`. */
export function ownStudentIds(userId: SQL | string): SQL {
  return sql`(select s.id from students s where s.user_id = ${userId})`;
}

const idRow = z.object({ id: z.string() });

/**
 * The live student record of a signed-in student, or 403: what a student's own calls (register in a class,
 * file a request) act as. Anybody without a live student record has none to act as.
 */
export async function ownStudentId(db: Executor, actor: Actor): Promise<string> {
  const [row] = await queryRows(
    db,
    sql`select s.id::text as id from students s where s.user_id = ${actor.id} and not s.deleted`,
    idRow,
  );
  if (!row) throw forbidden();
  return row.id;
}
