import { type SQL, sql } from 'drizzle-orm';
import { Role } from '../../domain/roles';
import type { Actor } from './actor';
import { teachesClassOrSubject } from './classes';
import { ownOrWardStudentIds } from './own-students';

/**
 * The requests a user may read (`request` the requests alias), for the `requests` pull and the REST reads
 * alike (SPEC §6): admins every request; teachers those they are in charge of, of a class they teach or, when
 * the request names no class, of any class of its subject they teach; students their own; guardians their
 * wards' (issue 43); anybody else none.
 */
export function requestReadScope(actor: Actor, request: SQL = sql`r`): SQL {
  if (actor.role === Role.admin) return sql`true`;
  const seen = ownOrWardStudentIds(actor);
  if (seen) return sql`${request}.student_id in ${seen}`;
  if (actor.role === Role.teacher) {
    return teachesClassOrSubject(actor.id, sql`${request}.class_id`, sql`${request}.subject_id`);
  }
  return sql`false`;
}
