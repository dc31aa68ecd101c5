import { type SQL, sql } from 'drizzle-orm';
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
import {
  docFieldColumns,
  docJsonOf,
  type StoredField,
  SYNC_DOC_FIELDS,
  SYNC_ROW_COLUMNS,
  toDocFields,
} from '../../sync/doc-fields';
import type { SyncCollectionDef, SyncWriteContext } from '../../sync/engine';
import { holdIds, upsertRow } from '../../sync/write-row';
import { sanitizeWithin } from '../dashboard/sanitize';

const noteRowSchema = noteDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type NoteRow = z.infer<typeof noteRowSchema>;

/** The fields only some kinds have, as a kind without one selects it: a typed null, an empty list. */
const ABSENT = {
  lessonId: sql`null::text`,
  scheduleId: sql`null::text`,
  planId: sql`null::text`,
  studentId: sql`null::text`,
  content: sql`null::text`,
  publish: sql`null::int`,
  lessonType: sql`null::int`,
  contactToHeadTeacher: sql`null::boolean`,
  scheduleIds: sql`'[]'::json`,
  links: sql`'[]'::json`,
  contactToStudent: sql`'[]'::json`,
} satisfies Record<
  Exclude<StoredField<NoteDoc>, 'id' | 'kind' | 'subjectId' | 'universityId' | 'authorId'>,
  SQL
>;

/**
 * The rows of one kind named after the document's fields, in the schema's order (so the kinds' selects line
 * up in a union): the fields every kind's table (`t`) has, the kind's `own` columns, the rest `ABSENT`.
 */
function notesOfKind(kind: NoteKind, table: SQL, own: Partial<typeof ABSENT>, seq: SQL = sql`t.seq`): SQL {
  const columns = {
    id: sql`t.id::text`,
    kind: sql`${kind}::text`,
    subjectId: sql`t.subject_id::text`,
    universityId: sql`t.university_id::text`,
    authorId: sql`t.author_id::text`,
    ...ABSENT,
    ...own,
  };
  return sql`select ${docFieldColumns(noteDocSchema, columns)}, ${seq} as seq, t.deleted from ${table}`;
}

/**
 * Memos, plans, plan notes and subject notes in one shape: the notes pull, its JSON page and the plan's REST
 * read all read this one field list. A memo's sequence is the latest of the memo and its schedule links, so
 * a change to either reaches the client.
 */
const ALL_NOTES = sql.join(
  [
    notesOfKind(
      NoteKind.memo,
      sql`memos t`,
      {
        content: sql`t.message`,
        contactToHeadTeacher: sql`t.contact_to_head_teacher`,
        scheduleIds: sql`coalesce((select json_agg(ms.schedule_id::text order by ms.schedule_id::text)
          from memo_schedules ms where ms.memo_id = t.id and not ms.deleted), '[]'::json)`,
      },
      sql`greatest(t.seq, coalesce((select max(ms.seq) from memo_schedules ms where ms.memo_id = t.id), 0))`,
    ),
    notesOfKind(NoteKind.plan, sql`plans t`, {
      lessonId: sql`t.lesson_id::text`,
      scheduleId: sql`t.schedule_id::text`,
      content: sql`t.content`,
      publish: sql`t.publish::int`,
      lessonType: sql`t.lesson_type::int`,
      links: sql`t.links::json`,
      contactToStudent: sql`t.contact_to_student::json`,
    }),
    notesOfKind(NoteKind.planNote, sql`plan_notes t`, {
      lessonId: sql`t.lesson_id::text`,
      scheduleId: sql`t.schedule_id::text`,
      planId: sql`t.plan_id::text`,
      content: sql`t.content`,
    }),
    notesOfKind(NoteKind.note, sql`notes t`, {
      lessonId: sql`t.lesson_id::text`,
      studentId: sql`t.student_id::text`,
      content: sql`t.content`,
    }),
  ],
  sql` union all `,
);

const toDoc = (row: NoteRow): NoteDoc => toDocFields(row);

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
  docJson: docJsonOf(noteDocSchema),
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
