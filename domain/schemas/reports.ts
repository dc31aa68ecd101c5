import { z } from 'zod';
import { STAFF_BUT_SUPER_ADMIN } from '../roles';
import {
  type CallSlice,
  idParams,
  idSchema,
  isoDateSchema,
  listOf,
  namedRefSchema,
  studentRefSchema,
} from './common';

/** The filter a report screen opens with (SPEC §3 `defaultFilter`); a level with no default is null. */
export const reportDefaultFilterSchema = z.object({
  subjectId: idSchema.nullable(),
  facultyId: idSchema.nullable(),
  yearCodeId: idSchema.nullable(),
  universityId: idSchema.nullable(),
});
/** A report screen's opening filter. */
export type ReportDefaultFilter = z.infer<typeof reportDefaultFilterSchema>;

/**
 * Attendance tallies of a report row: one count per label of SPEC §3 plus schedules not entered, the same
 * buckets as `AttendanceCounts` with explained absences counted too, since a report shows every label.
 */
export const attendanceTallySchema = z.object({
  present: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  unexplainedAbsence: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
});
/** Attendance tallies. */
export type AttendanceTally = z.infer<typeof attendanceTallySchema>;

/** One sitting of a class in the attendance report: its day, lesson and the tally of its marks. */
export const reportSittingSchema = z.object({
  id: idSchema,
  day: isoDateSchema,
  lesson: namedRefSchema,
  tally: attendanceTallySchema,
});
/** A sitting row of the attendance report. */
export type ReportSitting = z.infer<typeof reportSittingSchema>;

/**
 * The attendance report (SPEC §3: defaultFilter, students, classes), one row per student and per class, over
 * the sittings held up to today. A student row also says how many shown attendance highlights of the subject
 * the student meets; a class row carries its sittings, for the rate per sitting over the term.
 */
export const attendanceReportSchema = z.object({
  defaultFilter: reportDefaultFilterSchema,
  students: z.array(
    studentRefSchema.extend({
      class: namedRefSchema,
      tally: attendanceTallySchema,
      highlights_met: z.number().int().nonnegative(),
    }),
  ),
  classes: z.array(
    namedRefSchema.extend({
      students_count: z.number().int(),
      tally: attendanceTallySchema,
      sittings: z.array(reportSittingSchema),
    }),
  ),
});
/** The attendance report. */
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

/** `GET /api/attendance/report/students/{id}`: the students tab. */
export const attendanceReportStudentsResponseSchema = attendanceReportSchema.pick({ students: true });
/** `GET /api/attendance/report/classes/{id}`: the classes tab. */
export const attendanceReportClassesResponseSchema = attendanceReportSchema.pick({ classes: true });
/** `GET /api/attendance/report/filter/{id}`: the opening filter. */
export const attendanceReportFilterResponseSchema = attendanceReportSchema.pick({ defaultFilter: true });

/** `GET /api/report/universities/{id}/subject-name`: subject names of a university. */
export const reportSubjectNamesResponseSchema = listOf('subjectNames', namedRefSchema);
/** `GET .../subject-name/{id}/faculty`: faculties teaching a subject name. */
export const reportFacultiesResponseSchema = listOf('faculties', namedRefSchema);
/** `GET .../faculty/{id}/year-code` and `.../year-codes/{subjectNameId}`: year codes to report on. */
export const reportYearCodesResponseSchema = listOf('yearCodes', namedRefSchema);

/**
 * `GET /api/report/default-filter`: the achievement report's opening choice, the attendance report's filter
 * plus the subject name its cascade starts from (null when the user sees no subject).
 */
export const reportAchievementDefaultFilterSchema = reportDefaultFilterSchema.extend({
  subjectNameId: idSchema.nullable(),
});

/**
 * A class row of the achievement report: its size, GPA average, how many of its students have a GPA in each
 * band of one point (0–1, 1–2, 2–3, 3–4, the top band closed), and the lessons with exams to drill into.
 */
export const reportClassSchema = namedRefSchema.extend({
  subject: namedRefSchema,
  students_count: z.number().int().nonnegative(),
  gpa_average: z.number().nullable(),
  gpa_bands: z.array(z.number().int().nonnegative()),
  exams: z.array(z.object({ lesson_id: idSchema, lesson_name: z.string(), exam_name: namedRefSchema })),
});
/** A class row of the achievement report. */
export type ReportClass = z.infer<typeof reportClassSchema>;
/** `GET /api/report/data-classes/...`: the classes of a subject name, faculty and year code. */
export const reportClassesResponseSchema = listOf('classes', reportClassSchema);

/** A score column of a sub-score report. */
const reportScoreNameSchema = z.object({
  id: idSchema,
  name: z.string(),
  full_score: z.number(),
  parent_id: idSchema.nullable(),
});

/** `GET /api/report/sub-scores/{lessonId}/{examNameId}`: each student's sub-scores of an exam. */
export const reportSubScoresResponseSchema = z.object({
  scoreNames: z.array(reportScoreNameSchema),
  students: z.array(
    studentRefSchema.extend({
      class: namedRefSchema.nullable(),
      points: z.array(z.object({ score_name_id: idSchema, points: z.number().nullable() })),
    }),
  ),
});

/** `GET /api/report/year-code/sub-scores/...`: the same exam's sub-score averages per year code. */
export const reportYearCodeSubScoresResponseSchema = z.object({
  scoreNames: z.array(reportScoreNameSchema),
  yearCodes: z.array(
    namedRefSchema.extend({
      averages: z.array(z.object({ score_name_id: idSchema, average: z.number().nullable() })),
    }),
  ),
});

const lessonExamName = idParams('lessonId', 'examNameId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const reportsCalls = {
  // Reports and statistics follow the report screens (not 3, not 5).
  'GET /api/report/universities/:universityId/subject-name': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: idParams('universityId'),
    response: reportSubjectNamesResponseSchema,
  },
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: idParams('universityId', 'subjectNameId'),
    response: reportFacultiesResponseSchema,
  },
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: idParams('universityId', 'subjectNameId', 'facultyId'),
    response: reportYearCodesResponseSchema,
  },
  'GET /api/report/default-filter': {
    roles: STAFF_BUT_SUPER_ADMIN,
    response: reportAchievementDefaultFilterSchema,
  },
  'GET /api/report/universities/:universityId/year-codes/:subjectNameId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: idParams('universityId', 'subjectNameId'),
    response: reportYearCodesResponseSchema,
  },
  'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: idParams('subjectNameId', 'facultyId', 'yearCodeId'),
    response: reportClassesResponseSchema,
  },
  'GET /api/report/sub-scores/:lessonId/:examNameId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: lessonExamName,
    response: reportSubScoresResponseSchema,
  },
  'GET /api/report/year-code/sub-scores/:lessonId/:examNameId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: lessonExamName,
    response: reportYearCodeSubScoresResponseSchema,
  },
} as const satisfies CallSlice;
