import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LessonType, PlanPublish } from '../../../domain/lessons';
import { LIMITS } from '../../../domain/limits';
import { codeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { whoChangedWhen } from './history-columns';
import { lessons, schedules } from './lessons';
import { students, users } from './people';
import { subjectPartition, subjectPartitionKey } from './subjects';

/** A link of a plan (SPEC §3 external link entry). */
export interface PlanLink {
  title: string;
  link: string;
}

/**
 * The plan of one schedule (SPEC §3 Plan): one per schedule, its lesson the schedule's lesson. `links` and
 * `contact_to_student` are small JSON lists the plan screen edits as a whole.
 */
export const plans = pgTable(
  'plans',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    lessonId: uuid('lesson_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    publish: smallint('publish').notNull().default(PlanPublish.draft),
    lessonType: smallint('lesson_type').notNull(),
    content: text('content'),
    links: jsonb('links').$type<PlanLink[]>().notNull().default([]),
    contactToStudent: jsonb('contact_to_student').$type<{ url: string }[]>().notNull().default([]),
    authorId: uuid('author_id').references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('plans', table),
    foreignKey({
      name: 'plans_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    foreignKey({
      name: 'plans_schedule_lesson_fk',
      columns: [table.scheduleId, table.lessonId],
      foreignColumns: [schedules.id, schedules.lessonId],
    }),
    unique('plans_id_schedule_unique').on(table.id, table.scheduleId),
    uniqueIndex('plans_one_per_schedule').on(table.scheduleId).where(sql`not ${table.deleted}`),
    index('plans_subject_id_idx').on(table.subjectId),
    seqIndex('plans', table),
    codeCheck('plans_publish_valid', table.publish, PlanPublish),
    codeCheck('plans_lesson_type_valid', table.lessonType, LessonType),
    textCheck('plans_content_length', table.content, LIMITS.noteMaxLength),
  ],
);

/**
 * Every write of a plan: who, when, the publish value before and after, and whether it came from an offline
 * replay (a plan drafted on a train). Append-only; not replicated.
 */
export const planHistory = pgTable(
  'plan_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    subjectId: uuid('subject_id').notNull(),
    ...whoChangedWhen(),
    oldPublish: smallint('old_publish'),
    newPublish: smallint('new_publish').notNull(),
    offline: boolean('offline').notNull().default(false),
  },
  (table) => [index('plan_history_plan_id_idx').on(table.planId, table.changedAt)],
);

/** A note on a plan (SPEC §3 note payload: subject_id, lesson_id, schedule_id, plan_id). */
export const planNotes = pgTable(
  'plan_notes',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    lessonId: uuid('lesson_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    planId: uuid('plan_id').notNull(),
    content: text('content').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('plan_notes', table),
    foreignKey({
      name: 'plan_notes_plan_fk',
      columns: [table.planId, table.scheduleId],
      foreignColumns: [plans.id, plans.scheduleId],
    }),
    foreignKey({
      name: 'plan_notes_schedule_fk',
      columns: [table.scheduleId, table.lessonId],
      foreignColumns: [schedules.id, schedules.lessonId],
    }),
    index('plan_notes_plan_id_idx').on(table.planId),
    seqIndex('plan_notes', table),
    textCheck('plan_notes_content_length', table.content, LIMITS.noteMaxLength, true),
  ],
);

/**
 * A note on a subject (the subject's notes tab, the lesson-related and student-contact note cards): about a
 * lesson, a student, or the subject as a whole.
 */
export const notes = pgTable(
  'notes',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    lessonId: uuid('lesson_id'),
    studentId: uuid('student_id').references(() => students.id),
    content: text('content').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('notes', table),
    foreignKey({
      name: 'notes_lesson_fk',
      columns: [table.lessonId, table.subjectId],
      foreignColumns: [lessons.id, lessons.subjectId],
    }),
    index('notes_subject_id_idx').on(table.subjectId),
    seqIndex('notes', table),
    textCheck('notes_content_length', table.content, LIMITS.noteMaxLength, true),
  ],
);

/** A teacher's memo about schedules of one subject (SPEC §3 Memo: message, contact_to_head_teacher, schedules_id). */
export const memos = pgTable(
  'memos',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    message: text('message').notNull(),
    contactToHeadTeacher: boolean('contact_to_head_teacher').notNull().default(false),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('memos', table),
    unique('memos_id_subject_unique').on(table.id, table.subjectId),
    index('memos_subject_id_idx').on(table.subjectId),
    seqIndex('memos', table),
    textCheck('memos_message_length', table.message, LIMITS.noteMaxLength, true),
  ],
);

/** The schedules a memo is about; each one of the memo's subject. */
export const memoSchedules = pgTable(
  'memo_schedules',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    memoId: uuid('memo_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
  },
  (table) => [
    subjectPartitionKey('memo_schedules', table),
    foreignKey({
      name: 'memo_schedules_memo_fk',
      columns: [table.memoId, table.subjectId],
      foreignColumns: [memos.id, memos.subjectId],
    }),
    foreignKey({
      name: 'memo_schedules_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    uniqueIndex('memo_schedules_pair_unique').on(table.memoId, table.scheduleId),
    index('memo_schedules_schedule_id_idx').on(table.scheduleId),
    seqIndex('memo_schedules', table),
  ],
);
