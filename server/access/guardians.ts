import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../domain/locales';
import type { Guardian } from '../../domain/schemas/people';
import type { Executor } from '../db/client';
import { inList, queryRows } from '../db/rows';
import { forbidden, notFound } from '../http-error';
import type { Actor } from './actor';
import { ownOrWardStudentIds, wardStudentIds } from './own-students';
import { liveUser } from './users';

// The one place that reads guardian links (`guardian_links`, issue 43) besides the `ward` reach itself: who
// hears of a child's absence, whose rows a guardian's switcher offers, who an admin sees linked.

const guardianOfRow = z.object({
  student_id: z.string(),
  guardian_id: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
});

/** A live guardian of a student, with what a notice to them needs: their address and language. */
export interface GuardianOf {
  studentId: string;
  guardianId: string;
  name: string;
  email: string;
  locale: Locale;
}

/**
 * The live guardians of these students (ids of `students`): one entry per live link whose guardian account is
 * live (not deleted, not deactivated), with the guardian's e-mail and language (absence notices, a request's
 * decision). A student without one has no entry.
 */
export async function liveGuardiansOf(db: Executor, studentIds: readonly string[]): Promise<GuardianOf[]> {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`select gl.student_id::text, g.id::text as guardian_id, g.name, g.email, g.locale
        from guardian_links gl join users g on g.id = gl.guardian_id
        where gl.ended_at is null and ${liveUser(sql`g`)} and gl.student_id in (${inList(ids)})
        order by gl.student_id, g.name, g.id`,
    guardianOfRow,
  );
  return rows.map((row) => ({
    studentId: row.student_id,
    guardianId: row.guardian_id,
    name: row.name,
    email: row.email,
    locale: row.locale,
  }));
}

/** The user ids of the live guardians of these students (`liveGuardiansOf` without the addresses). */
export async function liveGuardianIdsOf(db: Executor, studentIds: readonly string[]): Promise<string[]> {
  return [...new Set((await liveGuardiansOf(db, studentIds)).map((row) => row.guardianId))];
}

const wardRow = z.object({
  student_id: z.string(),
  user_id: z.string(),
  name: z.string(),
  identity: z.string(),
});

/** A guardian's child: the student record, its account and what the switcher names it by. */
export interface Ward {
  studentId: string;
  userId: string;
  name: string;
  identity: string;
}

/**
 * The wards of a guardian (their live links, while their account is live), by name: the child switcher's
 * choices. Empty for anybody else, and for a guardian with no live link (who signs in to nothing).
 */
export async function wardsOf(db: Executor, guardianId: string): Promise<Ward[]> {
  const rows = await queryRows(
    db,
    sql`select s.id::text as student_id, u.id::text as user_id, u.name, s.identity
        from students s join users u on u.id = s.user_id
        where s.id in ${wardStudentIds(guardianId)} and not s.deleted and ${liveUser(sql`u`)}
        order by u.name, s.id`,
    wardRow,
  );
  return rows.map((row) => ({
    studentId: row.student_id,
    userId: row.user_id,
    name: row.name,
    identity: row.identity,
  }));
}

const okRow = z.object({ ok: z.number() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `studentId` is the actor's own student record (a student) or a live ward of theirs (a guardian):
 * whom a request may be filed for. Staff: never. An id that is no UUID is nobody's.
 */
export async function isOwnOrWard(db: Executor, actor: Actor, studentId: string): Promise<boolean> {
  const seen = ownOrWardStudentIds(actor);
  if (!seen || !UUID.test(studentId)) return false;
  const [row] = await queryRows(db, sql`select 1 as ok where ${studentId}::uuid in ${seen}`, okRow);
  return row !== undefined;
}

/**
 * Answers 403 for staff, then 404 unless `studentId` is the actor's own student record or a ward of theirs
 * (`isOwnOrWard`): the request form's choices of a student.
 */
export async function requireOwnOrWard(db: Executor, actor: Actor, studentId: string): Promise<void> {
  if (!ownOrWardStudentIds(actor)) throw forbidden();
  if (!(await isOwnOrWard(db, actor, studentId))) throw notFound();
}

const linkedGuardianRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  linked_at: z.string(),
  pending: z.boolean(),
});

/**
 * The live guardians of one student as the student's screen lists them (`GET /api/students/{id}/guardians`):
 * each with when the link was made and whether their invitation is still to be taken up (a link was mailed
 * and none used yet), by name.
 */
export async function guardiansOfStudent(db: Executor, studentId: string): Promise<Guardian[]> {
  return queryRows(
    db,
    sql`select g.id::text as id, g.name, g.email, g.locale,
          to_char(gl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as linked_at,
          (exists (select 1 from password_resets pr where pr.user_id = g.id)
            and not exists (select 1 from password_resets pr where pr.user_id = g.id
              and pr.used_at is not null)) as pending
        from guardian_links gl join users g on g.id = gl.guardian_id
        where gl.student_id = ${studentId} and gl.ended_at is null and ${liveUser(sql`g`)}
        order by g.name, g.id`,
    linkedGuardianRow,
  );
}
