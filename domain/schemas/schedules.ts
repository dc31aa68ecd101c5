import { z } from 'zod';
import { lessonTypeSchema } from '../lessons';
import { STAFF_BUT_SUPER_ADMIN, STUDENTS_ONLY } from '../roles';
import { weekRangeProblem } from '../schedules';
import {
  booleanSchema,
  type CallSlice,
  idListSchema,
  idParams,
  idSchema,
  integerSchema,
  isoDateSchema,
  listOf,
  monthSchema,
  namedRefSchema,
  queryIdListSchema,
  queryInteger,
  strictObject,
  timeSchema,
} from './common';
import { teacherSchema } from './people';

/** One schedule on a calendar: what, for which class, when, where and by whom. */
export const calendarScheduleSchema = z.object({
  id: idSchema,
  subject: namedRefSchema,
  lesson: z.object({ id: idSchema, name: z.string(), type: lessonTypeSchema }),
  class: namedRefSchema,
  year_code: z.object({ id: idSchema, name: z.string(), color: z.string().nullable() }).nullable(),
  day: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  room: namedRefSchema.nullable(),
  teachers: z.array(namedRefSchema),
  /**
   * Beyond SPEC: the sitting is on a student's calendar as an assist lesson of another class of their subject
   * (`domain/lessons.ts` `isPublishedAssist`), which they may sit in on; always false for staff.
   */
  assist: z.boolean(),
});
/** One schedule on a calendar. */
export type CalendarSchedule = z.infer<typeof calendarScheduleSchema>;

/**
 * Answer of every calendar call (monthly, weekly, daily; school, teacher, student). SPEC names no shape; one
 * flat list of schedules serves all views, which group it by day themselves.
 */
export const scheduleListResponseSchema = listOf('schedules', calendarScheduleSchema);
/** A calendar's schedules. */
export type ScheduleListResponse = z.infer<typeof scheduleListResponseSchema>;

/** Path of the monthly school calendar. */
export const schoolMonthParamsSchema = strictObject({
  university: idSchema,
  faculty: idSchema,
  yearCode: idSchema,
  month: monthSchema,
});
/**
 * Refuses a weekly range that is not a week (`domain/schedules.ts` `weekRangeProblem`), the code filed under
 * the range's last day: a first day after the last, or a "week" longer than seven days.
 */
function weekRange<Shape extends Record<string, unknown>>(
  firstKey: keyof Shape & string,
  lastKey: keyof Shape & string,
) {
  return (value: Shape, context: z.core.$RefinementCtx<Shape>) => {
    const first = value[firstKey];
    const last = value[lastKey];
    if (typeof first !== 'string' || typeof last !== 'string') return;
    const problem = weekRangeProblem(first, last);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: [lastKey], input: last });
  };
}

/** Path of the weekly school calendar. */
export const schoolWeekParamsSchema = strictObject({
  university: idSchema,
  faculty: idSchema,
  yearCode: idSchema,
  first: isoDateSchema,
  last: isoDateSchema,
}).superRefine(weekRange('first', 'last'));
/** Path of the monthly teacher calendar. */
export const teacherMonthParamsSchema = strictObject({
  faculty: idSchema,
  yearCode: idSchema,
  month: monthSchema,
});
/** Path of the weekly teacher calendar. */
export const teacherWeekParamsSchema = strictObject({
  first: isoDateSchema,
  last: isoDateSchema,
}).superRefine(weekRange('first', 'last'));
/** Path of the daily teacher calendar. */
export const teacherDayParamsSchema = strictObject({
  faculty: idSchema,
  yearCode: idSchema,
  day: isoDateSchema,
});
/** Path of the monthly student calendar. */
export const studentMonthParamsSchema = strictObject({ month: monthSchema });
/** Path of the weekly student calendar. */
export const studentWeekParamsSchema = strictObject({
  firstDayOfWeek: isoDateSchema,
  lastDayOfWeek: isoDateSchema,
}).superRefine(weekRange('firstDayOfWeek', 'lastDayOfWeek'));
/** Path of the daily student calendar. */
export const studentDayParamsSchema = strictObject({ day: isoDateSchema });

/** Query of the teacher calendars (SPEC §7 "(teachers)"): whose schedules to show; none means the caller's. */
export const teacherCalendarQuerySchema = strictObject({ teachers: queryIdListSchema.optional() });
/** Parsed teacher calendar query. */
export type TeacherCalendarQuery = z.infer<typeof teacherCalendarQuerySchema>;

/** The month the schedule screens share (SPEC §3 `monthlyShared`). */
export const monthlySharedSchema = z.object({ month: monthSchema });
/** The shared month. */
export type MonthlyShared = z.infer<typeof monthlySharedSchema>;

/**
 * Which views the schedule screens show (SPEC §3 `useMonthlyShared {scheduleMonth, scheduleWeek}`); the
 * monthly view is on by default for school and student and off for teacher (SPEC §9).
 */
export const useMonthlySharedSchema = z.object({ scheduleMonth: z.boolean(), scheduleWeek: z.boolean() });
/** The schedule view switches. */
export type UseMonthlyShared = z.infer<typeof useMonthlySharedSchema>;

/** A saved schedule filter (`POST /api/schedules/save-filter`): the school choices and the teachers shown. */
export const scheduleFilterSchema = strictObject({
  university: idSchema.nullable(),
  faculty: idSchema.nullable(),
  yearCode: idSchema.nullable(),
  teachers: idListSchema(),
  monthly: booleanSchema,
});
/** A saved schedule filter. */
export type ScheduleFilter = z.infer<typeof scheduleFilterSchema>;

/**
 * `GET /api/schedules/get-filter` (SPEC §3 user schedule filter: users, faculties_by_user, yearcodes_by_user):
 * the choices the caller may filter by, and their saved filter (null before the first save).
 */
export const userScheduleFilterResponseSchema = z.object({
  users: z.array(namedRefSchema),
  faculties_by_user: z.array(namedRefSchema),
  yearcodes_by_user: z.array(namedRefSchema.extend({ faculty_id: idSchema })),
  filter: scheduleFilterSchema.nullable(),
});
/** The schedule filter choices and saved filter. */
export type UserScheduleFilterResponse = z.infer<typeof userScheduleFilterResponseSchema>;

/** `GET /api/schedules/year-code-by-faculty/...`: the faculty's year codes. */
export const scheduleYearCodesResponseSchema = listOf('yearCodes', namedRefSchema);

/** Query of `GET /api/schedules/teachers-for-filter` (SPEC §7 `userIds`). */
export const teachersForFilterQuerySchema = strictObject({ userIds: queryIdListSchema });
/** `GET /api/schedules/teachers-for-filter`. */
export const teachersForFilterResponseSchema = listOf('teachers', teacherSchema);

/** Path of `GET /api/teachers/{teacherId}/timesheet/{year}`. */
export const timesheetParamsSchema = strictObject({
  teacherId: idSchema,
  year: queryInteger(2000, 2100),
});

/**
 * A teacher's timesheet for a year (SPEC §3 "timesheet by teacher and year"): per month, the schedules taught
 * and their minutes. SPEC gives no columns; these two totals are what a timesheet is paid and checked by.
 */
export const timesheetSchema = z.object({
  teacher: namedRefSchema,
  year: integerSchema,
  months: z.array(
    z.object({
      month: z.number().int().min(1).max(12),
      schedules: z.number().int().nonnegative(),
      minutes: z.number().int().nonnegative(),
    }),
  ),
});
/** A teacher's timesheet. */
export type Timesheet = z.infer<typeof timesheetSchema>;

const universityFaculty = idParams('universityId', 'facultyId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const schedulesCalls = {
  // Schedules: school and teacher views follow the schedule screens (not 3, not 5); the student views show
  // the signed-in student's own timetable, so only students call them.
  'GET /api/schedules/:university/:faculty/:yearCode/:month/month/school': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: schoolMonthParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:faculty/:yearCode/:month/month/teacher': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: teacherMonthParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:month/month/student': {
    roles: STUDENTS_ONLY,
    params: studentMonthParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:university/:faculty/:yearCode/:first/:last/week/school': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: schoolWeekParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:first/:last/week/teacher': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: teacherWeekParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:firstDayOfWeek/:lastDayOfWeek/week/student': {
    roles: STUDENTS_ONLY,
    params: studentWeekParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:faculty/:yearCode/:day/day/teacher': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: teacherDayParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:day/day/student': {
    roles: STUDENTS_ONLY,
    params: studentDayParamsSchema,
    response: scheduleListResponseSchema,
  },
  // Saving a filter stores the caller's own preference and changes no school data.
  'POST /api/schedules/save-filter': {
    roles: STAFF_BUT_SUPER_ADMIN,
    body: scheduleFilterSchema,
    response: scheduleFilterSchema,
  },
  'GET /api/schedules/get-filter': {
    roles: STAFF_BUT_SUPER_ADMIN,
    response: userScheduleFilterResponseSchema,
  },
  'GET /api/schedules/year-code-by-faculty/university/:universityId/faculty/:facultyId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: universityFaculty,
    response: scheduleYearCodesResponseSchema,
  },
  'GET /api/schedules/teachers-for-filter': {
    roles: STAFF_BUT_SUPER_ADMIN,
    query: teachersForFilterQuerySchema,
    response: teachersForFilterResponseSchema,
  },
  'GET /api/teachers/:teacherId/timesheet/:year': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: timesheetParamsSchema,
    response: timesheetSchema,
  },
} as const satisfies CallSlice;
