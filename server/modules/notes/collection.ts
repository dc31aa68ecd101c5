import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PlanPublish } from '../../../domain/lessons';
import { LIMITS } from '../../../domain/limits';
import { mayEditClassWork } from '../../../domain/permissions';
import { noteWriteSchema, planWriteSchema } from '../../../domain/schemas/plans';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type NoteDoc, NoteKind, noteDocSchema } from '../../../domain/sync-docs';
import { planIdOf } from '../../../domain/sync-ids';
import type { Actor } from '../../access/actor';
import { classScopeVersion } from '../../access/classes';
import { notesReadScope } from '../../access/notes';
import { sittingWork } from '../../access/schedules';
import { studentRecordOf } from '../../access-log/pulls';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { planHistory, planNotes, plans } from '../../db/schema';
import type { SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { holdIds, upsertRow } from '../../sync/write-row';
import { sanitizeWithin } from '../dashboard/sanitize';

const noteRowSchema = z.object({
  id: z.string(),
  kind: z.enum(NoteKind),
  subject_id: z.string(),
  university_id: z.string(),
  lesson_id: z.string().nullable(),
  schedule_id: z.string().nullable(),
  plan_id: z.string().nullable(),
  student_id: z.string().nullable(),
  author_id: z.string().nullable(),
  content: z.string().nullable(),
  publish: z.number().int().nullable(),
  lesson_type: z.number().int().nullable(),
  contact_to_head_teacher: z.boolean().nullable(),
  schedule_ids: z.array(z.string()),
  links: z.array(z.object({ title: z.string(), link: z.string() })),
  contact_to_student: z.array(z.object({ url: z.string() })),
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type NoteRow = z.infer<typeof noteRowSchema>;

const none = sql`null::text`;
const noList = sql`'[]'::json`;

/**
 * Memos, plans, plan notes and subject notes in one shape. A memo's sequence is the latest of the memo and
 * its schedule links, so a change to either reaches the client.
 */
const ALL_NOTES = sql`
  select m.id::text as id, ${NoteKind.memo}::text as kind, m.subject_id::text as subject_id,
    m.university_id::text as university_id, ${none} as lesson_id, ${none} as schedule_id, ${none} as plan_id,
    ${none} as student_id, m.author_id::text as author_id, m.message as content, null::int as publish,
    null::int as lesson_type, m.contact_to_head_teacher,
    coalesce((select json_agg(ms.schedule_id::text order by ms.schedule_id::text) from memo_schedules ms
      where ms.memo_id = m.id and not ms.deleted), ${noList}) as schedule_ids,
    ${noList} as links, ${noList} as contact_to_student,
    greatest(m.seq, coalesce((select max(ms.seq) from memo_schedules ms where ms.memo_id = m.id), 0)) as seq,
    m.deleted
  from memos m
  union all
  select p.id::text, ${NoteKind.plan}::text, p.subject_id::text, p.university_id::text, p.lesson_id::text,
    p.schedule_id::text, ${none}, ${none}, p.author_id::text, p.content, p.publish::int, p.lesson_type::int,
    null::boolean, ${noList}, p.links::json, p.contact_to_student::json, p.seq, p.deleted
  from plans p
  union all
  select n.id::text, ${NoteKind.planNote}::text, n.subject_id::text, n.university_id::text, n.lesson_id::text,
    n.schedule_id::text, n.plan_id::text, ${none}, n.author_id::text, n.content, null::int, null::int,
    null::boolean, ${noList}, ${noList}, ${noList}, n.seq, n.deleted
  from plan_notes n
  union all
  select n.id::text, ${NoteKind.note}::text, n.subject_id::text, n.university_id::text, n.lesson_id::text,
    ${none}, ${none}, n.student_id::text, n.author_id::text, n.content, null::int, null::int,
    null::boolean, ${noList}, ${noList}, ${noList}, n.seq, n.deleted
  from notes n`;

function toDoc(row: NoteRow): NoteDoc {
  return noteDocSchema.parse({
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    universityId: row.university_id,
    lessonId: row.lesson_id,
    scheduleId: row.schedule_id,
    planId: row.plan_id,
    studentId: row.student_id,
    authorId: row.author_id,
    content: row.content,
    publish: row.publish,
    lessonType: row.lesson_type,
    contactToHeadTeacher: row.contact_to_head_teacher,
    scheduleIds: row.schedule_ids,
    links: row.links,
    contactToStudent: row.contact_to_student,
    updatedAt: row.seq,
    _deleted: row.deleted,
  });
}

/**
 * The notes rows `ids` names, whatever their kind (deleted ones included), as documents; with `reader`, only
 * those the reader may read (`notesReadScope`, the rule the pull keeps too).
 */
export async function readNotes(db: Executor, ids: readonly string[], reader?: Actor): Promise<NoteDoc[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const readable = reader ? notesReadScope(reader) : sql`true`;
  const rows = await queryRows(
    db,
    sql`select * from (${ALL_NOTES}) as n where n.id in (${list}) and ${readable}`,
    noteRowSchema,
  );
  return rows.map(toDoc);
}

/** The fields that place a plan or a plan note; a push never moves a row to another sitting. */
const PLACE_FIELDS = [
  'kind',
  'subjectId',
  'universityId',
  'lessonId',
  'scheduleId',
  'planId',
  'studentId',
] as const;

/** What a plan's content must be (SPEC §5), checked with the plan call's own rules. */
const planContentSchema = planWriteSchema.pick({ publish: true, links: true, contact_to_student: true });

/** Whether a plan or plan note document holds content the plan calls would take. */
function validContent(doc: NoteDoc): boolean {
  if (doc.kind === NoteKind.planNote) {
    return noteWriteSchema.shape.content.safeParse(doc.content ?? '').success;
  }
  const content = planWriteSchema.shape.content.safeParse(doc.content ?? '');
  const rest = planContentSchema.safeParse({
    publish: doc.publish,
    links: doc.links,
    contact_to_student: doc.contactToStudent,
  });
  return content.success && rest.success;
}

const livePlanRow = z.object({ id: z.string() });

/** The live plan of a sitting, whatever its id (plans made before natural ids have random ones). */
async function livePlanOf(db: Executor, scheduleId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select id::text from plans where schedule_id = ${scheduleId} and not deleted`,
    livePlanRow,
  );
  return row?.id ?? null;
}

/**
 * Whether a plan or a note on one may be written (SPEC §6: the sitting's teachers and admins). Memos and
 * subject notes are written through their calls only. A row keeps its place; a new plan has its sitting's
 * natural id, and a sitting has one plan; a plan note is new (notes are not edited) and hangs on the live plan
 * of its sitting; a plan's lesson type is its lesson's.
 */
async function refuseNote(ctx: SyncWriteContext, next: NoteDoc, current: NoteDoc | null) {
  if (next.kind !== NoteKind.plan && next.kind !== NoteKind.planNote) return 'forbidden' as const;
  if (current && PLACE_FIELDS.some((field) => current[field] !== next[field])) return 'invalid' as const;
  if (next.scheduleId === null || next.lessonId === null || next.studentId !== null)
    return 'invalid' as const;
  const sitting = await sittingWork(ctx.tx, next.scheduleId);
  if (
    !sitting ||
    sitting.subject_id !== next.subjectId ||
    sitting.university_id !== next.universityId ||
    sitting.lesson_id !== next.lessonId
  ) {
    return 'invalid' as const;
  }
  if (!mayEditClassWork(ctx.actor, sitting.teacher_ids)) return 'forbidden' as const;
  if (!validContent(next)) return 'invalid' as const;
  if (next.kind === NoteKind.planNote) {
    if (current) return 'forbidden' as const;
    if (next._deleted || next.planId === null) return 'invalid' as const;
    return (await livePlanOf(ctx.tx, next.scheduleId)) === next.planId ? null : ('invalid' as const);
  }
  if (next.planId !== null || next.lessonType !== sitting.lesson_type) return 'invalid' as const;
  if (current) return null;
  if (next.id !== planIdOf(next.scheduleId)) return 'invalid' as const;
  return (await livePlanOf(ctx.tx, next.scheduleId)) === null ? null : ('conflict' as const);
}

/** Formatting a plan or note may hold, through the one allow-list (stored sanitised, SPEC issue #18). */
const clean = (content: string | null) =>
  content === null ? null : sanitizeWithin(content, LIMITS.noteMaxLength);

/**
 * `notes`: memos, plans, plan notes and subject notes. Plans and notes on plans are pushed (a plan drafted
 * offline syncs when back online, its writes kept in `plan_history` with their offline origin); memos and
 * subject notes are written through their REST calls, which stamp new sequences.
 */
export const notesCollection: SyncCollectionDef<NoteDoc, NoteRow> = {
  name: 'notes',
  docSchema: noteDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.notes.pull,
  scopeVersion: classScopeVersion,
  scope: (actor) => sql`select * from (${ALL_NOTES}) as n where ${notesReadScope(actor)}`,
  rowSchema: noteRowSchema,
  toDoc,
  recordOf: studentRecordOf,
  push: {
    roles: SYNC_COLLECTION_ROLES.notes.push,
    // A plan's fields merge one by one, so a draft written offline keeps what another teacher changed online.
    mergeFields: ['publish', 'content', 'links', 'contactToStudent'],
    async readForUpdate({ tx }, doc) {
      await holdIds(tx, [doc.id]);
      const [found] = await readNotes(tx, [doc.id]);
      return found ?? null;
    },
    refuse: (ctx, next, current) => refuseNote(ctx, next, current),
    // The author and the sanitised content are the server's.
    serverFields: true,
    async write({ tx, seq, now, actor }, doc, current) {
      const common = {
        id: doc.id,
        subjectId: doc.subjectId,
        universityId: doc.universityId,
        lessonId: doc.lessonId ?? '',
        scheduleId: doc.scheduleId ?? '',
        authorId: current?.authorId ?? actor.id,
        seq,
        deleted: doc._deleted,
        updatedAt: now,
      };
      if (doc.kind === NoteKind.planNote) {
        await tx
          .insert(planNotes)
          .values({ ...common, planId: doc.planId ?? '', content: clean(doc.content) ?? '' });
        return;
      }
      await upsertRow(tx, plans, [
        [plans.id, common.id],
        [plans.subjectId, common.subjectId],
        [plans.universityId, common.universityId],
        [plans.lessonId, common.lessonId],
        [plans.scheduleId, common.scheduleId],
        [plans.publish, doc.publish ?? PlanPublish.draft],
        [plans.lessonType, doc.lessonType],
        [plans.content, clean(doc.content)],
        [plans.links, JSON.stringify(doc.links)],
        [plans.contactToStudent, JSON.stringify(doc.contactToStudent)],
        [plans.authorId, common.authorId],
        [plans.seq, seq],
        [plans.deleted, doc._deleted],
        [plans.updatedAt, now.toISOString()],
      ]);
    },
    async history({ tx, actor, now }, before, after, offline) {
      if (after.kind !== NoteKind.plan) return;
      await tx.insert(planHistory).values({
        planId: after.id,
        subjectId: after.subjectId,
        changedBy: actor.id,
        changedAt: now,
        oldPublish: before?.publish ?? null,
        newPublish: after.publish ?? PlanPublish.draft,
        offline,
      });
    },
    // A registered plan answers the "without a plan" cards, a note the "note plan" cards, soon after.
    afterCommit: async (deps, written) => deps.cardRefresh.request(written.map((doc) => doc.subjectId)),
    audience: async () => 'all',
  },
};
