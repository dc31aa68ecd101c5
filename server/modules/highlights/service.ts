import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FieldError } from '../../../domain/errors';
import { LessonType } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import type {
  Highlight,
  HighlightDetail,
  HighlightPriorityRequest,
  HighlightWrite,
} from '../../../domain/schemas/highlights';
import { SyncCollection } from '../../../domain/sync';
import { ValidationCode } from '../../../domain/validation-codes';
import type { Actor } from '../../access/actor';
import { requireLessonWork, requireSubjectVisible, teachersOfSubject } from '../../access/subjects';
import { liveUser } from '../../access/users';
import type { Executor, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { notFound, validationFailed } from '../../http-error';
import { highlightHits } from '../dashboard/rules/highlights';
import { ruleContext } from '../dashboard/rules/types';
import { teachersAmong } from '../people/staff';
import { readStudentsWithGpa } from '../subjects/service';
import { type SubjectWriteDeps, writeSubjectRows } from '../subjects/write';

const highlightRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  type: z.number(),
  condition_type: z.number(),
  compare_type: z.number(),
  value: z.coerce.number(),
  message_to_student: z.string().nullable(),
  priority: z.number(),
  hidden: z.boolean(),
});

/** The live highlights of a subject that meet `where` (on the alias `h`), in priority order. */
async function readHighlights(db: Executor, subjectId: string, where: SQL = sql`true`): Promise<Highlight[]> {
  const rows = await queryRows(
    db,
    sql`select h.id::text, h.subject_id::text, h.type::int, h.condition_type::int, h.compare_type::int,
        h.value::float8 as value, h.message_to_student, h.priority, h.hidden
      from highlights h where h.subject_id = ${subjectId} and not h.deleted and ${where}
      order by h.priority, h.id`,
    highlightRow,
  );
  return rows as Highlight[];
}

async function readHighlight(db: Executor, subjectId: string, highlightId: string): Promise<Highlight> {
  const [found] = await readHighlights(db, subjectId, sql`h.id::text = ${highlightId}`);
  if (!found) throw notFound();
  return found;
}

/** `GET .../highlights` (shown) and `.../hidden-highlights`: the subject's highlights in priority order. */
export async function listHighlights(db: Executor, actor: Actor, subjectId: string, hidden: boolean) {
  await requireSubjectVisible(db, actor, subjectId);
  return { highlights: await readHighlights(db, subjectId, sql`h.hidden = ${hidden}`) };
}

/** `GET .../highlights/{highlightId}`: the highlight and the students it flags now (none while hidden). */
export async function readHighlightDetail(
  db: Executor,
  actor: Actor,
  subjectId: string,
  highlightId: string,
  now: Date,
): Promise<HighlightDetail> {
  await requireSubjectVisible(db, actor, subjectId);
  const highlight = await readHighlight(db, subjectId, highlightId);
  const hits = await highlightHits(db, ruleContext(now, { subjectId }));
  const students = hits.find((hit) => hit.highlight.id === highlightId)?.students ?? [];
  return {
    ...highlight,
    students: students.map((student) => ({ id: student.id, identity: student.identity, name: student.name })),
  };
}

/** 422 when the subject already has a live highlight of the same condition (SPEC §5). */
async function refuseDuplicate(
  tx: Transaction,
  subjectId: string,
  body: HighlightWrite,
  self: string | null,
) {
  const same = await readHighlights(
    tx,
    subjectId,
    sql`h.type = ${body.type} and h.condition_type = ${body.condition_type}
      and h.compare_type = ${body.compare_type} and h.value = ${body.value}
      and ${self === null ? sql`true` : sql`h.id::text <> ${self}`}`,
  );
  if (same.length > 0) throw validationFailed({ condition_type: [ValidationCode.duplicateName] });
}

/**
 * `POST .../highlights` and `.../highlights/{highlightId}`: a new highlight goes last in the priority order.
 * The subject's highlight cards are recomputed at once (the refresh queue of `writeSubjectRows`).
 */
export async function writeHighlight(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  highlightId: string | null,
  body: HighlightWrite,
): Promise<Highlight> {
  await requireLessonWork(deps.db, actor, subjectId);
  if (highlightId !== null) await readHighlight(deps.db, subjectId, highlightId);
  const id = await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`highlights:${subjectId}`}, 0))`);
      await refuseDuplicate(tx, subjectId, body, highlightId);
      const fields = sql`type = ${body.type}, condition_type = ${body.condition_type},
        compare_type = ${body.compare_type}, value = ${body.value}, message_to_student = ${body.message_to_student},
        hidden = ${body.hidden}, seq = ${seq}, updated_at = now()`;
      if (highlightId !== null) {
        await tx.execute(sql`update highlights set ${fields} where id = ${highlightId}`);
        return { subjectId, id: highlightId };
      }
      const [row] = await queryRows(
        tx,
        sql`insert into highlights (subject_id, university_id, type, condition_type, compare_type, value,
            message_to_student, hidden, priority, seq)
          select p.id, p.university_id, ${body.type}, ${body.condition_type}, ${body.compare_type}, ${body.value},
            ${body.message_to_student}, ${body.hidden},
            coalesce((select max(h.priority) + 1 from highlights h where h.subject_id = p.id and not h.deleted), 0),
            ${seq}
          from subjects p where p.id = ${subjectId}
          returning id::text`,
        z.object({ id: z.string() }),
      );
      if (!row) throw notFound();
      return { subjectId, id: row.id };
    },
    [SyncCollection.subjects],
  );
  return readHighlight(deps.db, subjectId, id.id);
}

/** `DELETE .../highlights/{highlightId}`: soft-deletes it; its cards go with the refresh. */
export async function deleteHighlight(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  highlightId: string,
) {
  await requireLessonWork(deps.db, actor, subjectId);
  await readHighlight(deps.db, subjectId, highlightId);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(sql`update highlights set deleted = true, seq = ${seq}, updated_at = now()
        where id = ${highlightId}`);
      return { subjectId };
    },
    [SyncCollection.subjects],
  );
  return { ok: true as const };
}

/**
 * `POST .../highlights/priority`: the subject's highlights in the order given. The list must name every live
 * highlight of the subject once (shown and hidden), so two editors never leave a gap or a tie.
 */
export async function reorderHighlights(
  deps: SubjectWriteDeps,
  actor: Actor,
  subjectId: string,
  body: HighlightPriorityRequest,
) {
  await requireLessonWork(deps.db, actor, subjectId);
  await writeSubjectRows(
    deps,
    async (tx, seq) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`highlights:${subjectId}`}, 0))`);
      const live = (await readHighlights(tx, subjectId)).map((row) => row.id);
      const given = new Set(body.ids);
      if (given.size !== body.ids.length || live.length !== given.size || live.some((id) => !given.has(id)))
        throw validationFailed({ ids: [FieldError.invalid] });
      for (const [priority, id] of body.ids.entries()) {
        await tx.execute(sql`update highlights set priority = ${priority}, seq = ${seq}, updated_at = now()
          where id = ${id} and priority <> ${priority}`);
      }
      return { subjectId };
    },
    [SyncCollection.subjects],
  );
  return { highlights: await readHighlights(deps.db, subjectId, sql`not h.hidden`) };
}

/** `GET .../highlights/list-score`: the subject's students with their GPA (the borderline preview). */
export async function highlightScoreList(db: Executor, actor: Actor, subjectId: string) {
  return readStudentsWithGpa(db, actor, subjectId);
}

const namedRow = z.object({ id: z.string(), name: z.string() });

/** `GET .../exams`: the subject's live exams by name. */
export async function subjectExams(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  const exams = await queryRows(
    db,
    sql`select id::text, name from lessons where subject_id = ${subjectId} and not deleted
      and type = ${LessonType.exam} order by name, id`,
    namedRow,
  );
  return { exams };
}

/** `GET .../teachers`: the subject's teachers (in charge of a class, or named on a sitting). */
export async function subjectTeachers(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  return { teachers: await teachersAmong(db, teachersOfSubject(subjectId)) };
}

/** `GET .../head-teacher-admin`: who a memo's "contact the head teacher" reaches: head teachers and admins. */
export async function headTeachersAndAdmins(db: Executor, actor: Actor, subjectId: string) {
  await requireSubjectVisible(db, actor, subjectId);
  const users = await queryRows(
    db,
    sql`select u.id::text, u.name from users u where ${liveUser()}
      and (u.role = ${Role.admin} or u.id in ${teachersOfSubject(subjectId, { headOnly: true })})
      order by u.role, u.name, u.id`,
    namedRow,
  );
  return { users };
}
