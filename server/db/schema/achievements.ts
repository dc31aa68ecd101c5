import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/limits';
import { COUNT_MAX } from '../../../domain/validation';
import { seqIndex, syncedRowColumns, textCheck } from './columns';
import { whoChangedWhen } from './history-columns';
import { lessons, schedules } from './lessons';
import { subjectPartition, subjectPartitionKey, subjectStudents } from './subjects';

// Scores have at most two decimals (SPEC §9 "decimals shown to 2 places", domain pointValueSchema).
/** A score column: up to 12 digits and 2 decimals, read as a number. */
export const points = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * A score name of a subject (SPEC §3 `score_name {id, name, full_score, option_plus, parent_id}`), optionally
 * of one exam. Sub-scores point at their parent in the same subject; names are unique among siblings.
 */
export const scoreNames = pgTable(
  'score_names',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    lessonId: uuid('lesson_id'),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    fullScore: points('full_score').notNull(),
    optionPlus: boolean('option_plus').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    subjectPartitionKey('score_names', table),
    foreignKey({
      name: 'score_names_lesson_fk',
      columns: [table.lessonId, table.subjectId],
      foreignColumns: [lessons.id, lessons.subjectId],
    }),
    foreignKey({
      name: 'score_names_parent_fk',
      columns: [table.parentId, table.subjectId],
      foreignColumns: [table.id, table.subjectId],
    }),
    unique('score_names_id_subject_unique').on(table.id, table.subjectId),
    // Scores copy their score name's full score through this key, so a full score cannot drop below them.
    unique('score_names_id_full_score_unique').on(table.id, table.fullScore),
    // SPEC §5: duplicate sub-score names are refused. Top-level names compare under a fixed stand-in parent.
    uniqueIndex('score_names_name_unique')
      .on(
        table.subjectId,
        sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        table.name,
      )
      .where(sql`not ${table.deleted}`),
    index('score_names_subject_id_idx').on(table.subjectId),
    // The achievement report reads an exam's score names by lesson, and their sub-scores by parent.
    index('score_names_lesson_id_idx').on(table.lessonId),
    index('score_names_parent_id_idx').on(table.parentId),
    seqIndex('score_names', table),
    check('score_names_not_own_parent', sql`${table.parentId} <> ${table.id}`),
    check('score_names_full_score_positive', sql`${table.fullScore} > 0`),
    check('score_names_full_score_digits', sql`${table.fullScore} <= ${sql.raw(String(COUNT_MAX))}`),
    textCheck('score_names_name_length', table.name, LIMITS.nameMaxLength, true),
  ],
);

/**
 * One score of a student for one score name (SPEC §3 `achievements[]`): one per subject enrolment and score
 * name. `full_score` is the score name's, kept in step by a cascading key, so the check `points <= full_score`
 * refuses a score above full (SPEC §5) and a full score lowered below an entered score. `points` null means not
 * entered; 0 is a real zero.
 */
export const achievements = pgTable(
  'achievements',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    subjectStudentId: uuid('subject_student_id').notNull(),
    studentId: uuid('student_id').notNull(),
    scoreNameId: uuid('score_name_id').notNull(),
    fullScore: points('full_score').notNull(),
    scheduleId: uuid('schedule_id'),
    points: points('points'),
    comment: text('comment'),
  },
  (table) => [
    subjectPartitionKey('achievements', table),
    foreignKey({
      name: 'achievements_enrolment_fk',
      columns: [table.subjectStudentId, table.subjectId, table.studentId],
      foreignColumns: [subjectStudents.id, subjectStudents.subjectId, subjectStudents.studentId],
    }),
    foreignKey({
      name: 'achievements_score_name_fk',
      columns: [table.scoreNameId, table.subjectId],
      foreignColumns: [scoreNames.id, scoreNames.subjectId],
    }),
    foreignKey({
      name: 'achievements_full_score_fk',
      columns: [table.scoreNameId, table.fullScore],
      foreignColumns: [scoreNames.id, scoreNames.fullScore],
    }).onUpdate('cascade'),
    foreignKey({
      name: 'achievements_schedule_fk',
      columns: [table.scheduleId, table.subjectId],
      foreignColumns: [schedules.id, schedules.subjectId],
    }),
    uniqueIndex('achievements_one_per_student_score').on(table.subjectStudentId, table.scoreNameId),
    index('achievements_subject_id_idx').on(table.subjectId),
    index('achievements_student_id_idx').on(table.studentId),
    index('achievements_score_name_id_idx').on(table.scoreNameId),
    seqIndex('achievements', table),
    check('achievements_points_not_negative', sql`${table.points} >= 0`),
    check('achievements_points_within_full', sql`${table.points} <= ${table.fullScore}`),
    textCheck('achievements_comment_length', table.comment, LIMITS.commentMaxLength),
  ],
);

/**
 * A student's result in a subject (SPEC §3 achievement per student: gpa, comment, formula): the final score set
 * by hand (null: the subject's formula gives it), the formula text, and the comment on the whole subject.
 * Replicated as the `result` kind of the `achievements` collection. The GPA is not stored: it follows from the
 * scores and is computed where it is read (server/modules/shared/gpa-sql.ts, domain/gpa.ts).
 */
export const results = pgTable(
  'results',
  {
    ...syncedRowColumns,
    ...subjectPartition(),
    subjectStudentId: uuid('subject_student_id').notNull(),
    studentId: uuid('student_id').notNull(),
    finalScore: points('final_score'),
    formula: text('formula'),
    comment: text('comment'),
  },
  (table) => [
    subjectPartitionKey('results', table),
    foreignKey({
      name: 'results_enrolment_fk',
      columns: [table.subjectStudentId, table.subjectId, table.studentId],
      foreignColumns: [subjectStudents.id, subjectStudents.subjectId, subjectStudents.studentId],
    }),
    uniqueIndex('results_one_per_enrolment').on(table.subjectStudentId),
    index('results_subject_id_idx').on(table.subjectId),
    index('results_student_id_idx').on(table.studentId),
    seqIndex('results', table),
    textCheck('results_formula_length', table.formula, LIMITS.formulaMaxLength),
    textCheck('results_comment_length', table.comment, LIMITS.commentMaxLength),
    check('results_final_score_not_negative', sql`${table.finalScore} >= 0`),
  ],
);

/**
 * Every change to a score (ARCHITECTURE §3): who, when, the old and new points and comment, and whether the
 * write came from an offline replay. Append-only; not replicated.
 */
export const scoreHistory = pgTable(
  'score_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id),
    subjectId: uuid('subject_id').notNull(),
    ...whoChangedWhen(),
    oldPoints: points('old_points'),
    newPoints: points('new_points'),
    oldComment: text('old_comment'),
    newComment: text('new_comment'),
    offline: boolean('offline').notNull().default(false),
    /** The request whose acceptance made this change (`by request #…`), null for an entry by hand. */
    requestId: uuid('request_id'),
  },
  (table) => [
    index('score_history_achievement_id_idx').on(table.achievementId, table.changedAt),
    index('score_history_subject_id_idx').on(table.subjectId),
  ],
);

/**
 * Every change to a result (ARCHITECTURE §3), like `score_history`: who, when, the old and new final score
 * set by hand and comment, and whether the write came from an offline replay. Append-only; not replicated.
 */
export const resultHistory = pgTable(
  'result_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resultId: uuid('result_id')
      .notNull()
      .references(() => results.id),
    subjectId: uuid('subject_id').notNull(),
    ...whoChangedWhen(),
    oldFinalScore: points('old_final_score'),
    newFinalScore: points('new_final_score'),
    oldComment: text('old_comment'),
    newComment: text('new_comment'),
    offline: boolean('offline').notNull().default(false),
  },
  (table) => [
    index('result_history_result_id_idx').on(table.resultId, table.changedAt),
    index('result_history_subject_id_idx').on(table.subjectId),
  ],
);
