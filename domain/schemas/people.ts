import { z } from 'zod';
import { AttendanceStatus } from '../attendance';
import { FieldError } from '../errors';
import { GPA_MAX } from '../gpa';
import { HighlightCompare } from '../highlights';
import { LIMITS } from '../limits';
import { LOCALES } from '../locales';
import {
  ADMINS_ONLY,
  ADMINS_SCREEN,
  ALL_BUT_SUPER_ADMIN,
  Role,
  STAFF_BUT_SUPER_ADMIN,
  STUDENTS_AND_GUARDIANS,
  SUPER_ADMIN_ONLY,
  TEACHERS_AND_ADMINS,
} from '../roles';
import { COUNT_MAX, emailSchema, nameKanaSchema, phoneSchema } from '../validation';
import { ValidationCode } from '../validation-codes';
import { achievementPerStudentSchema, scoreNameSchema } from './achievement';
import { attendancePerStudentSchema } from './attendance';
import { userSchema } from './auth-account';
import {
  booleanSchema,
  type CallSlice,
  codeOf,
  dateTimeSchema,
  emptyBodySchema,
  idFilter,
  idListSchema,
  idParams,
  idSchema,
  isoDateSchema,
  listOf,
  namedRefSchema,
  nameSchema,
  okResponseSchema,
  optionalFilter,
  pagedListSchema,
  pageQueryShape,
  queryBooleanSchema,
  queryCode,
  queryIdListSchema,
  queryInteger,
  queryNumber,
  schoolFilterShape,
  sortTypeSchema,
  strictObject,
  studentRefSchema,
  timeSchema,
} from './common';
import { attendanceTallySchema } from './reports';

// ---------------------------------------------------------------------------------------------------------
// Teachers, observers and admins.

/** A teacher (SPEC §3: id, name, university_ids, deactive.retire_at); `deactive` is null while employed. */
export const teacherSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  university_ids: z.array(idSchema),
  deactive: z.object({ retire_at: dateTimeSchema.nullable() }).nullable(),
});
/** A teacher. */
export type Teacher = z.infer<typeof teacherSchema>;

/** `GET /api/teachers/{id}`: the teacher and the subjects they teach. */
export const teacherDetailSchema = teacherSchema.extend({ subjects: z.array(namedRefSchema) });
/** A teacher with their subjects. */
export type TeacherDetail = z.infer<typeof teacherDetailSchema>;

/** Body of `POST /api/teachers/{id}`: name, universities and the retirement date (null to clear it). */
export const teacherWriteSchema = strictObject({
  name: nameSchema,
  university_ids: idListSchema({ min: 1 }),
  retire_at: isoDateSchema.nullable().default(null),
});
/** Body of a teacher update. */
export type TeacherWrite = z.infer<typeof teacherWriteSchema>;

/** Query of `GET /api/teachers`, `/api/observers` and `/api/users/search`: a paged search by university. */
export const staffSearchQuerySchema = strictObject({ ...pageQueryShape, university: idFilter });
/** Parsed staff search. */
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

/** The roles the admins screen lists and promotes from (SPEC §6: admins, and the teachers and observers to promote). */
export const StaffListRole = { observer: 0, teacher: 1, admin: 2 } as const;
export type StaffListRole = (typeof StaffListRole)[keyof typeof StaffListRole];

/** Query of `GET /api/users/search`: the staff search plus the role listed (admins when left out). */
export const userSearchQuerySchema = strictObject({
  ...pageQueryShape,
  university: idFilter,
  role: optionalFilter(queryCode(StaffListRole)),
});
/** Parsed user search. */
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** `GET /api/teachers`. */
export const teacherListResponseSchema = pagedListSchema(teacherSchema);

/**
 * A staff account in the admins and observers lists: the user plus email, universities and whether the
 * super admin blocked their login (SPEC §6 "block-login call").
 */
export const staffUserSchema = userSchema.extend({
  email: z.string(),
  university_ids: z.array(idSchema),
  login_blocked: z.boolean(),
});
/** A staff account. */
export type StaffUser = z.infer<typeof staffUserSchema>;

/** `GET /api/users/search` and `GET /api/observers`. */
export const staffUserListResponseSchema = pagedListSchema(staffUserSchema);

/**
 * The language a new account starts in, which its invitation mail is written in (issue 42: an English-speaking
 * admin's invitations went out in Japanese). Left out, the inviting user's own language.
 */
export const newAccountLocaleSchema = z.enum(LOCALES, FieldError.invalid);

/** Body of `POST /api/users/invite` (a teacher) and `POST /api/observers/invite`: who gets the mail. */
export const inviteRequestSchema = strictObject({
  name: nameSchema,
  email: emailSchema,
  university_ids: idListSchema({ min: 1 }),
  locale: newAccountLocaleSchema.optional(),
});
/** Body of an invitation. */
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** Body of `POST /api/observers/{id}`. */
export const observerWriteSchema = strictObject({
  name: nameSchema,
  university_ids: idListSchema({ min: 1 }),
});
/** Body of an observer update. */
export type ObserverWrite = z.infer<typeof observerWriteSchema>;

/** Body of `POST /api/users/up-role` and `/down-role` (SPEC §7 `{id}`): the account to promote or demote. */
export const roleChangeRequestSchema = strictObject({ id: idSchema });
/** Body of `POST /api/users/block-login-admin/{id}`: block or unblock the admin's login. */
export const blockLoginRequestSchema = strictObject({ blocked: booleanSchema });

// ---------------------------------------------------------------------------------------------------------
// Students.

/** JLPT levels, by their number (N1 … N5). */
export const JlptLevel = { n1: 1, n2: 2, n3: 3, n4: 4, n5: 5 } as const;
export type JlptLevel = (typeof JlptLevel)[keyof typeof JlptLevel];
/** Zod schema of a JLPT level. */
export const jlptLevelSchema = codeOf(JlptLevel);

/** A student (the student list and detail). */
export const studentSchema = studentRefSchema.extend({
  name_kana: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  university: namedRefSchema,
  faculty: namedRefSchema.nullable(),
  year_code: namedRefSchema.nullable(),
  jlpt: jlptLevelSchema.nullable(),
  scholarship: z.boolean(),
});
/** A student. */
export type Student = z.infer<typeof studentSchema>;

/** Body of `POST /api/students` and `/api/students/{id}` (SPEC §5: kana, phone and email rules). */
export const studentWriteSchema = strictObject({
  identity: nameSchema,
  name: nameSchema,
  name_kana: nameKanaSchema.nullable().default(null),
  email: emailSchema,
  phone: phoneSchema.nullable().default(null),
  university_id: idSchema,
  faculty_id: idSchema,
  year_code_id: idSchema,
  jlpt: jlptLevelSchema.nullable().default(null),
  scholarship: booleanSchema.default(false),
});
/** Body of a student write. */
export type StudentWrite = z.infer<typeof studentWriteSchema>;

/** Body of `POST /api/students`: a student write and the language the new account and its invitation use. */
export const studentCreateSchema = studentWriteSchema.extend({ locale: newAccountLocaleSchema.optional() });
/** Body of a student create. */
export type StudentCreate = z.infer<typeof studentCreateSchema>;

/**
 * The guardian columns of a bulk add's row (issue 43; the paste and the `.xlsx` carry them after the student's
 * own): a guardian to link the row's student to, invited by e-mail in `guardian_locale` (the batch's language
 * when left out) when no account has that e-mail yet. All three empty: no guardian. A name without an e-mail,
 * or an e-mail without a name, is an error on the missing field.
 */
export const guardianColumnsShape = {
  guardian_email: emailSchema.nullable().default(null),
  guardian_name: nameSchema.nullable().default(null),
  guardian_locale: newAccountLocaleSchema.nullable().default(null),
};

/** A row of a bulk student add: the student, and optionally a guardian (`guardianColumnsShape`). */
export const studentBulkRowSchema = studentWriteSchema
  .extend(guardianColumnsShape)
  .superRefine((row, context) => {
    if (row.guardian_email !== null && row.guardian_name === null) {
      context.addIssue({ code: 'custom', path: ['guardian_name'], message: ValidationCode.required });
    }
    if (row.guardian_email === null && (row.guardian_name !== null || row.guardian_locale !== null)) {
      context.addIssue({ code: 'custom', path: ['guardian_email'], message: ValidationCode.required });
    }
  });
/** A row of a bulk student add. */
export type StudentBulkRow = z.infer<typeof studentBulkRowSchema>;

/**
 * Body of `POST /api/students/create-multi` (SPEC §7 `{students}`). A 422 keys errors by row
 * (`students.3.email`), which the bulk screen stores per field (SPEC §5).
 */
export const studentsBulkRequestSchema = strictObject({
  students: z
    .array(studentBulkRowSchema)
    .min(1, ValidationCode.required)
    // SPEC §9 "Import limits: 50 students": a pasted sheet or a file holds one class list at most.
    .max(LIMITS.importMaxStudents, ValidationCode.tooLong),
  /** The language of every new account of the batch and of its invitation (the inviting user's when left out). */
  locale: newAccountLocaleSchema.optional(),
});
/** Body of a bulk student add. */
export type StudentsBulkRequest = z.infer<typeof studentsBulkRequestSchema>;

/** Answer of a bulk add: the students created. */
export const studentsBulkResponseSchema = listOf('students', studentSchema);

/**
 * Student search filters (SPEC §3). Each condition pairs a comparison with a number, as highlights do:
 * `attendance` is the status counted, `compareAttendance`/`numberAttendance` compare its count;
 * `achievement`/`numberAchievement` compare the score of `scoreNameId`; `grade`/`numberGrade` compare the GPA.
 * `offYearCodeFilter` searches across year codes.
 */
export const studentSearchQuerySchema = strictObject({
  ...pageQueryShape,
  ...schoolFilterShape,
  jlpt: optionalFilter(queryCode(JlptLevel)),
  scholarship: optionalFilter(queryBooleanSchema),
  subject: idFilter,
  lesson: idFilter,
  classes: optionalFilter(queryIdListSchema),
  attendance: optionalFilter(queryCode(AttendanceStatus)),
  compareAttendance: optionalFilter(queryCode(HighlightCompare)),
  numberAttendance: optionalFilter(queryInteger(0, COUNT_MAX)),
  achievement: optionalFilter(queryCode(HighlightCompare)),
  numberAchievement: optionalFilter(queryNumber(0, COUNT_MAX)),
  grade: optionalFilter(queryCode(HighlightCompare)),
  numberGrade: optionalFilter(queryNumber(0, GPA_MAX)),
  sortType: optionalFilter(sortTypeSchema),
  offYearCodeFilter: optionalFilter(queryBooleanSchema),
  scoreNameId: idFilter,
});
/** Parsed student search. */
export type StudentSearchQuery = z.infer<typeof studentSearchQuerySchema>;

/** `GET /api/students/search`. */
export const studentListResponseSchema = pagedListSchema(studentSchema);

/** One subject of a student's achievement-attendance profile. */
export const studentSubjectRecordSchema = z.object({
  subject: namedRefSchema,
  class: namedRefSchema,
  attendance: attendancePerStudentSchema,
  /**
   * The attendance tally over the held sittings of the student's class, by the attendance report's rule (a
   * held sitting with no status is missing; marks at draft, deleted or future sittings are not counted), so
   * the report card and the report never disagree. `attendance.attendances` stays every stored mark.
   */
  tally: attendanceTallySchema,
  achievement: achievementPerStudentSchema,
  /** The messages to students of the subject's highlights the student meets (SPEC §3 `message_to_student`). */
  messages: z.array(z.string()),
});

/** `GET /api/students/{id}/achievement-attendance`: the student's profile across subjects. */
export const studentProfileResponseSchema = z.object({
  student: studentSchema,
  subjects: z.array(studentSubjectRecordSchema),
});
/** A student's achievement-attendance profile. */
export type StudentProfileResponse = z.infer<typeof studentProfileResponseSchema>;

/** Body of `POST /api/students/{id}/lesson` (SPEC §7 `{classId}`): put the student in a class. */
export const studentClassRequestSchema = strictObject({ classId: idSchema });

/** A schedule a request can be about. */
const requestableScheduleSchema = z.object({
  id: idSchema,
  day: isoDateSchema,
  start_time: timeSchema,
  end_time: timeSchema,
  lesson: namedRefSchema,
});

/** `GET /api/students/{id}/data-request`: what the request form offers: subjects, classes, schedules, scores. */
export const studentRequestDataResponseSchema = listOf(
  'subjects',
  namedRefSchema.extend({
    classes: z.array(namedRefSchema.extend({ schedules: z.array(requestableScheduleSchema) })),
    score_names: z.array(scoreNameSchema),
  }),
);
/** What the request form offers a student. */
export type StudentRequestData = z.infer<typeof studentRequestDataResponseSchema>;

/** `GET /api/students/data-filter/{yearCodeId}/{facultyId}`: choices of the student search's filters. */
export const studentFilterDataResponseSchema = z.object({
  subjects: z.array(namedRefSchema),
  lessons: z.array(namedRefSchema),
  classes: z.array(namedRefSchema),
  scoreNames: z.array(namedRefSchema),
});

// ---------------------------------------------------------------------------------------------------------
// Guardians (issue 43).

/**
 * A guardian linked to a student (the student screen's guardians list): the account, its language (what its
 * mails and notices are written in), and when the link was made. `pending` while the invitation is not yet
 * taken up (the account has not set its password).
 */
export const guardianSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  linked_at: dateTimeSchema,
  pending: z.boolean(),
});
/** A guardian of a student. */
export type Guardian = z.infer<typeof guardianSchema>;

/** `GET /api/students/{id}/guardians`: the student's live guardians. */
export const guardianListResponseSchema = listOf('guardians', guardianSchema);

/**
 * Body of `POST /api/students/{id}/guardians`: link the guardian with this e-mail, inviting a new account in
 * `locale` (the inviting admin's language when left out) when none has it. An existing guardian account is
 * linked as it is (its name and language stay); an e-mail of a staff or student account is refused.
 */
export const guardianLinkRequestSchema = strictObject({
  email: emailSchema,
  name: nameSchema,
  locale: newAccountLocaleSchema.optional(),
});
/** Body of a guardian link. */
export type GuardianLinkRequest = z.infer<typeof guardianLinkRequestSchema>;

const observer = idParams('observerId');
const student = idParams('studentId');
const teacher = idParams('teacherId');
const user = idParams('userId');

/** The calls of this area in the call table (`domain/schemas/calls.ts` merges the slices). */
export const peopleCalls = {
  // People. /students is open to all but 3 (SPEC §6), /students/{id} to staff but 3, /students/add to 1 and 2;
  // deleting a student is destructive and school-wide, so it is admin-only.
  'GET /api/students/search': {
    roles: ALL_BUT_SUPER_ADMIN,
    query: studentSearchQuerySchema,
    response: studentListResponseSchema,
  },
  'GET /api/students/:studentId': { roles: STAFF_BUT_SUPER_ADMIN, params: student, response: studentSchema },
  'POST /api/students/:studentId': {
    roles: TEACHERS_AND_ADMINS,
    params: student,
    body: studentWriteSchema,
    response: studentSchema,
  },
  'DELETE /api/students/:studentId': {
    roles: ADMINS_ONLY,
    params: student,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'POST /api/students': { roles: TEACHERS_AND_ADMINS, body: studentCreateSchema, response: studentSchema },
  'POST /api/students/create-multi': {
    roles: TEACHERS_AND_ADMINS,
    body: studentsBulkRequestSchema,
    response: studentsBulkResponseSchema,
  },
  // A student's record card: a guardian reads their children's (a row rule, the `student` entity's ward reach).
  'GET /api/students/:studentId/achievement-attendance': {
    roles: [...ALL_BUT_SUPER_ADMIN, Role.guardian],
    params: student,
    response: studentProfileResponseSchema,
  },
  'POST /api/students/:studentId/lesson': {
    roles: TEACHERS_AND_ADMINS,
    params: student,
    body: studentClassRequestSchema,
    response: okResponseSchema,
  },
  // The request form's choices: a student's own, a guardian's for a ward (a row rule).
  'GET /api/students/:studentId/data-request': {
    roles: STUDENTS_AND_GUARDIANS,
    params: student,
    response: studentRequestDataResponseSchema,
  },
  'GET /api/students/data-filter/:yearCodeId/:facultyId': {
    roles: ALL_BUT_SUPER_ADMIN,
    params: idParams('yearCodeId', 'facultyId'),
    response: studentFilterDataResponseSchema,
  },
  'GET /api/teachers/:teacherId': {
    roles: STAFF_BUT_SUPER_ADMIN,
    params: teacher,
    response: teacherDetailSchema,
  },
  'POST /api/teachers/:teacherId': {
    roles: ADMINS_ONLY,
    params: teacher,
    body: teacherWriteSchema,
    response: teacherSchema,
  },
  'GET /api/teachers': {
    roles: STAFF_BUT_SUPER_ADMIN,
    query: staffSearchQuerySchema,
    response: teacherListResponseSchema,
  },
  'DELETE /api/teachers/:teacherId': {
    roles: ADMINS_ONLY,
    params: teacher,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  // The admins area: read by whoever opens /admins, changed only by the super admin (SPEC §4, §6).
  'GET /api/users/search': {
    roles: ADMINS_SCREEN,
    query: userSearchQuerySchema,
    response: staffUserListResponseSchema,
  },
  'GET /api/users/:userId': { roles: ADMINS_SCREEN, params: user, response: staffUserSchema },
  'POST /api/users/up-role': {
    roles: SUPER_ADMIN_ONLY,
    body: roleChangeRequestSchema,
    response: staffUserSchema,
  },
  'POST /api/users/down-role': {
    roles: SUPER_ADMIN_ONLY,
    body: roleChangeRequestSchema,
    response: staffUserSchema,
  },
  'POST /api/users/block-login-admin/:userId': {
    roles: SUPER_ADMIN_ONLY,
    params: user,
    body: blockLoginRequestSchema,
    response: staffUserSchema,
  },
  // Inviting users is the teacher invitation (/teachers/invite, admins only); observers have their own.
  'POST /api/users/invite': { roles: ADMINS_ONLY, body: inviteRequestSchema, response: teacherSchema },
  'GET /api/observers': {
    roles: ADMINS_ONLY,
    query: staffSearchQuerySchema,
    response: staffUserListResponseSchema,
  },
  'POST /api/observers/:observerId': {
    roles: ADMINS_ONLY,
    params: observer,
    body: observerWriteSchema,
    response: staffUserSchema,
  },
  'DELETE /api/observers/:observerId': {
    roles: ADMINS_ONLY,
    params: observer,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'POST /api/observers/invite': { roles: ADMINS_ONLY, body: inviteRequestSchema, response: staffUserSchema },
  // Guardians (issue 43): admins list a student's guardians, link one by inviting them by e-mail (a new
  // account gets the invitation mail in the language the form gives), and end a link.
  'GET /api/students/:studentId/guardians': {
    roles: ADMINS_ONLY,
    params: student,
    response: guardianListResponseSchema,
  },
  'POST /api/students/:studentId/guardians': {
    roles: ADMINS_ONLY,
    params: student,
    body: guardianLinkRequestSchema,
    response: guardianSchema,
  },
  'DELETE /api/students/:studentId/guardians/:guardianId': {
    roles: ADMINS_ONLY,
    params: idParams('studentId', 'guardianId'),
    body: emptyBodySchema,
    response: okResponseSchema,
  },
} as const satisfies CallSlice;
