import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AccessKind } from '../../../domain/access-log';
import type { AccessReadPage, MyAccessReadPage, StaffAccessReadPage } from '../../../domain/schemas/privacy';
import type { Actor } from '../../access/actor';
import { requireOwnOrWard } from '../../access/guardians';
import { studentScope } from '../../access/students';
import type { Executor } from '../../db/client';
import { inList, queryRows } from '../../db/rows';
import { forbidden, notFound } from '../../http-error';

/** Entries a page of the log holds. */
export const ACCESS_LOG_PAGE = 50;

/** Students an entry of a staff member's log names by name; the count says how many in all. */
const NAMED_STUDENTS = 20;

const entryRow = z.object({
  id: z.coerce.number(),
  at: z.coerce.date(),
  kind: z.enum(AccessKind),
  source: z.string().nullable(),
  students_count: z.coerce.number(),
  student_ids: z.array(z.string()),
  actor_id: z.string().nullable(),
  actor_role: z.number().nullable(),
  reader_name: z.string().nullable(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
});
type EntryRow = z.infer<typeof entryRow>;

/**
 * A page of entries matching `where`, newest first, with the reader's name and the subject the read was
 * under (named by the entry, or through the class it named).
 */
async function entriesWhere(db: Executor, where: SQL, before: number | undefined): Promise<EntryRow[]> {
  return queryRows(
    db,
    sql`select l.id, l.at, l.kind, coalesce(l.what->>'call', l.what->>'collection') as source,
          cardinality(l.student_ids) as students_count, l.student_ids, l.actor_id, l.actor_role,
          u.name as reader_name, p.id as subject_id, sn.name as subject_name
        from access_log l
        left join users u on u.id = l.actor_id
        left join subjects p on p.id::text = coalesce(l.what->>'subjectId',
          (select c.subject_id::text from subject_classes c where c.id::text = l.what->>'subjectClassId'))
        left join subject_names sn on sn.id = p.subject_name_id
        where ${where} ${before === undefined ? sql`` : sql`and l.id < ${before}`}
        order by l.id desc limit ${ACCESS_LOG_PAGE + 1}`,
    entryRow,
  );
}

function paged<T>(
  rows: readonly EntryRow[],
  toEntry: (row: EntryRow) => T,
): { entries: T[]; next: number | null } {
  const page = rows.slice(0, ACCESS_LOG_PAGE);
  const last = page.at(-1);
  return { entries: page.map(toEntry), next: rows.length > ACCESS_LOG_PAGE && last ? last.id : null };
}

function whatOf(row: EntryRow) {
  return {
    kind: row.kind,
    subject: row.subject_id ? { id: row.subject_id, name: row.subject_name ?? '' } : null,
    source: row.source ?? '',
  };
}

function readerOf(row: EntryRow) {
  if (row.actor_id === null) return null;
  return { id: row.actor_id, name: row.reader_name ?? '', role: row.actor_role ?? -1 };
}

/** `GET /api/students/{id}/access-log`: every read of one student's record, for admins. */
export async function studentAccessLog(
  db: Executor,
  actor: Actor,
  studentId: string,
  before: number | undefined,
): Promise<AccessReadPage> {
  const [student] = await queryRows(
    db,
    sql`select ${studentScope(actor, sql`s.id`)} as visible from students s where s.id = ${studentId}`,
    z.object({ visible: z.boolean() }),
  );
  if (!student) throw notFound();
  if (!student.visible) throw forbidden();
  const rows = await entriesWhere(db, sql`l.student_ids @> array[${studentId}]::uuid[]`, before);
  return paged(rows, (row) => ({
    id: row.id,
    at: row.at.toISOString(),
    reader: readerOf(row),
    students_count: row.students_count,
    ...whatOf(row),
  }));
}

const studentRefRow = z.object({ id: z.string(), identity: z.string(), name: z.string() });

/** `GET /api/users/{id}/access-log`: every read one staff member (or guardian) made, with whom it named. */
export async function staffAccessLog(
  db: Executor,
  userId: string,
  before: number | undefined,
): Promise<StaffAccessReadPage> {
  const [user] = await queryRows(
    db,
    sql`select id from users where id = ${userId}`,
    z.object({ id: z.string() }),
  );
  if (!user) throw notFound();
  const rows = await entriesWhere(db, sql`l.actor_id = ${userId}`, before);
  const named = [...new Set(rows.flatMap((row) => row.student_ids.slice(0, NAMED_STUDENTS)))];
  const refs =
    named.length === 0
      ? []
      : await queryRows(
          db,
          sql`select s.id, s.identity, u.name from students s join users u on u.id = s.user_id
              where s.id in (${inList(named)})`,
          studentRefRow,
        );
  const byId = new Map(refs.map((ref) => [ref.id, ref]));
  return paged(rows, (row) => ({
    id: row.id,
    at: row.at.toISOString(),
    reader: readerOf(row),
    students_count: row.students_count,
    students: row.student_ids.slice(0, NAMED_STUDENTS).flatMap((id) => byId.get(id) ?? []),
    ...whatOf(row),
  }));
}

/**
 * `GET /api/me/access-log`: who looked at the caller's record, the record a student (or a guardian's ward)
 * is, by the student rule itself. The server's own jobs are not readers, and neither is the caller.
 */
export async function myAccessLog(
  db: Executor,
  actor: Actor,
  before: number | undefined,
): Promise<MyAccessReadPage> {
  const mine = sql`array(select s.id from students s where ${studentScope(actor, sql`s.id`)})`;
  return whoLookedAt(db, actor, sql`l.student_ids && ${mine}`, before);
}

/**
 * `GET /api/students/{id}/who-looked`: who looked at one student's record, for the student themself and for
 * each of their guardians (a guardian names the child: `requireOwnOrWard`, 404 for another family's child).
 * The same entries and shape as `myAccessLog`: readers other than the caller, the server's jobs left out.
 */
export async function wardAccessLog(
  db: Executor,
  actor: Actor,
  studentId: string,
  before: number | undefined,
): Promise<MyAccessReadPage> {
  await requireOwnOrWard(db, actor, studentId);
  return whoLookedAt(db, actor, sql`l.student_ids @> array[${studentId}]::uuid[]`, before);
}

/** A page of "who looked": the entries matching `ofRecord` read by someone other than the caller. */
async function whoLookedAt(
  db: Executor,
  actor: Actor,
  ofRecord: SQL,
  before: number | undefined,
): Promise<MyAccessReadPage> {
  const rows = await entriesWhere(
    db,
    sql`${ofRecord} and l.actor_id is not null and l.actor_id <> ${actor.id}`,
    before,
  );
  return paged(rows, (row) => ({
    id: row.id,
    at: row.at.toISOString(),
    reader: { name: row.reader_name ?? '', role: row.actor_role ?? -1 },
    ...whatOf(row),
  }));
}
