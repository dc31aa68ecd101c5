import { z } from 'zod';
import { attendanceStatusSchema } from '../attendance';
import { LIMITS } from '../limits';
import { STAFF_BUT_SUPER_ADMIN, TEACHERS_AND_ADMINS } from '../roles';
import { ValidationCode } from '../validation-codes';
import {
  type CallSlice,
  classFilterSchema,
  commentSchema,
  idParams,
  idSchema,
  isoDateSchema,
  listOf,
  namedRefSchema,
  okResponseSchema,
  strictObject,
  studentRefSchema,
  timeSchema,
} from './common';
import {
  attendanceReportClassesResponseSchema,
  attendanceReportFilterResponseSchema,
  attendanceReportStudentsResponseSchema,
} from './reports';

/** One attendance record (SPEC §3 `attendances[]`); `status` is null while not entered. */
export const attendanceEntrySchema = z.object({
  id: idSchema,
  status: attendanceStatusSchema.nullable(),
  class_student_id: idSchema,
  schedule_id: idSchema,
  absence_reasons: z.string().nullable(),
  comment: z.string().nullable(),
});
/** One attendance record. */
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/**
 * Attendance of one student in a class (SPEC §3: class_student_id, attendances[]); `student` is added so the
 * sheet shows identity and name without a join against the master students.
 */
export const attendancePerStudentSchema = z.object({
  class_student_id: idSchema,
  student: studentRefSchema,
  attendances: z.array(attendanceEntrySchema),
});
/** Attendance of one student. */
export type AttendancePerStudent = z.infer<typeof attendancePerStudentSchema>;

/** A schedule as a column of the attendance sheet. */
export const attendanceScheduleSchema = z.object({
  id: idSchema,
  day: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  lesson: namedRefSchema,
});
/** A column of the attendance sheet. */
export type AttendanceSchedule = z.infer<typeof attendanceScheduleSchema>;

/** `GET /api/attendance/{subjectClassId}`: the sheet of a class, its schedules and its students' records. */
export const classAttendanceResponseSchema = z.object({
  schedules: z.array(attendanceScheduleSchema),
  students: z.array(attendancePerStudentSchema),
});
/** A class's attendance sheet. */
export type ClassAttendanceResponse = z.infer<typeof classAttendanceResponseSchema>;

/** One attendance as `POST /api/attendance/{scheduleId}` sends it (SPEC §7). */
export const attendanceWriteEntrySchema = strictObject({
  class_student_id: idSchema,
  schedule_id: idSchema,
  status: attendanceStatusSchema.nullable(),
  absence_reasons: commentSchema.default(null),
  comment: commentSchema.default(null),
});
/** One attendance as sent. */
export type AttendanceWriteEntry = z.infer<typeof attendanceWriteEntrySchema>;

/**
 * Body of `POST /api/attendance/{scheduleId}`: `data.attendances[]` and the class they belong to. SPEC lists
 * `subjectClass` among the entry fields; it is one value for the whole sheet, so it sits once beside them.
 */
export const attendanceUpdateRequestSchema = strictObject({
  data: strictObject({
    attendances: z
      .array(attendanceWriteEntrySchema)
      .min(1, ValidationCode.required)
      .max(LIMITS.bulkStudentsMax, ValidationCode.tooLong),
    subjectClass: idSchema,
  }),
});
/** Body of an attendance update. */
export type AttendanceUpdateRequest = z.infer<typeof attendanceUpdateRequestSchema>;

/** Answer of an attendance update: the stored records, so offline copies take the server's ids. */
export const attendanceUpdateResponseSchema = listOf('attendances', attendanceEntrySchema);

/** `GET /api/attendance/subjectsByYearCode/...`: subjects of the chosen faculty and year code. */
export const filterSubjectsResponseSchema = listOf('subjects', namedRefSchema);
/** `GET /api/attendance/university/{id}/faculty/{id}`: year codes by faculty (SPEC §3 `yearCodeByFaculty`). */
export const yearCodeByFacultyResponseSchema = listOf('yearCodeByFaculty', namedRefSchema);
/** `GET /api/attendance/classesBySubject/{subjectId}`: the subject's classes (SPEC §3 `subjectClasses`). */
export const subjectClassesResponseSchema = listOf('subjectClasses', namedRefSchema);
/** Students flagged by a highlight of the subject (attendance and achievement highlight lists). */
export const highlightStudentsResponseSchema = listOf('students', studentRefSchema);

/**
 * Exchange attendance (SPEC §7 `exchange-attendance`, "assist lessons"): a student attends another class's
 * schedule of the same lesson, and the record moves there. The SPEC names only the paths, so the candidate
 * list and the move are designed minimal: `GET /{id}/{apply}` lists the schedules a class student may move to
 * (`apply` 1) or back from (0); `POST /{subjectId}` moves them.
 */
export const exchangeAttendanceResponseSchema = listOf('schedules', attendanceScheduleSchema);

/** Body of `POST /api/exchange-attendance/{subjectId}`. */
export const exchangeAttendanceRequestSchema = strictObject({
  from_schedule_id: idSchema,
  to_schedule_id: idSchema,
  class_student_ids: z.array(idSchema).min(1, ValidationCode.required).max(LIMITS.bulkStudentsMax),
});
/** Body of an attendance exchange. */
export type ExchangeAttendanceRequest = z.infer<typeof exchangeAttendanceRequestSchema>;

/** Params of `GET /api/exchange-attendance/{id}/{apply}`: a class student and the direction. */
export const exchangeAttendanceParamsSchema = strictObject({
  id: idSchema,
  apply: z.enum(['0', '1'], ValidationCode.invalidNumber).transform((text) => text === '1'),
});

/** One change to an attendance (ARCHITECTURE §3 history): who, when, old and new values, offline or not. */
export const attendanceHistoryEntrySchema = z.object({
  attendance_id: idSchema,
  class_student_id: idSchema,
  changed_by: idSchema,
  /** The name of who made the change, as the history shows it. */
  changed_by_name: z.string(),
  changed_at: z.string(),
  old_status: attendanceStatusSchema.nullable(),
  new_status: attendanceStatusSchema.nullable(),
  old_absence_reasons: z.string().nullable(),
  new_absence_reasons: z.string().nullable(),
  old_comment: z.string().nullable(),
  new_comment: z.string().nullable(),
  offline: z.boolean(),
  /** The request whose acceptance made the change ("by request #…"); null for a mark by hand. */
  request_id: idSchema.nullable(),
});

/** `GET /api/attendance/history/{scheduleId}`: the changes to one schedule's marks, oldest first. */
export const attendanceHistoryResponseSchema = listOf('history', attendanceHistoryEntrySchema);
/** One change to an attendance. */
export type AttendanceHistoryEntry = z.infer<typeof attendanceHistoryEntrySchema>;

const byId = idParams('id');
const exchangeAttendance = {
  params: exchangeAttendanceParamsSchema,
  response: exchangeAttendanceResponseSchema,
};
const subject = idParams('subjectId');
const subjectAndClass = idParams('subjectId', 'subjectClassId');
const subjectClass = idParams('subjectClassId');
const universityFaculty = idParams('universityId', 'facultyId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const attendanceCalls = {
  // Attendance and achievement screens are for 1 and 2 (SPEC §6); their reports follow the report screens.
  'GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('facultyId', 'yearCodeId'),
    response: filterSubjectsResponseSchema,
  },
  'GET /api/attendance/university/:universityId/faculty/:facultyId': {
    roles: TEACHERS_AND_ADMINS,
    params: universityFaculty,
    response: yearCodeByFacultyResponseSchema,
  },
  'GET /api/attendance/classesBySubject/:subjectId': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    response: subjectClassesResponseSchema,
  },
  'GET /api/attendance/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectClass,
    response: classAttendanceResponseSchema,
  },
  'GET /api/attendance/students-highlight/:subjectId/:subjectClassId': {
    roles: TEACHERS_AND_ADMINS,
    params: subjectAndClass,
    response: highlightStudentsResponseSchema,
  },
  // `:id` is a subject class: the filter that leads to it, so a link restores the screen's selects.
  'GET /api/attendance/dataFilter/:id': {
    roles: TEACHERS_AND_ADMINS,
    params: byId,
    response: classFilterSchema,
  },
  'POST /api/attendance/:scheduleId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('scheduleId'),
    body: attendanceUpdateRequestSchema,
    response: attendanceUpdateResponseSchema,
  },
  // Not in SPEC §7: the change history ARCHITECTURE §3 keeps, read by the staff who enter attendance.
  'GET /api/attendance/history/:scheduleId': {
    roles: TEACHERS_AND_ADMINS,
    params: idParams('scheduleId'),
    response: attendanceHistoryResponseSchema,
  },
  // `:id` of the attendance report calls is the subject reported on.
  'GET /api/attendance/report/students/:id': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: byId,
    response: attendanceReportStudentsResponseSchema,
  },
  'GET /api/attendance/report/filter/:id': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: byId,
    response: attendanceReportFilterResponseSchema,
  },
  'GET /api/attendance/report/classes/:id': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: byId,
    response: attendanceReportClassesResponseSchema,
  },
  'GET /api/exchange-attendance/:id/:apply': { roles: TEACHERS_AND_ADMINS, ...exchangeAttendance },
  'POST /api/exchange-attendance/:subjectId': {
    roles: TEACHERS_AND_ADMINS,
    params: subject,
    body: exchangeAttendanceRequestSchema,
    response: okResponseSchema,
  },
} as const satisfies CallSlice;
