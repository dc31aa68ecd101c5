import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEACHERS_AND_ADMINS } from '../roles';
import { pointValueSchema, scoreWithinFull, uniqueNames } from '../validation';
import { ValidationCode } from '../validation-codes';
import { highlightStudentsResponseSchema } from './attendance';
import {
  booleanSchema,
  type CallSlice,
  commentSchema,
  idParams,
  idSchema,
  nameSchema,
  okResponseSchema,
  strictObject,
  studentRefSchema,
} from './common';

/** A score name (SPEC §3 `score_name {id, name, full_score, option_plus, parent_id}`); sub-scores have a parent. */
export const scoreNameSchema = z.object({
  id: idSchema,
  name: z.string(),
  full_score: z.number(),
  option_plus: z.boolean(),
  parent_id: idSchema.nullable(),
});
/** A score name. */
export type ScoreName = z.infer<typeof scoreNameSchema>;

/** A full score: a score value (non-negative, two decimals) above zero, since a score out of 0 grades nothing. */
export const fullScoreSchema = pointValueSchema
  .unwrap()
  .refine((value) => value > 0, ValidationCode.tooSmall);

/** One score name as a lesson or exam form sends it; `id` is absent for a new one. */
export const scoreNameWriteSchema = strictObject({
  id: idSchema.optional(),
  name: nameSchema,
  full_score: fullScoreSchema,
  option_plus: booleanSchema.default(false),
  parent_id: idSchema.nullable().default(null),
});
/** A score name as written. */
export type ScoreNameWrite = z.infer<typeof scoreNameWriteSchema>;

/** Score names of one form, at most the import's 30 columns, with no name twice (SPEC §5). */
export const scoreNameListWriteSchema = uniqueNames(
  z.array(scoreNameWriteSchema).max(LIMITS.importMaxColumns, ValidationCode.tooLong),
);

/** One score of a student (SPEC §3 `achievements[]`); `points` is null while not entered. */
export const achievementEntrySchema = z.object({
  id: idSchema,
  subject_student_id: idSchema,
  student_id: idSchema,
  schedule_id: idSchema.nullable(),
  points: z.number().nullable(),
  comment: z.string().nullable(),
  score_name: scoreNameSchema,
});
/** One score of a student. */
export type AchievementEntry = z.infer<typeof achievementEntrySchema>;

/**
 * Achievement of one student in a subject (SPEC §3: id, subject_student_id, achievements, score_names, gpa,
 * comment, formula). `id` is the student's id; `identity` and `name` are added so the table needs no join
 * against the master students; `final_score` is the subject formula's result over the student's scores.
 */
export const achievementPerStudentSchema = studentRefSchema.extend({
  subject_student_id: idSchema,
  achievements: z.array(achievementEntrySchema),
  score_names: z.array(scoreNameSchema),
  gpa: z.number().nullable(),
  final_score: z.number().nullable(),
  comment: z.string().nullable(),
  formula: z.string().nullable(),
});
/** Achievement of one student. */
export type AchievementPerStudent = z.infer<typeof achievementPerStudentSchema>;

/** `GET /api/achievement/{subjectClassId}`: the class's score names and every student's scores. */
export const classAchievementResponseSchema = z.object({
  scoreNames: z.array(scoreNameSchema),
  students: z.array(achievementPerStudentSchema),
});
/** A class's achievement table. */
export type ClassAchievementResponse = z.infer<typeof classAchievementResponseSchema>;

/** `GET /api/achievement/{subjectClassId}/sub-scores-achievements/{scoreNameId}`: a score and its parts. */
export const subScoresResponseSchema = z.object({
  scoreName: scoreNameSchema,
  subScores: z.array(scoreNameSchema),
  students: z.array(achievementPerStudentSchema),
});
/** A score with its sub-scores. */
export type SubScoresResponse = z.infer<typeof subScoresResponseSchema>;

/** `GET /api/achievement/scoreNames/{subjectClassId}`: the class's score names (SPEC §3 `scoreNames`). */
export const scoreNamesResponseSchema = z.object({ scoreNames: z.array(scoreNameSchema) });

/** `GET /api/achievement/teacher-allow-update-final-score/{id}`: whether teachers may set final scores. */
export const finalScorePermissionResponseSchema = z.object({ allowed: z.boolean() });

/**
 * A score as a body carries it (SPEC §5): a number, or null for "not entered"; an empty string is also read
 * as null, because that is what a cleared field sends, while 0 is a real zero and is kept. Text numbers are
 * refused: bodies are never coerced.
 */
export const apiPointSchema = z.union([z.literal('').transform(() => null), pointValueSchema], {
  error: (issue) => (issue.input === undefined ? ValidationCode.required : ValidationCode.invalidNumber),
});

/** One entered score (SPEC §7 "entries with subjectStudentId, point, comment"). */
export const scoreEntrySchema = strictObject({
  subjectStudentId: idSchema,
  point: apiPointSchema,
  comment: commentSchema.default(null),
});
/** One entered score. */
export type ScoreEntry = z.infer<typeof scoreEntrySchema>;

/** One entered sub-score or exam score: the entry plus the score name it is for. */
export const scoreNameEntrySchema = scoreEntrySchema.extend({ scoreNameId: idSchema });
/** One entered score of a named score. */
export type ScoreNameEntry = z.infer<typeof scoreNameEntrySchema>;

const entries = <Entry extends z.ZodType>(entry: Entry) =>
  z.array(entry).min(1, ValidationCode.required).max(LIMITS.bulkStudentsMax, ValidationCode.tooLong);

/**
 * Body of `POST /api/achievement/{scoreNameId}/{subjectClassId}` and `/updateScore/{scoreNameId}`. The full
 * score lives on the server's score name, so the registry holds this shape and the form and the service
 * check it with `scoreEntriesRequestFor(fullScore)`.
 */
export const scoreEntriesRequestSchema = strictObject({ achievements: entries(scoreEntrySchema) });
/** Scores of one score name for a class. */
export type ScoreEntriesRequest = z.infer<typeof scoreEntriesRequestSchema>;

/** Score entries of one score name, each within its full score (SPEC §5 `score_above_full`). */
export function scoreEntriesRequestFor(fullScore: number) {
  return scoreEntriesRequestSchema.superRefine((request, ctx) => {
    request.achievements.forEach((entry, index) => {
      if (scoreWithinFull(entry.point, fullScore)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['achievements', index, 'point'],
        message: ValidationCode.scoreAboveFull,
      });
    });
  });
}

/** Body of `POST /api/achievement/enter-sub-scores/{subjectClassId}`: the parent score and its parts' scores. */
export const subScoreEntriesRequestSchema = strictObject({
  scoreNameId: idSchema,
  achievements: entries(scoreNameEntrySchema),
});
/** Sub-scores of a class. */
export type SubScoreEntriesRequest = z.infer<typeof subScoreEntriesRequestSchema>;

/** Body of `POST /api/student-exam/subjects/{id}/score-names/{scoreNameId}` (SPEC §7 "achievements"). */
export const studentExamRequestSchema = strictObject({ achievements: entries(scoreNameEntrySchema) });
/** Exam scores of students. */
export type StudentExamRequest = z.infer<typeof studentExamRequestSchema>;

/**
 * Entries of several score names, each within its own full score: the check of sub-score and exam bodies.
 * A score name missing from `fullScores` is left to the server, which refuses it as unknown.
 */
export function namedEntriesWithinFull<Request extends { achievements: ScoreNameEntry[] }>(
  schema: z.ZodType<Request>,
  fullScores: ReadonlyMap<string, number>,
) {
  return schema.superRefine((request, ctx) => {
    request.achievements.forEach((entry, index) => {
      const fullScore = fullScores.get(entry.scoreNameId);
      if (fullScore === undefined || scoreWithinFull(entry.point, fullScore)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['achievements', index, 'point'],
        message: ValidationCode.scoreAboveFull,
      });
    });
  });
}

/** Student exam scores (SPEC §3: scoreNames, students), the score-name page of the achievement screen. */
export const studentExamSchema = z.object({
  scoreNames: z.array(scoreNameSchema),
  students: z.array(
    studentRefSchema.extend({ subject_student_id: idSchema, achievements: z.array(achievementEntrySchema) }),
  ),
});
/** Student exam scores. */
export type StudentExam = z.infer<typeof studentExamSchema>;

/** A student with one score, as the score-name student list shows them. */
export const studentScoreSchema = studentRefSchema.extend({
  subject_student_id: idSchema,
  point: z.number().nullable(),
  comment: z.string().nullable(),
});
/** A student with one score. */
export type StudentScore = z.infer<typeof studentScoreSchema>;

/** A student with their GPA in a subject (`get-students-with-gpa`); null while nothing is graded. */
export const studentGpaSchema = studentRefSchema.extend({
  subject_student_id: idSchema,
  gpa: z.number().nullable(),
});
/** A student with their GPA. */
export type StudentGpa = z.infer<typeof studentGpaSchema>;

/** One score column of an achievement import: its header and the score name it fills, or its problem. */
export const scoreImportColumnSchema = z.object({
  header: z.string(),
  score_name_id: idSchema.nullable(),
  error: z.string().nullable(),
});

/** One student row of an achievement import with the points read from it and each cell's problem. */
export const scoreImportRowSchema = z.object({
  /** The sheet's row number (1 is the header). */
  row: z.number().int(),
  identity: z.string(),
  name: z.string(),
  subject_student_id: idSchema.nullable(),
  /** Points by score name id; null is an empty cell ("not entered"). */
  points: z.record(z.string(), z.number().nullable()),
  /** Problems by column header (`identity` for the student number). */
  errors: z.record(z.string(), z.string()),
});
/** One row of an import preview. */
export type ScoreImportRow = z.infer<typeof scoreImportRowSchema>;

/**
 * `POST /api/achievement/import/{subjectClassId}/preview`: what an xlsx score sheet would write, with every
 * problem, before anything is written. The sheet is column A student number, column B name, then one column
 * per score name headed by its name.
 */
export const scoreImportPreviewSchema = z.object({
  columns: z.array(scoreImportColumnSchema),
  rows: z.array(scoreImportRowSchema),
  /** Whether the sheet may be imported as it is. */
  valid: z.boolean(),
});
/** An import preview. */
export type ScoreImportPreview = z.infer<typeof scoreImportPreviewSchema>;

/** `POST /api/achievement/import/{subjectClassId}`: how many scores one transaction wrote. */
export const scoreImportResponseSchema = z.object({ written: z.number().int() });

const byId = idParams('id');
const scoreNameAndClass = idParams('scoreNameId', 'subjectClassId');
const subjectAndClass = idParams('subjectId', 'subjectClassId');
const subjectClass = idParams('subjectClassId');
const subjectScoreName = idParams('subjectId', 'scoreNameId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const achievementCalls = {
  'GET /api/achievement/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    response: classAchievementResponseSchema,
  },
  'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('subjectClassId', 'scoreNameId'),
    response: subScoresResponseSchema,
  },
  'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectAndClass,
    response: highlightStudentsResponseSchema,
  },
  'GET /api/achievement/scoreNames/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    response: scoreNamesResponseSchema,
  },
  // `:id` is the subject whose setting allows teachers to update final scores.
  'GET /api/achievement/teacher-allow-update-final-score/:id': {
    roles: TEACHERS_AND_ADMINS,
    params: byId,
    response: finalScorePermissionResponseSchema,
  },
  // Score bodies are checked against full scores by `scoreEntriesRequestFor` where the score name is known.
  'POST /api/achievement/:scoreNameId/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: scoreNameAndClass,
    body: scoreEntriesRequestSchema,
    response: classAchievementResponseSchema,
  },
  'POST /api/achievement/enter-sub-scores/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    body: subScoreEntriesRequestSchema,
    response: classAchievementResponseSchema,
  },
  'POST /api/achievement/updateScore/:scoreNameId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('scoreNameId'),
    body: scoreEntriesRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectScoreName,
    response: studentExamSchema,
  },
  'POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectScoreName,
    body: studentExamRequestSchema,
    response: studentExamSchema,
  },
  // Not in SPEC §7: the achievement xlsx import (SPEC §5 limits) with its preview, for the score screen's roles.
  // The xlsx itself is the body (`Content-Type` of xlsx), checked by the import's file rules.
  'POST /api/achievement/import/:subjectClassId/preview': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    response: scoreImportPreviewSchema,
  },
  'POST /api/achievement/import/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    response: scoreImportResponseSchema,
  },
} as const satisfies CallSlice;
