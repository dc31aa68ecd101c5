import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PublishState } from '../../../domain/lessons';
import { LIMITS } from '../../../domain/limits';
import { codeCheck, seqIndex, syncedRowColumns, textCheck } from './columns';
import { classNames, faculties, semesters, subjectNames, universities, yearCodes } from './master';
import { students, users } from './people';

/**
 * A subject taught in one term (SPEC §3 Subject). `university_id` is the partition key of everything under a
 * subject: every child row repeats it with `subject_id`, and a composite foreign key onto `(id,
 * university_id)` keeps the copy true, so a pull can filter any child table by university or subject alone.
 */
export const subjects = pgTable(
  'subjects',
  {
    ...syncedRowColumns,
    subjectNameId: uuid('subject_name_id')
      .notNull()
      .references(() => subjectNames.id),
    universityId: uuid('university_id')
      .notNull()
      .references(() => universities.id),
    facultyId: uuid('faculty_id').references(() => faculties.id),
    yearCodeId: uuid('year_code_id').references(() => yearCodes.id),
    semesterId: uuid('semester_id').references(() => semesters.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The final-score formula over score names (domain/formula.ts); null until set. */
    formula: text('formula'),
    /** Whether teachers may set the final score (`teacher-allow-update-final-score`). */
    teacherAllowUpdateFinalScore: boolean('teacher_allow_update_final_score').notNull().default(false),
    /** A copied subject is a draft until registered (SPEC §4 copy `isPublic`). */
    publish: smallint('publish').notNull().default(PublishState.published),
  },
  (table) => [
    unique('subjects_id_university_unique').on(table.id, table.universityId),
    index('subjects_university_id_idx').on(table.universityId),
    seqIndex('subjects', table),
    check('subjects_dates_ordered', sql`${table.endDate} >= ${table.startDate}`),
    codeCheck('subjects_publish_valid', table.publish, PublishState),
    textCheck('subjects_formula_length', table.formula, LIMITS.formulaMaxLength),
  ],
);

/** The subject partition columns every row under a subject carries. */
export function subjectPartition() {
  return {
    subjectId: uuid('subject_id').notNull(),
    universityId: uuid('university_id').notNull(),
  };
}

/** The composite foreign key that ties a row's `(subject_id, university_id)` to its subject. */
export function subjectPartitionKey(
  tableName: string,
  table: { subjectId: AnyPgColumn; universityId: AnyPgColumn },
) {
  return foreignKey({
    name: `${tableName}_subject_fk`,
    columns: [table.subjectId, table.universityId],
    foreignColumns: [subjects.id, subjects.universityId],
  });
}

/** A class of a subject (SPEC §3 `class_with_students`), named by a master class name. */
export const subjectClasses = pgTable(
  'subject_classes',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    classNameId: uuid('class_name_id')
      .notNull()
      .references(() => classNames.id),
  },
  (table) => [
    subjectPartitionKey('subject_classes', table),
    unique('subject_classes_id_subject_unique').on(table.id, table.subjectId),
    // A class name appears once per subject (the subject form's duplicate check).
    uniqueIndex('subject_classes_name_unique')
      .on(table.subjectId, table.classNameId)
      .where(sql`not ${table.deleted}`),
    index('subject_classes_subject_id_idx').on(table.subjectId),
    seqIndex('subject_classes', table),
  ],
);

/** The teachers in charge of a class. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    classId: uuid('class_id').notNull(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    subjectPartitionKey('class_teachers', table),
    foreignKey({
      name: 'class_teachers_class_fk',
      columns: [table.classId, table.subjectId],
      foreignColumns: [subjectClasses.id, subjectClasses.subjectId],
    }),
    uniqueIndex('class_teachers_pair_unique').on(table.classId, table.teacherId),
    index('class_teachers_teacher_id_idx').on(table.teacherId),
    seqIndex('class_teachers', table),
  ],
);

/**
 * A student's enrolment in a subject (SPEC §3 `subject_student_id`): the row scores and results hang on.
 * A student is enrolled once per subject.
 */
export const subjectStudents = pgTable(
  'subject_students',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
  },
  (table) => [
    subjectPartitionKey('subject_students', table),
    unique('subject_students_key_unique').on(table.id, table.subjectId, table.studentId),
    uniqueIndex('subject_students_pair_unique').on(table.subjectId, table.studentId),
    index('subject_students_student_id_idx').on(table.studentId),
    seqIndex('subject_students', table),
  ],
);

/**
 * A student's place in one class of a subject (SPEC §3 `class_student_id`): the row attendance hangs on. It
 * belongs to the student's subject enrolment, and a student sits in one class per subject.
 */
export const classStudents = pgTable(
  'class_students',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id').notNull(),
    subjectStudentId: uuid('subject_student_id').notNull(),
  },
  (table) => [
    subjectPartitionKey('class_students', table),
    foreignKey({
      name: 'class_students_class_fk',
      columns: [table.classId, table.subjectId],
      foreignColumns: [subjectClasses.id, subjectClasses.subjectId],
    }),
    foreignKey({
      name: 'class_students_enrolment_fk',
      columns: [table.subjectStudentId, table.subjectId, table.studentId],
      foreignColumns: [subjectStudents.id, subjectStudents.subjectId, subjectStudents.studentId],
    }),
    unique('class_students_key_unique').on(table.id, table.subjectId, table.studentId),
    uniqueIndex('class_students_one_class_per_subject')
      .on(table.subjectId, table.studentId)
      .where(sql`not ${table.deleted}`),
    index('class_students_class_id_idx').on(table.classId),
    index('class_students_student_id_idx').on(table.studentId),
    seqIndex('class_students', table),
  ],
);
