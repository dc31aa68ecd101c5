import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import { mayChangeMemo, mayWriteMemo } from '../../../domain/permissions';
import { Role } from '../../../domain/roles';
import type { Memo, MemoListQuery, MemoWrite } from '../../../domain/schemas/memos';
import { SyncCollection } from '../../../domain/sync';
import type { Actor } from '../../access/actor';
import { requireSubjectVisible, subjectScope, teachersOfSubject } from '../../access/subjects';
import type { Executor, Transaction } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { forbidden, notFound, validationFailed } from '../../http-error';
import { sanitizeWithin } from '../dashboard/sanitize';
import { type SubjectWriteDeps, writeSubjectRows } from '../subjects/write';

// Memos (SPEC §3 Memo, §6 memo check): a teacher of a subject leaves a message about some of its sittings for
// the other teachers of those sittings (a dashboard card each, SPEC §4), and with "contact the head teacher"
// for the subject's head teachers and the admins too. Written through these calls only (online); every device
// reads them from the `notes` collection. Designed where SPEC is silent: a memo is changed or deleted by its
// author or an admin, never by another teacher of the subject.

const memoRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  message: z.string(),
  contact_to_head_teacher: z.boolean(),
  schedules_id: z.array(z.string()),
  author_id: z.string(),
  author_name: z.string(),
  updated_at: z.coerce.date(),
});

/** The live memos that meet `where` (on the alias `m`), newest first, with their live sittings. */
async function readMemos(db: Executor, where: SQL): Promise<(Memo & { subject_id: string })[]> {
  const rows = await queryRows(
    db,
    sql`select m.id::text, m.subject_id::text, m.message, m.contact_to_head_teacher,
        coalesce((select json_agg(ms.schedule_id::text order by ms.schedule_id) from memo_schedules ms
          where ms.memo_id = m.id and not ms.deleted), '[]'::json) as schedules_id,
        u.id::text as author_id, u.name as author_name, m.updated_at
      from memos m join users u on u.id = m.author_id
      where not m.deleted and ${where}
      order by m.updated_at desc, m.id`,
    memoRow,
  );
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subject_id,
    message: row.message,
    contact_to_head_teacher: row.contact_to_head_teacher,
    schedules_id: row.schedules_id,
    author: { id: row.author_id, name: row.author_name },
    updated_at: row.updated_at.toISOString(),
  }));
}

/** The memo as an answer: without the subject the memo check needed. */
function answer({ subject_id: _, ...memo }: Memo & { subject_id: string }): Memo {
  return memo;
}

const isTeacherRow = z.object({ is_teacher: z.boolean() });

async function teachesSubject(db: Executor, actor: Actor, subjectId: string): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select ${actor.id}::uuid in ${teachersOfSubject(subjectId)} as is_teacher`,
    isTeacherRow,
  );
  return row?.is_teacher === true;
}

/** `GET /api/memo/{subjectId}/check-teacher-in-subject`: whether the caller teaches the subject (SPEC §6). */
export async function checkTeacherInSubject(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  return { isTeacher: actor.role === Role.teacher && (await teachesSubject(db, actor, subjectId)) };
}

const sittingRow = z.object({ id: z.string(), subject_id: z.string(), university_id: z.string() });

/**
 * The one subject of the sittings a memo names: 422 on `schedules_id` when one is not a live sitting or they
 * belong to different subjects (a memo is about one subject), or when `subjectId` is given and differs.
 */
async function subjectOfSittings(db: Executor, ids: readonly string[], subjectId: string | null) {
  const sittings = await queryRows(
    db,
    sql`select s.id::text, s.subject_id::text, s.university_id::text from schedules s
      where s.id in (${inList(ids)}) and not s.deleted`,
    sittingRow,
  );
  const [first] = sittings;
  const subjects = new Set(sittings.map((sitting) => sitting.subject_id));
  if (
    !first ||
    subjects.size > 1 ||
    sittings.length !== new Set(ids).size ||
    (subjectId !== null && first.subject_id !== subjectId)
  )
    throw validationFailed({ schedules_id: [FieldError.invalid] });
  return { subjectId: first.subject_id, universityId: first.university_id };
}

/** 403 unless the caller may write memos of the subject (SPEC §6); 404 when they cannot see it. */
async function requireMemoWriter(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  if (!mayWriteMemo(actor.role, await teachesSubject(db, actor, subjectId))) throw forbidden();
}

/** The live memo `memoId` the caller may change: 404 when they cannot see it, 403 unless `mayChangeMemo`. */
async function memoToChange(db: Executor, actor: Actor, memoId: string) {
  const [memo] = await readMemos(
    db,
    sql`m.id::text = ${memoId} and ${subjectScope(actor, sql`m.subject_id`)}`,
  );
  if (!memo) throw notFound();
  if (!mayChangeMemo(actor, memo.author.id, await teachesSubject(db, actor, memo.subject_id)))
    throw forbidden();
  return memo;
}

/** Links a memo to exactly `scheduleIds`: other links are deleted, a link deleted before comes back. */
async function linkSittings(
  tx: Transaction,
  seq: number,
  memo: { id: string; subjectId: string; universityId: string },
  scheduleIds: readonly string[],
) {
  await tx.execute(sql`update memo_schedules set deleted = true, seq = ${seq}, updated_at = now()
    where memo_id = ${memo.id} and not deleted and schedule_id not in (${inList(scheduleIds)})`);
  for (const scheduleId of new Set(scheduleIds)) {
    await tx.execute(sql`insert into memo_schedules (subject_id, university_id, memo_id, schedule_id, seq)
      values (${memo.subjectId}, ${memo.universityId}, ${memo.id}, ${scheduleId}, ${seq})
      on conflict (memo_id, schedule_id) do update set deleted = false, seq = ${seq}, updated_at = now()
        where memo_schedules.deleted`);
  }
}

const clean = (message: string) => sanitizeWithin(message, LIMITS.noteMaxLength);

async function readMemo(db: Executor, memoId: string): Promise<Memo> {
  const [memo] = await readMemos(db, sql`m.id::text = ${memoId}`);
  if (!memo) throw notFound();
  return answer(memo);
}

/** `POST /api/memo`: a memo about sittings of one subject; the cards of its sittings' teachers come at once. */
export async function createMemo(deps: SubjectWriteDeps, actor: Actor, body: MemoWrite): Promise<Memo> {
  const place = await subjectOfSittings(deps.db, body.schedules_id, null);
  await requireMemoWriter(deps.db, actor, place.subjectId);
  const { id } = await writeSubjectRows(
    deps,
    async (tx, seq) => {
      const [row] = await queryRows(
        tx,
        sql`insert into memos (subject_id, university_id, message, contact_to_head_teacher, author_id, seq)
          values (${place.subjectId}, ${place.universityId}, ${clean(body.message)},
            ${body.contact_to_head_teacher}, ${actor.id}, ${seq})
          returning id::text`,
        z.object({ id: z.string() }),
      );
      if (!row) throw notFound();
      await linkSittings(tx, seq, { id: row.id, ...place }, body.schedules_id);
      return { subjectId: place.subjectId, id: row.id };
    },
    [SyncCollection.notes],
  );
  return readMemo(deps.db, id);
}

/** `POST /api/memo/{memoId}`: the author (or an admin) changes the text, the flag or the sittings. */
export async function updateMemo(
  deps: SubjectWriteDeps,
  actor: Actor,
  memoId: string,
  body: MemoWrite,
): Promise<Memo> {
  const memo = await memoToChange(deps.db, actor, memoId);
  const place = await subjectOfSittings(deps.db, body.schedules_id, memo.subject_id);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(sql`update memos set message = ${clean(body.message)},
          contact_to_head_teacher = ${body.contact_to_head_teacher}, seq = ${seq}, updated_at = now()
        where id = ${memoId}`);
      await linkSittings(tx, seq, { id: memoId, ...place }, body.schedules_id);
      return { subjectId: memo.subject_id };
    },
    [SyncCollection.notes],
  );
  return readMemo(deps.db, memoId);
}

/** `DELETE /api/memo/{memoId}`: the memo and its cards go. */
export async function deleteMemo(deps: SubjectWriteDeps, actor: Actor, memoId: string) {
  const memo = await memoToChange(deps.db, actor, memoId);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(
        sql`update memos set deleted = true, seq = ${seq}, updated_at = now() where id = ${memoId}`,
      );
      return { subjectId: memo.subject_id };
    },
    [SyncCollection.notes],
  );
  return { ok: true as const };
}

/** `GET /api/memo?schedules_id=…`: the memos about any of these sittings, of subjects the caller sees. */
export async function listMemos(db: Executor, actor: Actor, query: MemoListQuery) {
  if (query.schedules_id.length === 0) return { memos: [] };
  const memos = await readMemos(
    db,
    sql`${subjectScope(actor, sql`m.subject_id`)} and m.id in (select ms.memo_id from memo_schedules ms
      where not ms.deleted and ms.schedule_id in (${inList(query.schedules_id)}))`,
  );
  return { memos: memos.map(answer) };
}
