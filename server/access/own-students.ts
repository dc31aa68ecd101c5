import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Role } from '../../domain/roles';
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

/**
 * The students a guardian is linked to by a live link (their wards, issue 43), while the guardian's own
 * account is live, as a subquery of `id`. An ended link, or a deleted or deactivated guardian, reaches nobody.
 */
export function wardStudentIds(guardianUserId: SQL | string): SQL {
  return sql`(select gl.student_id from guardian_links gl join users g on g.id = gl.guardian_id
    where gl.guardian_id = ${guardianUserId} and gl.ended_at is null and not g.deleted
      and g.deactivated_at is null)`;
}

/**
 * The guardians linked by a live link to any of `studentIds` (a subquery of student ids), as a subquery of user
 * `id` (issue 43): whose name cards a device that reaches those students holds, so a request a guardian filed
 * for their child names them to everyone who reads it.
 */
export function guardianIdsOfStudents(studentIds: SQL): SQL {
  return sql`(select gl.guardian_id from guardian_links gl
    where gl.ended_at is null and gl.student_id in ${studentIds})`;
}

/**
 * The fingerprint of the guardian links of `studentIds` (a subquery of student ids), for a scope version: the
 * number of links and of ended ones, which moves when a link is made or ended.
 */
export function guardianLinksVersion(studentIds: SQL): SQL {
  return sql`select count(*)::text || '.' || count(gl.ended_at)::text as version from guardian_links gl
    where gl.student_id in ${studentIds}`;
}

/** Whether the actor reads a student's own rows as the student sees them: a student, or a guardian. */
export function readsAsStudent(actor: Actor): boolean {
  return actor.role === Role.student || actor.role === Role.guardian;
}

/**
 * The students whose own rows the actor reads as the student sees them, as a subquery of `id`: a student
 * their own profile, a guardian their wards (`wardStudentIds`); null for staff, whose reach is not a set of
 * students.
 */
export function ownOrWardStudentIds(actor: Actor): SQL | null {
  if (actor.role === Role.student) return ownStudentIds(actor.id);
  if (actor.role === Role.guardian) return wardStudentIds(actor.id);
  return null;
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
