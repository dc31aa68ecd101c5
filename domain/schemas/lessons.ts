import { z } from 'zod';
import { lessonPlanStatusSchema, lessonTypeSchema, publishStateSchema } from '../lessons';
import { ALL_BUT_SUPER_ADMIN, STAFF_BUT_SUPER_ADMIN, TEACHERS_AND_ADMINS } from '../roles';
import {
  minutesSchema,
  overviewSchema,
  type SubjectPeriod,
  tableOfContentsSchema,
  validateDateInPeriod,
  validateTimeRange,
} from '../validation';
import { ValidationCode } from '../validation-codes';
import { scoreNameListWriteSchema, scoreNameSchema } from './achievement';
import {
  type CallSlice,
  emptyBodySchema,
  idListSchema,
  idParams,
  idSchema,
  isoDateSchema,
  listOf,
  namedRefSchema,
  nameSchema,
  okResponseSchema,
  strictObject,
  studentRefSchema,
  timeSchema,
} from './common';

/** Schedules one lesson may have: one per class and week of a long term, with room to spare. */
const LESSON_SCHEDULES_MAX = 200;

/** A schedule of a lesson (SPEC §3 "Lesson detail: schedule[]"), with its plan's status for the plan column. */
export const lessonScheduleSchema = z.object({
  id: idSchema,
  class: namedRefSchema,
  day: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  room: namedRefSchema.nullable(),
  teachers: z.array(namedRefSchema),
  plan_id: idSchema.nullable(),
  plan_status: lessonPlanStatusSchema,
});
/** A schedule of a lesson. */
export type LessonSchedule = z.infer<typeof lessonScheduleSchema>;

/** A lesson or exam of a subject; an exam carries its exam name and score names. */
export const lessonSchema = z.object({
  id: idSchema,
  subject_id: idSchema,
  name: z.string(),
  type: lessonTypeSchema,
  publish: publishStateSchema,
  table_of_contents: z.string().nullable(),
  overview: z.string().nullable(),
  minutes: z.number().int().nullable(),
  exam_name_id: idSchema.nullable(),
  score_names: z.array(scoreNameSchema),
});
/** A lesson or exam. */
export type Lesson = z.infer<typeof lessonSchema>;

/** `GET .../lessons/{id}/detail`: the lesson with its schedules (SPEC §3). */
export const lessonDetailSchema = lessonSchema.extend({ schedule: z.array(lessonScheduleSchema) });
/** A lesson with its schedules. */
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** One schedule as a lesson form sends it; `id` is absent for a new one. The end must follow the start. */
export const lessonScheduleWriteSchema = strictObject({
  id: idSchema.optional(),
  class_id: idSchema,
  day: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  room_id: idSchema.nullable(),
  teacher_ids: idListSchema(),
}).superRefine((schedule, ctx) => {
  const code = validateTimeRange(schedule.start_time, schedule.end_time);
  if (code !== null) ctx.addIssue({ code: 'custom', path: ['end_time'], message: code });
});
/** One schedule as written. */
export type LessonScheduleWrite = z.infer<typeof lessonScheduleWriteSchema>;

/**
 * Body of the lesson writes (`POST .../lessons`, `/lessons/draft`, `/lessons/{id}`, `/lessons/{id}/draft`):
 * SPEC §5's limits on table of contents, overview and minutes. Drafts use the same shape: a draft is a
 * lesson not yet published, not a lesson with looser rules.
 */
export const lessonWriteSchema = strictObject({
  name: nameSchema,
  table_of_contents: tableOfContentsSchema.nullable().default(null),
  overview: overviewSchema.nullable().default(null),
  minutes: minutesSchema.nullable().default(null),
  schedules: z.array(lessonScheduleWriteSchema).max(LESSON_SCHEDULES_MAX, ValidationCode.tooLong),
});
/** Body of a lesson write. */
export type LessonWrite = z.infer<typeof lessonWriteSchema>;

/** Body of the exam writes (`/lessons/exam`, `/store-draft-exam`, `/{id}/exam`, `/{id}/exam-draft`). */
export const examWriteSchema = lessonWriteSchema.extend({
  exam_name_id: idSchema,
  score_names: scoreNameListWriteSchema,
});
/** Body of an exam write. */
export type ExamWrite = z.infer<typeof examWriteSchema>;

/**
 * A lesson or exam write whose schedule dates fall within the subject's period (SPEC §5). The period is the
 * stored subject's, so the form and the service apply this with the subject they hold.
 */
export function withinSubjectPeriod<Write extends { schedules: { day: string }[] }>(
  schema: z.ZodType<Write>,
  period: SubjectPeriod,
) {
  return schema.superRefine((write, ctx) => {
    write.schedules.forEach((schedule, index) => {
      const code = validateDateInPeriod(schedule.day, period);
      if (code !== null) ctx.addIssue({ code: 'custom', path: ['schedules', index, 'day'], message: code });
    });
  });
}

/** `GET .../lessons` and `/lessons-draft`: the subject's published or draft lessons and exams. */
export const lessonListResponseSchema = listOf('lessons', lessonSchema);
/** `GET .../lessons/{lessonId}/studentsInLesson`: the students of the lesson's classes. */
export const lessonStudentsResponseSchema = listOf('students', studentRefSchema);
/** `GET .../lessons/{lessonId}/get-score-names`: the exam's score names. */
export const lessonScoreNamesResponseSchema = listOf('score_names', scoreNameSchema);

const subject = idParams('subjectId');
const examWrite = { params: subject, body: examWriteSchema, response: lessonSchema };
const lessonWrite = { params: subject, body: lessonWriteSchema, response: lessonSchema };
const subjectLesson = idParams('subjectId', 'lessonId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const lessonsCalls = {
  'POST /api/academic/subjects/:subjectId/lessons': { roles: TEACHERS_AND_ADMINS, ...lessonWrite },
  'POST /api/academic/subjects/:subjectId/lessons/draft': { roles: TEACHERS_AND_ADMINS, ...lessonWrite },
  'POST /api/academic/subjects/:subjectId/lessons/exam': { roles: TEACHERS_AND_ADMINS, ...examWrite },
  'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam': {
    roles: TEACHERS_AND_ADMINS,
    ...examWrite,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: subjectLesson,
    response: lessonDetailSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId': {
    roles: TEACHERS_AND_ADMINS,
    ...lessonWrite,
    params: subjectLesson,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft': {
    roles: TEACHERS_AND_ADMINS,
    ...lessonWrite,
    params: subjectLesson,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam': {
    roles: TEACHERS_AND_ADMINS,
    ...examWrite,
    params: subjectLesson,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft': {
    roles: TEACHERS_AND_ADMINS,
    ...examWrite,
    params: subjectLesson,
  },
  'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectLesson,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('subjectId', 'lessonId', 'scheduleId'),
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subjectLesson,
    response: lessonStudentsResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subjectLesson,
    response: lessonScoreNamesResponseSchema,
  },
} as const satisfies CallSlice;
