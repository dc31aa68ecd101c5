import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  orderScoreNames,
  type ResultHighlight,
  type ResultScoreName,
} from '../../../domain/achievement-results';
import { highlightCompareSchema, highlightConditionSchema } from '../../../domain/highlights';
import { byStudentNumber } from '../../../domain/names';
import { teacherIdArrayOfClass } from '../../access/classes';
import { liveEnrolments } from '../../access/enrolments';
import { inPublishedLesson } from '../../access/subjects';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';

const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const classRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  formula: z.string().nullable(),
  allow_final: z.boolean(),
  teacher_ids: z.array(z.string()),
});

/** A subject class with what the achievement calls need of its subject. */
export interface ClassContext {
  id: string;
  subjectId: string;
  universityId: string;
  formula: string | null;
  teacherAllowUpdateFinalScore: boolean;
  teacherIds: string[];
}

/** The live class with this id, its subject's formula and setting, and its teachers; null when none. */
export async function readClassContext(db: Executor, classId: string): Promise<ClassContext | null> {
  const [row] = await queryRows(
    db,
    sql`select c.id::text as id, c.subject_id::text as subject_id, c.university_id::text as university_id,
          s.formula, s.teacher_allow_update_final_score as allow_final,
          ${teacherIdArrayOfClass(sql`c.id`)} as teacher_ids
        from subject_classes c join subjects s on s.id = c.subject_id
        where c.id = ${classId} and not c.deleted and not s.deleted`,
    classRow,
  );
  if (!row) return null;
  return {
    id: row.id,
    subjectId: row.subject_id,
    universityId: row.university_id,
    formula: row.formula,
    teacherAllowUpdateFinalScore: row.allow_final,
    teacherIds: row.teacher_ids,
  };
}

const subjectRow = z.object({
  id: z.string(),
  formula: z.string().nullable(),
  allow_final: z.boolean(),
});

/** A live subject's formula and final-score setting; null when none. */
export async function readSubject(db: Executor, subjectId: string) {
  const [row] = await queryRows(
    db,
    sql`select s.id::text as id, s.formula, s.teacher_allow_update_final_score as allow_final
        from subjects s where s.id = ${subjectId} and not s.deleted`,
    subjectRow,
  );
  return row ? { id: row.id, formula: row.formula, teacherAllowUpdateFinalScore: row.allow_final } : null;
}

const scoreNameRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  name: z.string(),
  full_score: z.number(),
  option_plus: z.boolean(),
  parent_id: z.string().nullable(),
  position: z.number(),
});

/** A score name with its subject and its place among its siblings. */
export type SubjectScoreName = ResultScoreName & { subjectId: string; position: number };

const SCORE_NAME_SELECT = sql`select n.id::text as id, n.subject_id::text as subject_id, n.name,
  n.full_score::float8 as full_score, n.option_plus, n.parent_id::text as parent_id, n.position
  from score_names n`;

function toScoreName(row: z.infer<typeof scoreNameRow>): SubjectScoreName {
  return {
    id: row.id,
    subjectId: row.subject_id,
    name: row.name,
    fullScore: row.full_score,
    optionPlus: row.option_plus,
    parentId: row.parent_id,
    position: row.position,
  };
}

/**
 * The live score names of a subject in the grid's order (`orderScoreNames`): by default those outside draft
 * exams, what the achievement screens and score writes work on (issue #17); `withDrafts` for the subject
 * screen's own lists (the formula editor names an exam's scores before it is published).
 */
export async function readSubjectScoreNames(
  db: Executor,
  subjectId: string,
  drafts: 'withoutDrafts' | 'withDrafts' = 'withoutDrafts',
): Promise<SubjectScoreName[]> {
  const published = drafts === 'withDrafts' ? sql`true` : inPublishedLesson(sql`n.lesson_id`);
  const rows = await queryRows(
    db,
    sql`${SCORE_NAME_SELECT} where n.subject_id = ${subjectId} and not n.deleted and ${published}`,
    scoreNameRow,
  );
  return orderScoreNames(rows.map(toScoreName));
}

/** The live score names with these ids. */
export async function readScoreNames(db: Executor, ids: readonly string[]): Promise<SubjectScoreName[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`${SCORE_NAME_SELECT} where n.id in (${inList(ids)}) and not n.deleted`,
    scoreNameRow,
  );
  return rows.map(toScoreName);
}

const enrolmentRow = z.object({
  subject_student_id: z.string(),
  subject_id: z.string(),
  university_id: z.string(),
  student_id: z.string(),
  class_id: z.string().nullable(),
  identity: z.string(),
  name: z.string(),
  teacher_ids: z.array(z.string()),
});

/** A student's enrolment in a subject, the class they sit in and its teachers. */
export interface Enrolment {
  subjectStudentId: string;
  subjectId: string;
  universityId: string;
  studentId: string;
  classId: string | null;
  identity: string;
  name: string;
  teacherIds: string[];
}

function enrolments(db: Executor, where: SQL): Promise<Enrolment[]> {
  return queryRows(
    db,
    sql`select ss.id::text as subject_student_id, ss.subject_id::text as subject_id,
          ss.university_id::text as university_id, ss.student_id::text as student_id,
          cs.class_id::text as class_id, st.identity, u.name,
          ${teacherIdArrayOfClass(sql`cs.class_id`)} as teacher_ids
        from ${liveEnrolments} ss
        join students st on st.id = ss.student_id
        join users u on u.id = st.user_id
        left join class_students cs on cs.subject_student_id = ss.id and not cs.deleted
        where ${where}
        order by ss.id`,
    enrolmentRow,
  ).then((rows) =>
    rows
      .map((row) => ({
        subjectStudentId: row.subject_student_id,
        subjectId: row.subject_id,
        universityId: row.university_id,
        studentId: row.student_id,
        classId: row.class_id,
        identity: row.identity,
        name: row.name,
        teacherIds: row.teacher_ids,
      }))
      .sort(byStudentNumber),
  );
}

/** The students sitting in a class, by student number. */
export function readClassEnrolments(db: Executor, classId: string): Promise<Enrolment[]> {
  return enrolments(db, sql`cs.class_id = ${classId}`);
}

/** Every enrolment of a subject, by student number. */
export function readSubjectEnrolments(db: Executor, subjectId: string): Promise<Enrolment[]> {
  return enrolments(db, sql`ss.subject_id = ${subjectId}`);
}

/** The enrolments with these ids. */
export function readEnrolments(db: Executor, ids: readonly string[]): Promise<Enrolment[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return enrolments(db, sql`ss.id in (${inList(ids)})`);
}

/** A student's enrolments across subjects. */
export function readStudentEnrolments(db: Executor, studentId: string): Promise<Enrolment[]> {
  return enrolments(db, sql`ss.student_id = ${studentId}`);
}

const scoreRow = z.object({
  id: z.string(),
  subject_student_id: z.string(),
  student_id: z.string(),
  score_name_id: z.string(),
  schedule_id: z.string().nullable(),
  points: z.number().nullable(),
  comment: z.string().nullable(),
});

/** A live score. */
export type ScoreRow = z.infer<typeof scoreRow>;

/** The live scores of these enrolments. */
export async function readScores(db: Executor, subjectStudentIds: readonly string[]): Promise<ScoreRow[]> {
  if (subjectStudentIds.length === 0) return [];
  return queryRows(
    db,
    sql`select a.id::text as id, a.subject_student_id::text as subject_student_id,
          a.student_id::text as student_id, a.score_name_id::text as score_name_id,
          a.schedule_id::text as schedule_id, a.points::float8 as points, a.comment
        from achievements a
        where a.subject_student_id in (${inList(subjectStudentIds)}) and not a.deleted`,
    scoreRow,
  );
}

const resultRow = z.object({
  subject_student_id: z.string(),
  final_score: z.number().nullable(),
  comment: z.string().nullable(),
});

/** What a student's result stores beside the formula: the final score set by hand and the comment. */
export interface StoredResult {
  finalScore: number | null;
  comment: string | null;
}

/** The stored results of these enrolments, by enrolment. */
export async function readResults(
  db: Executor,
  subjectStudentIds: readonly string[],
): Promise<Map<string, StoredResult>> {
  if (subjectStudentIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select r.subject_student_id::text as subject_student_id, r.final_score::float8 as final_score, r.comment
        from results r
        where r.subject_student_id in (${inList(subjectStudentIds)}) and not r.deleted`,
    resultRow,
  );
  return new Map(
    rows.map((row) => [row.subject_student_id, { finalScore: row.final_score, comment: row.comment }]),
  );
}

const highlightRow = z.object({
  type: z.number(),
  condition_type: highlightConditionSchema,
  compare_type: highlightCompareSchema,
  value: z.number(),
  hidden: z.boolean(),
  message_to_student: z.string().nullable(),
});

/** The live highlight rules of a subject in priority order. */
export async function readHighlights(db: Executor, subjectId: string): Promise<ResultHighlight[]> {
  const rows = await queryRows(
    db,
    sql`select h.type, h.condition_type, h.compare_type, h.value::float8 as value, h.hidden,
          h.message_to_student
        from highlights h where h.subject_id = ${subjectId} and not h.deleted order by h.priority, h.id`,
    highlightRow,
  );
  return rows.map((row) => ({
    type: row.type,
    conditionType: row.condition_type,
    compareType: row.compare_type,
    value: row.value,
    hidden: row.hidden,
    messageToStudent: row.message_to_student,
  }));
}
