import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { StickyStatus } from '../../../domain/stickies';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type StickyDoc, stickyDocSchema } from '../../../domain/sync-docs';
import { stickyReadScope } from '../../access/stickies';
import type { SyncActor, SyncCollectionDef } from '../../sync/engine';
import { stickyColumns, stickyRowSchema } from './stickies';

const stickySyncRowSchema = stickyRowSchema.extend({
  seq: z.coerce.number().int(),
  deleted: z.boolean(),
});

type StickySyncRow = z.infer<typeof stickySyncRowSchema>;

function toDoc(row: StickySyncRow): StickyDoc {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    yearCodeName: row.year_code_name,
    lessonId: row.lesson_id,
    lessonName: row.lesson_name,
    lessonType: row.lesson_type,
    classId: row.class_id,
    className: row.class_name,
    scheduleId: row.schedule_id,
    roomName: row.room_name,
    highlightId: row.highlight_id,
    highlightType: row.highlight_type,
    conditionType: row.condition_type,
    compareType: row.compare_type,
    highlightValue: row.highlight_value,
    messageToStudent: row.message_to_student,
    planId: row.plan_id,
    contactUrls: (row.contact_to_student ?? []).map((contact) => contact.url),
    memoId: row.memo_id,
    requestId: row.request_id,
    studentId: row.student_id,
    studentIdentity: row.student_identity,
    studentName: row.student_name,
    updatedAt: row.seq,
    _deleted: row.deleted,
  };
}

/**
 * `stickies`: the signed-in user's own dashboard cards, nobody else's; a student only the highlight cards
 * their dashboard shows. A closed card travels as deleted, so the local database holds the open cards the
 * dashboard lists. Pull only: closing is `POST /api/sticky/{id}`, online (SPEC §4), and the sticky rules
 * write everything else.
 */
export const stickiesCollection: SyncCollectionDef<StickyDoc, StickySyncRow> = {
  name: 'stickies',
  docSchema: stickyDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.stickies.pull,
  scope: (actor: SyncActor) =>
    sql`${stickyColumns(sql`, st.seq, (st.deleted or st.status <> ${StickyStatus.open}) as deleted`)}
        where ${stickyReadScope(actor)}`,
  rowSchema: stickySyncRowSchema,
  toDoc,
  push: null,
};
