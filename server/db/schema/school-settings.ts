import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { universities } from './master';
import { users } from './people';

/**
 * The school's settings that admins change (issue 44), one row (id 1) read with its defaults when absent:
 * whether a first sign-in with the school's identity provider may create a student account, and the
 * university such a student joins.
 */
export const schoolSettings = pgTable(
  'school_settings',
  {
    id: smallint('id').primaryKey().default(1),
    providerCreatesStudents: boolean('provider_creates_students').notNull().default(false),
    providerStudentUniversityId: uuid('provider_student_university_id').references(() => universities.id),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('school_settings_single_row', sql`${table.id} = 1`),
    // Turned on, it names where the new students go.
    check(
      'school_settings_provider_university',
      sql`not ${table.providerCreatesStudents} or ${table.providerStudentUniversityId} is not null`,
    ),
  ],
);
