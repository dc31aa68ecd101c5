import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SYNC_COLLECTION_ROLES } from '../../../domain/sync';
import { type ScheduleDoc, scheduleDocSchema } from '../../../domain/sync-docs';
import { teachersOfScheduleLateral } from '../../access/classes';
import { scheduleReadScope } from '../../access/schedules';
import { docJsonOf, SYNC_DOC_FIELDS, SYNC_ROW_COLUMNS, toDocFields } from '../../sync/doc-fields';
import type { SyncCollectionDef } from '../../sync/engine';

const scheduleRowSchema = scheduleDocSchema.omit(SYNC_DOC_FIELDS).extend(SYNC_ROW_COLUMNS);

type ScheduleRow = z.infer<typeof scheduleRowSchema>;

// A schedule's row changes when its teachers or its lesson do (a deleted or published lesson deletes or shows
// its sittings), so its sequence is the latest of the schedule, its lesson and its teachers.
const SCHEDULE_SELECT = sql`select s.id::text as "id", s.subject_id::text as "subjectId",
    s.university_id::text as "universityId", s.lesson_id::text as "lessonId", s.class_id::text as "classId",
    s.day::text as "day", to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
    s.room_id::text as "roomId", coalesce(st.ids, '{}'::text[]) as "teacherIds",
    greatest(s.seq, l.seq, coalesce(st.seq, 0)) as seq, (s.deleted or l.deleted) as deleted
  from schedules s join lessons l on l.id = s.lesson_id
  ${teachersOfScheduleLateral(sql`s.id`, 'st')}`;

/**
 * `schedules`: the sittings of the lessons of the subjects a user sees, with their teachers (students only
 * those of published lessons). Pull only: schedules change through the lesson screens' REST calls.
 */
export const schedulesCollection: SyncCollectionDef<ScheduleDoc, ScheduleRow> = {
  name: 'schedules',
  docSchema: scheduleDocSchema,
  pullRoles: SYNC_COLLECTION_ROLES.schedules.pull,
  scope: (actor) => sql`${SCHEDULE_SELECT} where ${scheduleReadScope(actor)}`,
  subjectColumn: 'subjectId',
  rowSchema: scheduleRowSchema,
  toDoc: toDocFields,
  docJson: docJsonOf(scheduleDocSchema),
  push: null,
};
