import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/limits';
import { DEFAULT_LOCALE, LOCALES } from '../../../domain/locales';
import { ROLE_LIST } from '../../../domain/roles';
import { JlptLevel } from '../../../domain/schemas/people';
import { codeCheck, instant, seqIndex, syncColumns, syncedRowColumns, textCheck } from './columns';
import { faculties, universities, yearCodes } from './master';

/**
 * People who can sign in: every role of SPEC §1. Replicated (teachers see their students, everyone the staff
 * lists of the master data), so it carries the change-sequence columns of the `people` scope.
 */
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
    /** SPEC §3 Teacher `deactive.retire_at`: null while employed; teachers retired on or before a day are not offered. */
    retireAt: date('retire_at', { mode: 'string' }),
    /** SPEC §7 `block-login-admin`: a blocked account cannot sign in. */
    loginBlocked: boolean('login_blocked').notNull().default(false),
    /**
     * Set when a person with history (attendance, scores, classes taught) is deleted: kept for history,
     * reports and the names on past sheets, gone from lists and sign-in. A person without history is
     * soft-deleted (`deleted`) instead.
     */
    deactivatedAt: instant('deactivated_at'),
    /**
     * When the erasure job replaced this person's identity (name, mail, phone, student number, avatar) once
     * they had left longer than `ERASURE_AFTER_DAYS` (docs/access-log.md, Erasure); null while it is kept.
     */
    erasedAt: instant('erased_at'),
    /** The language the user last chose in the app: the language of the mail they are sent. */
    locale: text('locale').notNull().default(DEFAULT_LOCALE),
    ...syncColumns,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    seqIndex('users', table),
    // Lookups compare lowercased addresses, so a mixed-case row could never sign in.
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_valid', sql`${table.role} in (${sql.raw(ROLE_LIST.join(', '))})`),
    check(
      'users_locale_valid',
      sql`${table.locale} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`,
    ),
    textCheck('users_name_length', table.name, LIMITS.nameMaxLength, true),
    textCheck('users_name_kana_length', table.nameKana, LIMITS.nameKanaMaxLength),
  ],
);

/** A reference to a user that goes with them: the row is deleted when the user is (`user_id` unless named). */
export function deletedWithUser(column = 'user_id') {
  return uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** Student profile of a user with role student. */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: deletedWithUser(),
    identity: text('identity').notNull(),
    universityId: uuid('university_id').references(() => universities.id),
    facultyId: uuid('faculty_id').references(() => faculties.id),
    yearCodeId: uuid('year_code_id').references(() => yearCodes.id),
    jlpt: smallint('jlpt'),
    scholarship: boolean('scholarship').notNull().default(false),
    ...syncColumns,
  },
  (table) => [
    uniqueIndex('students_user_id_unique').on(table.userId),
    // SPEC: the student number is unique within a university.
    uniqueIndex('students_university_identity_unique').on(table.universityId, table.identity),
    index('students_university_id_idx').on(table.universityId),
    seqIndex('students', table),
    codeCheck('students_jlpt_valid', table.jlpt, JlptLevel),
  ],
);

/** The universities a staff member works at (SPEC §3 Teacher `university_ids`). */
export const userUniversities = pgTable(
  'user_universities',
  {
    ...syncedRowColumns,
    userId: deletedWithUser(),
    universityId: uuid('university_id')
      .notNull()
      .references(() => universities.id),
  },
  (table) => [
    uniqueIndex('user_universities_pair_unique').on(table.userId, table.universityId),
    seqIndex('user_universities', table),
  ],
);

/** The schedule screen's saved filter of a user (SPEC §7 `save-filter` / `get-filter`). */
export const scheduleFilters = pgTable('schedule_filters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
