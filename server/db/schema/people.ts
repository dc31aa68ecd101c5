import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLE_LIST } from '../../../domain/roles';
import { timestamps } from './columns';
import { faculties, universities, yearCodes } from './master';

/** People who can sign in: every role of SPEC §1. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    nameKana: text('name_kana'),
    phone: text('phone'),
    role: smallint('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    avatar: text('avatar'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // Lookups compare lowercased addresses, so a mixed-case row could never sign in.
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_valid', sql`${table.role} in (${sql.raw(ROLE_LIST.join(', '))})`),
  ],
);

/** Student profile of a user with role student. */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identity: text('identity').notNull(),
    universityId: uuid('university_id').references(() => universities.id),
    facultyId: uuid('faculty_id').references(() => faculties.id),
    yearCodeId: uuid('year_code_id').references(() => yearCodes.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('students_user_id_unique').on(table.userId),
    uniqueIndex('students_identity_unique').on(table.identity),
  ],
);
