import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { deletedWithUser, students, users } from './people';

/**
 * A guardian's link to a student (issue 43): a guardian may have several children and a student several
 * guardians. A link is ended, never deleted (`ended_at`), so who could see a child when stays on record; at
 * most one live link per pair. Only `server/access` reads it to decide a guardian's rows (the `ward` reach).
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: deletedWithUser('guardian_id'),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Null while the link is live. */
    endedAt: instant('ended_at'),
    /** The admin who made the link (null when made by the seed). */
    createdBy: uuid('created_by').references(() => users.id),
  },
  (table) => [
    uniqueIndex('guardian_links_live_pair_unique')
      .on(table.guardianId, table.studentId)
      .where(sql`${table.endedAt} is null`),
    index('guardian_links_guardian_id_idx').on(table.guardianId),
    index('guardian_links_student_id_idx').on(table.studentId),
  ],
);
