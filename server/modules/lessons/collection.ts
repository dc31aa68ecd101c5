import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type LessonDoc, lessonDocSchema } from '../../../domain/sync-docs';
import { lessonReadScope } from '../../access/lessons';
import { docJsonOf, SYNC_DOC_FIELDS, SYNC_ROW_COLUMNS, toDocFields } from '../../sync/doc-fields';
import type { SyncCollectionDef } from '../../sync/engine';

const lessonRowSchema = lessonDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type LessonRow = z.infer<typeof lessonRowSchema>;

const LESSON_SELECT = sql`select l.id::text as "id", l.subject_id::text as "subjectId",
    l.university_id::text as "universityId", l.name as "name", l.type::int as "type", l.publish::int as "publish",
    l.table_of_contents as "tableOfContents", l.overview as "overview", l.minutes as "minutes",
    l.exam_name_id::text as "examNameId", l.assist_apply as "assistApply", l.assist_status::int as "assistStatus",
    l.seq, l.deleted
  from lessons l`;

/**
 * `lessons`: the lessons and exams of the subjects a user sees, drafts included for staff. Pull only:
 * lessons change through the lesson screens' REST calls.
 */
export const lessonsCollection: SyncCollectionDef<LessonDoc, LessonRow> = {
  name: 'lessons',
  docSchema: lessonDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.lessons.pull,
  scope: (actor) => sql`${LESSON_SELECT} where ${lessonReadScope(actor)}`,
  subjectColumn: 'subjectId',
  rowSchema: lessonRowSchema,
  toDoc: toDocFields,
  docJson: docJsonOf(lessonDocSchema),
  push: null,
};
