import { pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser } from './people';

/**
 * Each mark a guardian was told of (server/modules/absence-notices): a notice names only marks not yet in
 * here, and writes them in the same transaction as its notification and mail, so a job run again after a
 * crash sends nothing twice and a later sitting of the same day gets a notice of its own.
 */
export const absenceNoticeMarks = pgTable(
  'absence_notice_marks',
  {
    guardianId: deletedWithUser('guardian_id'),
    attendanceId: uuid('attendance_id').notNull(),
    /** The status told (late, unexplained absence): a mark turned from late to absent is told again. */
    status: smallint('status').notNull(),
    /** The notice's day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guardianId, table.attendanceId, table.status] })],
);
