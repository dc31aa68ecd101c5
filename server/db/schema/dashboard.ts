import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/limits';
import { NotificationMessage, type NotificationParams } from '../../../domain/notifications';
import { StickyStatus, StickyType } from '../../../domain/stickies';
import { codeCheck, instant, seqIndex, syncedRowColumns, textCheck } from './columns';
import { highlights } from './highlights';
import { lessons, schedules } from './lessons';
import { universities, yearCodes } from './master';
import { memos, plans } from './notes';
import { deletedWithUser, students, users } from './people';
import { requests } from './requests';
import { subjectClasses, subjects } from './subjects';

/**
 * A dashboard card of one user (SPEC §3 Sticky, §9 type codes). What it points at depends on its type, so
 * every reference is optional; closing it sets `status` closed (SPEC §4). Replicated to its owner only.
 */
export const stickies = pgTable(
  'stickies',
  {
    ...syncedRowColumns,
    userId: deletedWithUser(),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(StickyStatus.open),
    content: text('content'),
    universityId: uuid('university_id').references(() => universities.id),
    subjectId: uuid('subject_id').references(() => subjects.id),
    yearCodeId: uuid('year_code_id').references(() => yearCodes.id),
    lessonId: uuid('lesson_id').references(() => lessons.id),
    classId: uuid('class_id').references(() => subjectClasses.id),
    scheduleId: uuid('schedule_id').references(() => schedules.id),
    highlightId: uuid('highlight_id').references(() => highlights.id),
    planId: uuid('plan_id').references(() => plans.id),
    memoId: uuid('memo_id').references(() => memos.id),
    requestId: uuid('request_id').references(() => requests.id),
    studentId: uuid('student_id').references(() => students.id),
  },
  (table) => [
    index('stickies_user_id_idx').on(table.userId, table.status),
    seqIndex('stickies', table),
    codeCheck('stickies_type_valid', table.type, StickyType),
    codeCheck('stickies_status_valid', table.status, StickyStatus),
    textCheck('stickies_content_length', table.content, LIMITS.noteMaxLength),
  ],
);

/**
 * A notification of one user (SPEC §3: created_at, data.message, data.url); `read_at` null while unread;
 * `params` what it is about (a request's student, subject, class, option, day), null when nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...syncedRowColumns,
    userId: deletedWithUser(),
    message: text('message').notNull(),
    url: text('url').notNull(),
    params: jsonb('params').$type<NotificationParams>(),
    readAt: instant('read_at'),
  },
  (table) => [
    index('notifications_user_id_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    seqIndex('notifications', table),
    // A message code of domain/notifications.ts, worded by the app in the reader's language: never a sentence.
    check(
      'notifications_message_code',
      sql`${table.message} in (${sql.raw(
        Object.values(NotificationMessage)
          .map((code) => `'${code}'`)
          .join(', '),
      )})`,
    ),
    textCheck('notifications_url_length', table.url, LIMITS.urlMaxLength),
    // Links stay inside the app: a stored notification can never send a click to another site.
    check('notifications_url_relative', sql`${table.url} like '/%' and ${table.url} not like '//%'`),
  ],
);

/** A user's notification settings (SPEC §7 `notification-by-user`: web and mail). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  web: boolean('web').notNull().default(true),
  mail: boolean('mail').notNull().default(true),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
