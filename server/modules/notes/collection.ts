import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PlanPublish } from '../../../domain/lessons';
import { Role } from '../../../domain/roles';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type NoteDoc, NoteKind, noteDocSchema } from '../../../domain/sync-docs';
import { classScopeVersion, subjectsOfClassesTaughtBy } from '../../access/classes';
import type { SyncActor, SyncCollectionDef } from '../../sync/engine';

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

/**
 * SPEC §6 for a subject's notes: admins and observers (who open every subject) all of them; a teacher those
 * of the subjects they teach a class of; a student only the published plans of subjects they take.
 */
function notesScope(actor: SyncActor): SQL {
  if (actor.role === Role.admin || actor.role === Role.observer) return sql`true`;
  if (actor.role === Role.teacher) {
    return sql`n.subject_id::uuid in ${subjectsOfClassesTaughtBy(actor.id)}`;
  }
  if (actor.role === Role.student) {
    return sql`n.kind = ${NoteKind.plan} and n.publish = ${PlanPublish.published}
      and n.subject_id::uuid in (select ss.subject_id from subject_students ss join students s on s.id = ss.student_id
        where s.user_id = ${actor.id} and not ss.deleted)`;
  }
  return sql`false`;
}

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
 * `notes`: memos, plans, plan notes and subject notes, pull only. SPEC names offline edits for attendance
 * and achievement alone; these are written online through their REST calls, which stamp new sequences.
 */
export const notesCollection: SyncCollectionDef<NoteDoc, NoteRow> = {
  name: 'notes',
  docSchema: noteDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.notes.pull,
  scopeVersion: classScopeVersion,
  scope: (actor) => sql`select * from (${ALL_NOTES}) as n where ${notesScope(actor)}`,
  rowSchema: noteRowSchema,
  toDoc,
  push: null,
};
