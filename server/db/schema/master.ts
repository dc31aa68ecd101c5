import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { masterColumns } from './columns';

/** Universities (master). */
export const universities = pgTable('universities', { ...masterColumns }, (table) => [
  index('universities_seq_id_idx').on(table.seq, table.id),
]);

/** Faculties of a university (master). */
export const faculties = pgTable(
  'faculties',
  {
    ...masterColumns,
    universityId: uuid('university_id')
      .notNull()
      .references(() => universities.id),
  },
  (table) => [index('faculties_seq_id_idx').on(table.seq, table.id)],
);

/** Year codes (master); `name` is the SPEC's `code_name`, `color` one of domain YEAR_CODE_COLORS. */
export const yearCodes = pgTable(
  'year_codes',
  {
    ...masterColumns,
    color: text('color').notNull(),
    universityId: uuid('university_id').references(() => universities.id),
    facultyId: uuid('faculty_id').references(() => faculties.id),
  },
  (table) => [index('year_codes_seq_id_idx').on(table.seq, table.id)],
);

/** Class names (master); the master search filters them by university. */
export const classNames = pgTable(
  'class_names',
  {
    ...masterColumns,
    universityId: uuid('university_id').references(() => universities.id),
  },
  (table) => [index('class_names_seq_id_idx').on(table.seq, table.id)],
);

/** Subject names (master): the master-setting screen's "subjects". */
export const subjectNames = pgTable('subject_names', { ...masterColumns }, (table) => [
  index('subject_names_seq_id_idx').on(table.seq, table.id),
]);

/** Exam names of a subject name (master). */
export const examNames = pgTable(
  'exam_names',
  {
    ...masterColumns,
    subjectNameId: uuid('subject_name_id').references(() => subjectNames.id),
  },
  (table) => [index('exam_names_seq_id_idx').on(table.seq, table.id)],
);

/** Rooms of a university (master). */
export const rooms = pgTable(
  'rooms',
  {
    ...masterColumns,
    universityId: uuid('university_id')
      .notNull()
      .references(() => universities.id),
  },
  (table) => [index('rooms_seq_id_idx').on(table.seq, table.id)],
);

/** Semesters (master), dates as `YYYY-MM-DD`. */
export const semesters = pgTable(
  'semesters',
  {
    ...masterColumns,
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (table) => [
    index('semesters_seq_id_idx').on(table.seq, table.id),
    check('semesters_dates_ordered', sql`${table.endDate} >= ${table.startDate}`),
  ],
);
