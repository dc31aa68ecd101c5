import { type SQL, sql } from 'drizzle-orm';
import { Role } from '../../domain/roles';
import type { Actor } from './actor';
import { taughtStudentIds, teachesStudent } from './classes';
import { guardianIdsOfStudents, guardianLinksVersion, ownStudentIds, wardStudentIds } from './own-students';

/**
 * The condition "this account is live": neither deleted nor deactivated (a removed staff member or student with
 * history is kept for the names on past sheets, gone from every list and picker). `user` is the users alias of
 * the outer query. A blocked account is still live: it stays listed so an admin can unblock it.
 */
export function liveUser(user: SQL = sql`u`): SQL {
  return sql`(not ${user}.deleted and ${user}.deactivated_at is null)`;
}

/** The condition "this account may sign in": live (`liveUser`) and its sign-in not blocked. */
export function signInOpen(user: SQL = sql`u`): SQL {
  return sql`(${liveUser(user)} and not ${user}.login_blocked)`;
}

/**
 * The people (users `u` with their student profile `s`, left joined) a user may see, the `people` pull's rows
 * (SPEC §6): admins and observers everybody; teachers the staff and the students sitting in a class they are in
 * charge of; students themselves and the staff (who teach them and decide their requests); guardians
 * themselves, their wards and the staff (issue 43: the child switcher names the wards, the child's screens
 * the teachers); anybody else nobody. Guardians' cards reach those who reach their ward's (issue 43): the
 * student, the ward's other guardians, the teachers of the ward's classes, admins and observers, so a request
 * a guardian filed names them wherever it is read; a teacher sees no other guardian.
 */
export function peopleReadScope(actor: Actor, user: SQL = sql`u`, student: SQL = sql`s`): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  const staff = sql`${user}.role in (${Role.teacher}, ${Role.admin})`;
  const guardianOf = (students: SQL) => sql`${user}.id in ${guardianIdsOfStudents(students)}`;
  if (actor.role === Role.student) {
    return sql`(${user}.id = ${actor.id} or ${staff} or ${guardianOf(ownStudentIds(actor.id))})`;
  }
  if (actor.role === Role.guardian) {
    const wards = wardStudentIds(actor.id);
    return sql`(${user}.id = ${actor.id} or ${staff} or ${student}.id in ${wards} or ${guardianOf(wards)})`;
  }
  if (actor.role !== Role.teacher) return sql`false`;
  return sql`(${user}.role not in (${Role.student}, ${Role.guardian})
    or ${teachesStudent(actor.id, sql`${student}.id`)} or ${guardianOf(taughtStudentIds(actor.id))})`;
}

/**
 * The version of the guardian part of a user's people scope (`peopleReadScope`), for the people pull's scope
 * version beside the class scope's: the links of the students whose guardians the user sees. A link made or
 * ended brings a guardian's card into the scope or takes it out, without a newer sequence on the card.
 */
export function peopleGuardianScopeVersion(actor: Actor): SQL {
  if (actor.role === Role.student) return guardianLinksVersion(ownStudentIds(actor.id));
  if (actor.role === Role.guardian) return guardianLinksVersion(wardStudentIds(actor.id));
  if (actor.role === Role.teacher) return guardianLinksVersion(taughtStudentIds(actor.id));
  return sql`select '' as version`;
}

/** Who sees a staff member's e-mail on a people row: the staff, who pick colleagues in pickers and filters. */
const STAFF_VIEWERS: readonly number[] = [Role.admin, Role.observer, Role.teacher];

/**
 * The e-mail a people row of user `u` shows `actor` (issue 42 row 9): a staff member's (teacher, admin,
 * observer) school address to a staff viewer, where it tells namesakes apart ("林 葵" three times) in the
 * teacher pickers and filters; null on every other row and to students and guardians, who pick no staff and
 * are shown no colleague's address. Students are told apart by their student number, which rows carry already.
 */
export function personEmailFor(actor: Actor, user: SQL = sql`u`): SQL {
  if (!STAFF_VIEWERS.includes(actor.role)) return sql`null::text`;
  return sql`case when ${user}.role in (${Role.teacher}, ${Role.admin}, ${Role.observer}) then ${user}.email end`;
}
