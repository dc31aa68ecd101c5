import { z } from 'zod';
import { parseFormula } from '../formula';
import { publishStateSchema } from '../lessons';
import { LIMITS } from '../limits';
import {
  ADMINS_ONLY,
  ALL_BUT_SUPER_ADMIN,
  STAFF_BUT_SUPER_ADMIN,
  STUDENTS_ONLY,
  TEACHERS_AND_ADMINS,
} from '../roles';
import { copyScheduleEntrySchema, validateDateRange } from '../validation';
import { ValidationCode } from '../validation-codes';
import { weekdayIdSchema } from '../weekdays';
import { scoreNameSchema, studentGpaSchema, studentScoreSchema } from './achievement';
import {
  booleanSchema,
  type CallSlice,
  codeOf,
  emptyBodySchema,
  idListSchema,
  idParams,
  idSchema,
  isoDateSchema,
  listOf,
  namedRefSchema,
  okResponseSchema,
  pagedListSchema,
  pageQueryShape,
  schoolFilterShape,
  sortTypeSchema,
  strictObject,
  stringSchema,
  studentRefSchema,
  timeSchema,
} from './common';
import { lessonListResponseSchema, lessonScheduleSchema, lessonSchema } from './lessons';
import { noteSchema } from './plans';

// Caps on list sizes SPEC §5 leaves open: each is far above a real subject and only stops oversized bodies.
/** Classes of one subject. */
const SUBJECT_CLASSES_MAX = 100;
/** Rows of one copy: every class times every suggested weekday (7). */
const COPY_SCHEDULES_MAX = SUBJECT_CLASSES_MAX * 7;
/** Lessons of one subject. */
const ASSIST_LESSONS_MAX = 500;

/** A subject as lists show it. */
export const subjectSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  university: namedRefSchema,
  faculty: namedRefSchema.nullable(),
  year_code: namedRefSchema.nullable(),
  start_date: isoDateSchema.nullable(),
  end_date: isoDateSchema.nullable(),
  /** A copy saved temporarily is a draft until registered (SPEC §4); only admins see drafts. */
  publish: publishStateSchema,
});
/** A subject in a list. */
export type SubjectSummary = z.infer<typeof subjectSummarySchema>;

/** A class of a subject with its teachers and students (SPEC §3 `class_with_students`). */
export const subjectClassSchema = z.object({
  id: idSchema,
  name: z.string(),
  class_name_id: idSchema,
  teachers: z.array(namedRefSchema),
  students: z.array(studentRefSchema),
});
/** A class of a subject. */
export type SubjectClass = z.infer<typeof subjectClassSchema>;

/** A subject with its classes and lessons (SPEC §3 Subject: id, university.id, class_with_students, lessons). */
export const subjectSchema = subjectSummarySchema.extend({
  subject_name_id: idSchema,
  class_with_students: z.array(subjectClassSchema),
  lessons: z.array(lessonSchema),
});
/** A subject. */
export type Subject = z.infer<typeof subjectSchema>;

/** `GET .../class/{classId}`: a class with its schedules. */
export const subjectClassDetailSchema = subjectClassSchema.extend({
  schedules: z.array(lessonScheduleSchema),
});
/** A class with its schedules. */
export type SubjectClassDetail = z.infer<typeof subjectClassDetailSchema>;

/** One class of a subject as the subject form sends it. */
export const subjectClassWriteSchema = strictObject({ class_name_id: idSchema, teacher_ids: idListSchema() });

/**
 * Body of `POST /api/academic/subjects`, `/validate-subject` and `/{id}`. The period's end may not come
 * before its start, and a class name appears once per subject.
 */
export const subjectWriteSchema = strictObject({
  subject_name_id: idSchema,
  university_id: idSchema,
  faculty_id: idSchema,
  year_code_id: idSchema,
  semester_id: idSchema.nullable().default(null),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  classes: z
    .array(subjectClassWriteSchema)
    .min(1, ValidationCode.required)
    .max(SUBJECT_CLASSES_MAX, ValidationCode.tooLong),
}).superRefine((subject, ctx) => {
  const code = validateDateRange(subject.start_date, subject.end_date);
  if (code !== null) ctx.addIssue({ code: 'custom', path: ['end_date'], message: code });
  const seen = new Set<string>();
  subject.classes.forEach((row, index) => {
    if (seen.has(row.class_name_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['classes', index, 'class_name_id'],
        message: ValidationCode.duplicateName,
      });
    }
    seen.add(row.class_name_id);
  });
});
/** Body of a subject write. */
export type SubjectWrite = z.infer<typeof subjectWriteSchema>;

/** Subject search query (SPEC §3: param, page, limit, university, yearCode, faculty). */
export const subjectSearchQuerySchema = strictObject({ ...pageQueryShape, ...schoolFilterShape });
/** Parsed subject search. */
export type SubjectSearchQuery = z.infer<typeof subjectSearchQuerySchema>;

/** Answer of the subject search. */
export const subjectSearchResponseSchema = pagedListSchema(subjectSummarySchema);

/** Sort keys of the subject list by user. */
export const SubjectSortBy = { name: 'name', startDate: 'start_date', endDate: 'end_date' } as const;
export type SubjectSortBy = (typeof SubjectSortBy)[keyof typeof SubjectSortBy];

/** `GET .../subject-by-user` query (SPEC §7: page, limit, sortBy "and others": the search's filters). */
export const subjectByUserQuerySchema = strictObject({
  ...pageQueryShape,
  ...schoolFilterShape,
  sortBy: codeOf(SubjectSortBy).default(SubjectSortBy.startDate),
  sortType: sortTypeSchema.default('desc'),
});
/** Parsed query of the subject list by user. */
export type SubjectByUserQuery = z.infer<typeof subjectByUserQuerySchema>;

/** Subject list by user (SPEC §3: subjectList with pagination, totalNumberOfSubject). */
export const subjectByUserResponseSchema = z.object({
  subjectList: pagedListSchema(subjectSummarySchema),
  totalNumberOfSubject: z.number().int().nonnegative(),
});
/** Subject list by user. */
export type SubjectByUserResponse = z.infer<typeof subjectByUserResponseSchema>;

/** `GET .../options-by-user`: the caller's subjects with their classes, for selects. */
export const subjectOptionsResponseSchema = listOf(
  'subjects',
  namedRefSchema.extend({ classes: z.array(namedRefSchema) }),
);

/** The final-score formula of a subject (SPEC §3 "Formula: formula and master"): the text and its score names. */
export const formulaSchema = z.object({ formula: z.string().nullable(), master: z.array(scoreNameSchema) });
/** A subject's formula. */
export type Formula = z.infer<typeof formulaSchema>;

/**
 * Body of `POST .../formula`: the formula text, which must parse (the formula language's own codes). Names
 * are checked against the subject's score names by the service, which holds them; `master` is the server's.
 */
export const formulaWriteSchema = strictObject({
  formula: stringSchema.max(LIMITS.formulaMaxLength, ValidationCode.tooLong).superRefine((text, ctx) => {
    const parsed = parseFormula(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.code });
  }),
});
/** Body of a formula write. */
export type FormulaWrite = z.infer<typeof formulaWriteSchema>;

/** A suggested weekday of a copy row (SPEC §3 `suggestDates`: id, weekday name). */
export const suggestDateSchema = z.object({ id: weekdayIdSchema, name: z.string() });

/**
 * A row of the copy-subject table (SPEC §3: class_name_id, class_id, name, suggestDates), with the class's
 * first schedule to prefill the date and times, null when the class had none.
 */
export const copySubjectRowSchema = z.object({
  class_name_id: idSchema,
  class_id: idSchema,
  name: z.string(),
  suggestDates: z.array(suggestDateSchema),
  first_schedule: z
    .object({
      day: isoDateSchema,
      start_time: timeSchema,
      end_time: timeSchema,
      teacher_id: z.array(idSchema),
      room_id: idSchema.nullable(),
    })
    .nullable(),
});
/** A row of the copy-subject table. */
export type CopySubjectRow = z.infer<typeof copySubjectRowSchema>;

/** `GET .../first-schedule-of-classes`: the rows of the copy-subject table. */
export const copySubjectRowsResponseSchema = listOf('rows', copySubjectRowSchema);

/**
 * The check boxes of the copy table (SPEC §3 Checkbox entry: teacher, room, schedule, check_id_teacher,
 * check_id_room): the three check-all states and the rows whose teacher or room box is ticked. Form state
 * only; the call sends the schedule entries `copyRowPayload` makes.
 */
export const copyCheckboxSchema = z.object({
  teacher: z.boolean(),
  room: z.boolean(),
  schedule: z.boolean(),
  check_id_teacher: z.array(z.string()),
  check_id_room: z.array(z.string()),
});
/** The check boxes of the copy table. */
export type CopyCheckbox = z.infer<typeof copyCheckboxSchema>;

/** Body of `POST .../{id}/copy`: draft or registered (SPEC §4 `isPublic`) and the ticked rows' schedules. */
export const copySubjectRequestSchema = strictObject({
  isPublic: booleanSchema,
  schedules: z
    .array(copyScheduleEntrySchema)
    .min(1, ValidationCode.required)
    .max(COPY_SCHEDULES_MAX, ValidationCode.tooLong),
});
/** Body of a subject copy. */
export type CopySubjectRequest = z.infer<typeof copySubjectRequestSchema>;

/** Answer of a copy: the new subject and, for a registered copy, the lessons to publish in batches of 10. */
export const copySubjectResponseSchema = z.object({
  id: idSchema,
  isPublic: z.boolean(),
  lessonsId: z.array(idSchema),
});
/** Answer of a subject copy. */
export type CopySubjectResponse = z.infer<typeof copySubjectResponseSchema>;

/** Body of `POST .../public-lessons-after-copy`: one batch of at most 10 lesson ids (SPEC §4, §9). */
export const publicLessonsRequestSchema = strictObject({
  lessonsId: idListSchema({ min: 1, max: LIMITS.copyLessonBatchSize }),
});
/** Body of publishing copied lessons. */
export type PublicLessonsRequest = z.infer<typeof publicLessonsRequestSchema>;

/**
 * An assist lesson (SPEC §3 "Assist lessons: dataSubmit with apply and status"): whether the lesson accepts
 * students of other classes (`apply`) and whether that setting is published.
 */
export const assistLessonSchema = z.object({
  lesson_id: idSchema,
  name: z.string(),
  apply: z.boolean(),
  status: publishStateSchema,
});
/** An assist lesson. */
export type AssistLesson = z.infer<typeof assistLessonSchema>;

/** `GET .../assist-lessons`. */
export const assistLessonsResponseSchema = listOf('dataSubmit', assistLessonSchema);

/** Body of `POST .../assist-lessons`. */
export const assistLessonsRequestSchema = strictObject({
  dataSubmit: z
    .array(strictObject({ lesson_id: idSchema, apply: booleanSchema, status: publishStateSchema }))
    .max(ASSIST_LESSONS_MAX, ValidationCode.tooLong),
});
/** Body of saving assist lessons. */
export type AssistLessonsRequest = z.infer<typeof assistLessonsRequestSchema>;

/** Body of `POST .../register-student` and `/cancel-register-student`: the class a student joins or leaves. */
export const classRegistrationRequestSchema = strictObject({ class_id: idSchema });

/** Add-students-to-classes payload (SPEC §3: subjectId, classes); `subjectId` must equal the path's. */
export const addStudentsToClassesRequestSchema = strictObject({
  subjectId: idSchema,
  classes: z
    .array(strictObject({ class_id: idSchema, student_ids: idListSchema({ max: LIMITS.bulkStudentsMax }) }))
    .min(1, ValidationCode.required),
});
/** Add-students-to-classes payload. */
export type AddStudentsToClassesRequest = z.infer<typeof addStudentsToClassesRequestSchema>;

const subject = idParams('subjectId');
const subjectScoreName = idParams('subjectId', 'scoreNameId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const subjectsCalls = {
  // Subjects: the list and detail screens are open to all but 3 (SPEC §6); creating, copying and deleting a
  // subject is admin-only like /academic/subjects/add; lessons, plans and highlights are written by teachers
  // (of that subject, a row rule) and admins.
  'GET /api/academic/subjects/search': {
    roles: ALL_BUT_SUPER_ADMIN,
    query: subjectSearchQuerySchema,
    response: subjectSearchResponseSchema,
  },
  'POST /api/academic/subjects': { roles: ADMINS_ONLY, body: subjectWriteSchema, response: subjectSchema },
  // Checks a draft without storing it: `ok`, or a 422 with the field codes.
  'POST /api/academic/subjects/validate-subject': {
    roles: ADMINS_ONLY,
    body: subjectWriteSchema,
    response: okResponseSchema,
  },
  'DELETE /api/academic/subjects/:subjectId': {
    roles: ADMINS_ONLY,
    params: subject,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: subject,
    response: subjectSchema,
  },
  'POST /api/academic/subjects/:subjectId': {
    roles: ADMINS_ONLY,
    params: subject,
    body: subjectWriteSchema,
    response: subjectSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: subject,
    response: lessonListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons-draft': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: lessonListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/notes': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: listOf('notes', noteSchema),
  },
  'GET /api/academic/subjects/:subjectId/class/:classId': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: idParams('subjectId', 'classId'),
    response: subjectClassDetailSchema,
  },
  'GET /api/academic/subjects/:subjectId/formula': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: formulaSchema,
  },
  'POST /api/academic/subjects/:subjectId/formula': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: formulaWriteSchema,
    response: formulaSchema,
  },
  'POST /api/academic/subjects/:subjectId/copy': {
    roles: ADMINS_ONLY,
    params: subject,
    body: copySubjectRequestSchema,
    response: copySubjectResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/public-lessons-after-copy': {
    roles: ADMINS_ONLY,
    params: subject,
    body: publicLessonsRequestSchema,
    response: okResponseSchema,
  },
  // Not in SPEC §7: registering a draft subject later is the copy's register, so it has the copy's roles.
  // Not in SPEC §7: registers later a copy saved temporarily (a draft subject), as the copy's register would
  // have; answers the registered subject.
  'POST /api/academic/subjects/:subjectId/publish': {
    roles: ADMINS_ONLY,
    params: subject,
    body: emptyBodySchema,
    response: subjectSchema,
  },
  'GET /api/academic/subjects/:subjectId/first-schedule-of-classes': {
    roles: ADMINS_ONLY,
    params: subject,
    response: copySubjectRowsResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/assist-lessons': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: assistLessonsResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/assist-lessons': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: assistLessonsRequestSchema,
    response: assistLessonsResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/register-student': {
    roles: STUDENTS_ONLY,
    params: subject,
    body: classRegistrationRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/cancel-register-student': {
    roles: STUDENTS_ONLY,
    params: subject,
    body: classRegistrationRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/add-students-to-classes': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: addStudentsToClassesRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectScoreName,
    response: listOf('students', studentScoreSchema),
  },
  'GET /api/academic/subjects/:subjectId/get-students-with-gpa': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: subject,
    response: listOf('students', studentGpaSchema),
  },
  'GET /api/academic/subjects/subject-by-user': {
    roles: ALL_BUT_SUPER_ADMIN,
    query: subjectByUserQuerySchema,
    response: subjectByUserResponseSchema,
  },
  'GET /api/academic/subjects/options-by-user': {
    roles: ALL_BUT_SUPER_ADMIN,
    response: subjectOptionsResponseSchema,
  },
} as const satisfies CallSlice;
