import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AccountRole, Role } from '../../../domain/roles';
import type {
  InviteRequest,
  ObserverWrite,
  StaffSearchQuery,
  StaffUser,
  Teacher,
  TeacherDetail,
  TeacherWrite,
  UserSearchQuery,
} from '../../../domain/schemas/people';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { teacherSubjectIds } from '../../access/subjects';
import { hasTeachingHistory } from '../../access/teachers';
import { liveUser } from '../../access/users';
import type { Executor, Transaction } from '../../db/client';
import { containsText, paginationOf, totalColumnSchema } from '../../db/paging';
import { queryRows } from '../../db/rows';
import { nextSequence } from '../../db/sequence';
import { forbidden, notFound, validationFailed } from '../../http-error';
import { recipientLocale } from '../../mail/recipient-locale';
import { endTrust } from '../auth/service';
import { lockAccountWrites, publishPeopleChange } from '../shared/account-writes';
import { requireLiveUniversities } from '../shared/master-rows';
import { toTeacher, UNIVERSITY_IDS_OF_USER } from '../shared/teachers';
import { insertInvitedAccount, type PeopleDeps } from './people-write';

const staffRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.number().int(),
  avatar: z.string().nullable(),
  email: z.string(),
  university_ids: z.array(z.string()),
  login_blocked: z.boolean(),
  retire_at: z.string().nullable(),
});
type StaffRow = z.infer<typeof staffRowSchema>;

const STAFF_COLUMNS = sql`u.id::text as id, u.name, u.role::int as role, u.avatar, u.email,
  ${UNIVERSITY_IDS_OF_USER} as university_ids, u.login_blocked, u.retire_at::text as retire_at`;

function toStaffUser(row: StaffRow): StaffUser {
  const { retire_at: _retireAt, ...user } = row;
  return user;
}

/** One page of live accounts of `roles` matching the search, by name. */
async function searchStaff(
  db: Executor,
  roles: readonly AccountRole[],
  q: StaffSearchQuery,
): Promise<{ rows: StaffRow[]; meta: { pagination: ReturnType<typeof paginationOf> } }> {
  const where: SQL[] = [
    liveUser(),
    sql`u.role in (${sql.join(
      roles.map((role) => sql`${role}`),
      sql`, `,
    )})`,
  ];
  if (q.param)
    where.push(sql`(${containsText(sql`u.name`, q.param)} or ${containsText(sql`u.email`, q.param)})`);
  if (q.university) {
    where.push(sql`exists (select 1 from user_universities uu where uu.user_id = u.id and not uu.deleted
      and uu.university_id = ${q.university})`);
  }
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows(
    db,
    sql`select ${STAFF_COLUMNS}, count(*) over () as total from users u where ${condition}
        order by u.name, u.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    staffRowSchema.extend({ total: totalColumnSchema }),
  );
  const total =
    rows[0]?.total ??
    (
      await queryRows(
        db,
        sql`select count(*) as total from users u where ${condition}`,
        z.object({ total: totalColumnSchema }),
      )
    )[0]?.total ??
    0;
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    meta: { pagination: paginationOf(rows.length, q.page, q.limit, total) },
  };
}

/** A live account of one of `roles`; 404 otherwise, so ids of other kinds do not leak. */
async function readStaffRow(db: Executor, userId: string, roles: readonly AccountRole[]): Promise<StaffRow> {
  const [row] = await queryRows(
    db,
    sql`select ${STAFF_COLUMNS} from users u where u.id = ${userId} and ${liveUser()}`,
    staffRowSchema,
  );
  if (!row || !(roles as readonly number[]).includes(row.role)) throw notFound();
  return row;
}

/** Sets the universities a staff member works at: the others are soft-deleted, new ones added or revived. */
async function writeUniversities(tx: Transaction, userId: string, ids: readonly string[], seq: number) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`update user_universities set deleted = true, seq = ${seq}, updated_at = now()
      where user_id = ${userId} and not deleted and university_id not in (${list})`);
  await tx.execute(sql`insert into user_universities (user_id, university_id, seq)
      select ${userId}::uuid, x, ${seq} from unnest(array[${list}]) as x
      on conflict (user_id, university_id) do update set deleted = false, seq = ${seq}, updated_at = now()
      where user_universities.deleted`);
}

// --------------------------------------------------------------------------------------------------------
// Teachers.

/** `GET /api/teachers`: live teachers by name, retired ones with their date. */
export async function listTeachers(db: Executor, q: StaffSearchQuery) {
  const { rows, meta } = await searchStaff(db, [Role.teacher], q);
  return { data: rows.map(toTeacher), meta };
}

/** Live teachers among `teacherIds` (a subquery of ids), by name: a subject's teachers picker. */
export async function teachersAmong(db: Executor, teacherIds: SQL): Promise<Teacher[]> {
  const rows = await queryRows(
    db,
    sql`select ${STAFF_COLUMNS} from users u where ${liveUser()} and u.role = ${Role.teacher}
        and u.id in ${teacherIds} order by u.name, u.id`,
    staffRowSchema,
  );
  return rows.map(toTeacher);
}

/** `GET /api/teachers/{id}`: the teacher and the subjects they teach (a class or a sitting assigned). */
export async function readTeacher(db: Executor, teacherId: string): Promise<TeacherDetail> {
  const row = await readStaffRow(db, teacherId, [Role.teacher]);
  const subjects = await queryRows(
    db,
    sql`select p.id::text as id, sn.name from subjects p join subject_names sn on sn.id = p.subject_name_id
        where not p.deleted and p.id in ${teacherSubjectIds(teacherId)}
        order by sn.name, p.id`,
    z.object({ id: z.string(), name: z.string() }),
  );
  return { ...toTeacher(row), subjects };
}

/** `POST /api/teachers/{id}`: name, universities and retirement date (null clears it). */
export async function updateTeacher(
  deps: PeopleDeps,
  teacherId: string,
  body: TeacherWrite,
): Promise<Teacher> {
  await readStaffRow(deps.db, teacherId, [Role.teacher]);
  await deps.db.transaction(async (tx) => {
    await requireLiveUniversities(tx, body.university_ids);
    const seq = await nextSequence(tx);
    await tx.execute(sql`update users set name = ${body.name}, retire_at = ${body.retire_at}, seq = ${seq},
        updated_at = now() where id = ${teacherId}`);
    await writeUniversities(tx, teacherId, body.university_ids, seq);
  });
  await publishPeopleChange(deps);
  return toTeacher(await readStaffRow(deps.db, teacherId, [Role.teacher]));
}

/**
 * Removes a staff account. One with history (classes or sittings taught) is deactivated: kept for the
 * history and the names on past sheets, gone from lists and sign-in. One without is soft-deleted and its
 * address freed for a new invitation. Either way its sessions end.
 */
async function removeStaff(deps: PeopleDeps, userId: string, history: SQL): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await queryRows(
      tx,
      sql`select ${history} as has_history`,
      z.object({ has_history: z.boolean() }),
    );
    const seq = await nextSequence(tx);
    if (row?.has_history) {
      await tx.execute(sql`update users set deactivated_at = ${deps.now()}, seq = ${seq}, updated_at = now()
          where id = ${userId}`);
    } else {
      await tx.execute(sql`update users set deleted = true, email = ${`deleted-${userId}@deleted.invalid`},
          seq = ${seq}, updated_at = now() where id = ${userId}`);
    }
    await endTrust(tx, userId, null);
  });
  await publishPeopleChange(deps);
}

/** `DELETE /api/teachers/{id}`. */
export async function deleteTeacher(deps: PeopleDeps, teacherId: string): Promise<void> {
  await readStaffRow(deps.db, teacherId, [Role.teacher]);
  await removeStaff(deps, teacherId, hasTeachingHistory(teacherId));
}

// --------------------------------------------------------------------------------------------------------
// Invitations.

/**
 * Creates a staff account of `role` with a password nobody knows, and mails it a single-use link (valid
 * `AUTH_LIMITS.inviteTtlMs`) to the choose-password screen. Until the link is used the account cannot sign
 * in. A taken address is a field error.
 */
async function invite(
  deps: PeopleDeps,
  actor: Actor,
  role: AccountRole,
  body: InviteRequest,
): Promise<StaffRow> {
  const unusable = await deps.passwords.hash(randomBytes(32).toString('base64url'));
  const email = body.email.toLowerCase();
  const id = await deps.db.transaction(async (tx) => {
    await lockAccountWrites(tx);
    const [taken] = await queryRows(
      tx,
      sql`select 1 as one from users where email = ${email}`,
      z.object({ one: z.number() }),
    );
    if (taken) throw validationFailed({ email: [ValidationCode.emailTaken] });
    await requireLiveUniversities(tx, body.university_ids);
    // The new account starts in the language chosen on the form (the inviter's own when left out): its
    // invitation and every later mail are written in it.
    const locale = body.locale ?? (await recipientLocale(tx, actor.id));
    const seq = await nextSequence(tx);
    const user = await insertInvitedAccount(tx, deps, {
      email,
      name: body.name,
      role,
      locale,
      seq,
      unusableHash: unusable,
    });
    await writeUniversities(tx, user.id, body.university_ids, seq);
    return user.id;
  });
  deps.mailer.kick();
  await publishPeopleChange(deps);
  return readStaffRow(deps.db, id, [role]);
}

/** `POST /api/users/invite`: invites a teacher (SPEC §8 "teacher invited (with email)"). */
export async function inviteTeacher(deps: PeopleDeps, actor: Actor, body: InviteRequest): Promise<Teacher> {
  return toTeacher(await invite(deps, actor, Role.teacher, body));
}

/** `POST /api/observers/invite`. */
export async function inviteObserver(
  deps: PeopleDeps,
  actor: Actor,
  body: InviteRequest,
): Promise<StaffUser> {
  return toStaffUser(await invite(deps, actor, Role.observer, body));
}

// --------------------------------------------------------------------------------------------------------
// Observers.

/** `GET /api/observers`. */
export async function listObservers(db: Executor, q: StaffSearchQuery) {
  const { rows, meta } = await searchStaff(db, [Role.observer], q);
  return { data: rows.map(toStaffUser), meta };
}

/** `POST /api/observers/{id}`: name and universities. */
export async function updateObserver(
  deps: PeopleDeps,
  observerId: string,
  body: ObserverWrite,
): Promise<StaffUser> {
  await readStaffRow(deps.db, observerId, [Role.observer]);
  await deps.db.transaction(async (tx) => {
    await requireLiveUniversities(tx, body.university_ids);
    const seq = await nextSequence(tx);
    await tx.execute(sql`update users set name = ${body.name}, seq = ${seq}, updated_at = now()
        where id = ${observerId}`);
    await writeUniversities(tx, observerId, body.university_ids, seq);
  });
  await publishPeopleChange(deps);
  return toStaffUser(await readStaffRow(deps.db, observerId, [Role.observer]));
}

/** `DELETE /api/observers/{id}`: observers only read, so they leave no history of their own. */
export async function deleteObserver(deps: PeopleDeps, observerId: string): Promise<void> {
  await readStaffRow(deps.db, observerId, [Role.observer]);
  await removeStaff(deps, observerId, sql`false`);
}

// --------------------------------------------------------------------------------------------------------
// Admins (the super admin's screen).

const STAFF_ROLES = [Role.observer, Role.teacher, Role.admin] as const;

/** `GET /api/users/search`: admins, or the teachers or observers a super admin may promote (`role`). */
export async function searchUsers(db: Executor, q: UserSearchQuery) {
  const { rows, meta } = await searchStaff(db, [q.role ?? Role.admin], q);
  return { data: rows.map(toStaffUser), meta };
}

/** `GET /api/users/{id}`: a staff account (never a student's, never the super admin's). */
export async function readUser(db: Executor, userId: string): Promise<StaffUser> {
  return toStaffUser(await readStaffRow(db, userId, STAFF_ROLES));
}

/** Nobody changes their own role or login (SPEC: the super admin is never a target either). */
function refuseSelf(actor: Actor, userId: string): void {
  if (actor.id === userId) throw forbidden();
}

/** Changes an account's role from one of `from` to `to`, or refuses the account's role as a field error. */
async function changeRole(
  deps: PeopleDeps,
  actor: Actor,
  userId: string,
  from: readonly AccountRole[],
  to: AccountRole,
): Promise<StaffUser> {
  refuseSelf(actor, userId);
  const row = await readStaffRow(deps.db, userId, STAFF_ROLES);
  if (!(from as readonly number[]).includes(row.role))
    throw validationFailed({ id: [ValidationCode.roleNotAllowed] });
  await deps.db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    await tx.execute(
      sql`update users set role = ${to}, seq = ${seq}, updated_at = now() where id = ${userId}`,
    );
    // The new role's screens and scopes start from a fresh sign-in.
    await endTrust(tx, userId, null);
  });
  await publishPeopleChange(deps);
  return readUser(deps.db, userId);
}

/** `POST /api/users/up-role {id}`: a teacher or observer becomes an admin. */
export function promoteToAdmin(deps: PeopleDeps, actor: Actor, userId: string): Promise<StaffUser> {
  return changeRole(deps, actor, userId, [Role.teacher, Role.observer], Role.admin);
}

/** `POST /api/users/down-role {id}`: an admin becomes a teacher. */
export function demoteAdmin(deps: PeopleDeps, actor: Actor, userId: string): Promise<StaffUser> {
  return changeRole(deps, actor, userId, [Role.admin], Role.teacher);
}

/**
 * `POST /api/users/block-login-admin/{id} {blocked}`: blocks or unblocks an admin's sign-in. Blocking ends
 * their sessions and trusted devices at once, and their devices are told to pull, which finds them signed
 * out.
 */
export async function blockAdminLogin(
  deps: PeopleDeps,
  actor: Actor,
  userId: string,
  blocked: boolean,
): Promise<StaffUser> {
  refuseSelf(actor, userId);
  const row = await readStaffRow(deps.db, userId, STAFF_ROLES);
  if (row.role !== Role.admin) throw validationFailed({ id: [ValidationCode.roleNotAllowed] });
  await deps.db.transaction(async (tx) => {
    const seq = await nextSequence(tx);
    await tx.execute(sql`update users set login_blocked = ${blocked}, seq = ${seq}, updated_at = now()
        where id = ${userId}`);
    if (blocked) await endTrust(tx, userId, null);
  });
  await publishPeopleChange(deps);
  return readUser(deps.db, userId);
}
