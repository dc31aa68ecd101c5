import type { z } from 'zod';
import { loginRequestSchema, loginResponseSchema, otpSentResponseSchema } from '../auth';
import { masterDataResponseSchema, masterDocSchema, masterItemSchema } from '../master';
import type { CallKey } from '../permissions';
import {
  syncCollectionParamsSchema,
  syncedDocSchema,
  syncPullQuerySchema,
  syncPullResponseSchema,
  syncPushRequestSchema,
  syncPushResponseSchema,
  versionBuildResponseSchema,
} from '../sync';
import { notificationDocSchema } from '../sync-docs';
import {
  classAchievementResponseSchema,
  finalScorePermissionResponseSchema,
  scoreEntriesRequestSchema,
  scoreImportPreviewSchema,
  scoreImportResponseSchema,
  scoreNamesResponseSchema,
  studentExamRequestSchema,
  studentExamSchema,
  studentGpaSchema,
  studentScoreSchema,
  subScoreEntriesRequestSchema,
  subScoresResponseSchema,
} from './achievement';
import {
  attendanceHistoryResponseSchema,
  attendanceUpdateRequestSchema,
  attendanceUpdateResponseSchema,
  classAttendanceResponseSchema,
  exchangeAttendanceParamsSchema,
  exchangeAttendanceRequestSchema,
  exchangeAttendanceResponseSchema,
  filterSubjectsResponseSchema,
  highlightStudentsResponseSchema,
  subjectClassesResponseSchema,
  yearCodeByFacultyResponseSchema,
} from './attendance';
import {
  avatarResponseSchema,
  changePasswordRequestSchema,
  csrfResponseSchema,
  emailRequestSchema,
  forceChangePasswordRequestSchema,
  notificationSettingsSchema,
  passwordResetRequestSchema,
  profileSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  updateProfileRequestSchema,
  verifyOtpRequestSchema,
  webManifestSchema,
} from './auth-account';
import { classFilterSchema, emptyBodySchema, idParams, listOf, okResponseSchema } from './common';
import {
  eventCreateDataResponseSchema,
  eventDataFilterResponseSchema,
  eventSearchRequestSchema,
  eventsResponseSchema,
  eventWriteSchema,
  rankingFilterDataResponseSchema,
  rankingResponseSchema,
  rankingSearchRequestSchema,
  vibloEventSchema,
} from './events';
import {
  headTeacherAdminResponseSchema,
  highlightDetailSchema,
  highlightListResponseSchema,
  highlightPriorityRequestSchema,
  highlightSchema,
  highlightScoreListResponseSchema,
  highlightWriteSchema,
  subjectExamsResponseSchema,
  subjectTeachersResponseSchema,
} from './highlights';
import {
  examWriteSchema,
  lessonDetailSchema,
  lessonListResponseSchema,
  lessonSchema,
  lessonScoreNamesResponseSchema,
  lessonStudentsResponseSchema,
  lessonWriteSchema,
} from './lessons';
import {
  masterDeleteResponseSchema,
  masterSearchAnyQuerySchema,
  masterSearchResponseSchema,
  masterSegmentIdParamsSchema,
  masterSegmentParamsSchema,
  masterSettingAnyWriteSchema,
  masterYearCodesResponseSchema,
  roomsMultiStoreRequestSchema,
  roomsMultiStoreResponseSchema,
  universitiesFacultyResponseSchema,
} from './master-setting';
import {
  memoListQuerySchema,
  memoListResponseSchema,
  memoSchema,
  memoTeacherCheckResponseSchema,
  memoWriteSchema,
} from './memos';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadRequestSchema,
} from './notifications';
import { offlineDataCachesResponseSchema, offlineFilesResponseSchema } from './offline';
import {
  blockLoginRequestSchema,
  inviteRequestSchema,
  observerWriteSchema,
  roleChangeRequestSchema,
  staffSearchQuerySchema,
  staffUserListResponseSchema,
  staffUserSchema,
  studentClassRequestSchema,
  studentFilterDataResponseSchema,
  studentListResponseSchema,
  studentProfileResponseSchema,
  studentRequestDataResponseSchema,
  studentSchema,
  studentSearchQuerySchema,
  studentsBulkRequestSchema,
  studentsBulkResponseSchema,
  studentWriteSchema,
  teacherDetailSchema,
  teacherListResponseSchema,
  teacherSchema,
  teacherWriteSchema,
} from './people';
import { noteSchema, noteWriteSchema, planSchema, planWriteSchema } from './plans';
import {
  attendanceReportClassesResponseSchema,
  attendanceReportFilterResponseSchema,
  attendanceReportStudentsResponseSchema,
  reportClassesResponseSchema,
  reportDefaultFilterSchema,
  reportFacultiesResponseSchema,
  reportSubjectNamesResponseSchema,
  reportSubScoresResponseSchema,
  reportYearCodeSubScoresResponseSchema,
  reportYearCodesResponseSchema,
} from './reports';
import {
  requestCreateSchema,
  requestDecisionSchema,
  requestListResponseSchema,
  requestSchema,
  requestSearchQuerySchema,
} from './requests';
import {
  scheduleFilterSchema,
  scheduleListResponseSchema,
  scheduleYearCodesResponseSchema,
  schoolMonthParamsSchema,
  schoolWeekParamsSchema,
  studentDayParamsSchema,
  studentMonthParamsSchema,
  studentWeekParamsSchema,
  teacherCalendarQuerySchema,
  teacherDayParamsSchema,
  teacherMonthParamsSchema,
  teachersForFilterQuerySchema,
  teachersForFilterResponseSchema,
  teacherWeekParamsSchema,
  timesheetParamsSchema,
  timesheetSchema,
  userScheduleFilterResponseSchema,
} from './schedules';
import { statisticSearchRequestSchema, statisticSearchResponseSchema } from './statistics';
import {
  stickyClassesQuerySchema,
  stickyClassesResponseSchema,
  stickyDetailResponseSchema,
  stickyListQuerySchema,
  stickyListResponseSchema,
  stickyStatusRequestSchema,
} from './stickies';
import {
  addStudentsToClassesRequestSchema,
  assistLessonsRequestSchema,
  assistLessonsResponseSchema,
  classRegistrationRequestSchema,
  copySubjectRequestSchema,
  copySubjectResponseSchema,
  copySubjectRowsResponseSchema,
  formulaSchema,
  formulaWriteSchema,
  publicLessonsRequestSchema,
  subjectByUserQuerySchema,
  subjectByUserResponseSchema,
  subjectClassDetailSchema,
  subjectOptionsResponseSchema,
  subjectSchema,
  subjectSearchQuerySchema,
  subjectSearchResponseSchema,
  subjectWriteSchema,
} from './subjects';

/** The schemas of one call: path params, query string, JSON body and the success answer. */
export interface CallSchema {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

// Path parameter sets used by several calls.
const subject = idParams('subjectId');
const subjectLesson = idParams('subjectId', 'lessonId');
const subjectHighlight = idParams('subjectId', 'highlightId');
const plan = idParams('subjectId', 'lessonId', 'scheduleId', 'planId');
const planCreate = idParams('subjectId', 'lessonId', 'scheduleId');
const subjectClass = idParams('subjectClassId');
const subjectAndClass = idParams('subjectId', 'subjectClassId');
const scoreNameAndClass = idParams('scoreNameId', 'subjectClassId');
const subjectScoreName = idParams('subjectId', 'scoreNameId');
const byId = idParams('id');
const universityFaculty = idParams('universityId', 'facultyId');
const student = idParams('studentId');
const teacher = idParams('teacherId');
const user = idParams('userId');
const observer = idParams('observerId');
const memo = idParams('memoId');
const request = idParams('requestId');
const event = idParams('eventId');
const lessonExamName = idParams('lessonId', 'examNameId');

// Entries shared by calls that differ only in their path.
const exchangeAttendance = {
  params: exchangeAttendanceParamsSchema,
  response: exchangeAttendanceResponseSchema,
};
const requestDecision = { params: request, body: requestDecisionSchema, response: requestSchema };
const lessonWrite = { params: subject, body: lessonWriteSchema, response: lessonSchema };
const examWrite = { params: subject, body: examWriteSchema, response: lessonSchema };
const stickyClasses = { query: stickyClassesQuerySchema, response: stickyClassesResponseSchema };

/**
 * The schemas of every call, keyed exactly like `CALL_ROLES` (and so every call of SPEC §7 in `SPEC_CALLS`).
 * Routes declare these; forms reuse the bodies. Writes with no body of their own take `emptyBodySchema`; GETs
 * never have a body. Where SPEC §7 shows no answer, the answer is the smallest a client needs: the written
 * record (so an offline copy takes the server's ids) or `{ ok: true }` when the client already holds it.
 */
export const CALL_SCHEMAS = {
  // Auth and account.
  'POST /api/login': { body: loginRequestSchema, response: loginResponseSchema },
  'POST /api/logout': { body: emptyBodySchema, response: okResponseSchema },
  'GET /api/me': { response: loginResponseSchema },
  'GET /api/csrf': { response: csrfResponseSchema },
  // Resends the mailed code of the login in progress; answers the seconds until another may be asked for.
  'POST /api/otp': { body: emptyBodySchema, response: otpSentResponseSchema },
  // Answers the login response again, now with `verified_otp` true, so the client stores one shape.
  'POST /api/verify-otp': { body: verifyOtpRequestSchema, response: loginResponseSchema },
  // Always `ok`, whether the address is known or not, so the form cannot probe for accounts.
  'POST /api/password/email': { body: emailRequestSchema, response: okResponseSchema },
  'POST /api/password/reset': { body: passwordResetRequestSchema, response: okResponseSchema },
  'POST /api/password/force-change': {
    body: forceChangePasswordRequestSchema,
    response: loginResponseSchema,
  },
  'POST /api/edu-account/resend-choose-emails': { body: emailRequestSchema, response: okResponseSchema },
  'POST /api/students/change-password': { body: changePasswordRequestSchema, response: okResponseSchema },
  'POST /api/users/change-password': { body: changePasswordRequestSchema, response: okResponseSchema },
  // Uploads of the image itself (`Content-Type: image/png|image/jpeg`): checked by `validateAvatarFile` in the
  // form and by content on the server, not by a JSON schema.
  'POST /api/students/update-avatar': { response: avatarResponseSchema },
  'POST /api/users/update-avatar': { response: avatarResponseSchema },
  'GET /api/users/notification-by-user': { response: notificationSettingsSchema },
  'POST /api/users/update-notification': {
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
  },
  'GET /api/profile': { response: profileSchema },
  'POST /api/students/update-profile': { body: updateProfileRequestSchema, response: profileSchema },
  'POST /api/users/update-profile': { body: updateProfileRequestSchema, response: profileSchema },
  'GET /api/sessions': { response: sessionListSchema },
  'DELETE /api/sessions/:sessionId': {
    params: sessionIdParamsSchema,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /get-version-build': { response: versionBuildResponseSchema },
  'GET /admin/manifest.json': { response: webManifestSchema },
  'GET /api/offline/get-files-render': { response: offlineFilesResponseSchema },
  'GET /api/offline/get-data-caches': { response: offlineDataCachesResponseSchema },
  'GET /master-data': { response: masterDataResponseSchema },
  'GET /api/sync/master/pull': {
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(masterDocSchema),
  },
  'GET /api/sync/:collection/pull': {
    params: syncCollectionParamsSchema,
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(syncedDocSchema),
  },
  'POST /api/sync/:collection/push': {
    params: syncCollectionParamsSchema,
    body: syncPushRequestSchema(syncedDocSchema),
    response: syncPushResponseSchema(syncedDocSchema),
  },
  'GET /api/sync/notifications/pull': {
    query: syncPullQuerySchema,
    response: syncPullResponseSchema(notificationDocSchema),
  },
  'POST /api/sync/notifications/push': {
    body: syncPushRequestSchema(notificationDocSchema),
    response: syncPushResponseSchema(notificationDocSchema),
  },

  // Stickies and notifications.
  'GET /api/sticky': { query: stickyListQuerySchema, response: stickyListResponseSchema },
  'POST /api/sticky/:stickyId': {
    params: idParams('stickyId'),
    body: stickyStatusRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/sticky/:stickyId': { params: idParams('stickyId'), response: stickyDetailResponseSchema },
  'GET /api/sticky/list-classes-attendance': stickyClasses,
  'GET /api/sticky/list-classes-achievement': stickyClasses,
  'GET /api/sticky/list-classes-lesson-plan': stickyClasses,
  'GET /api/sticky/list-classes-note-plan': stickyClasses,
  'GET /api/notification': { query: notificationListQuerySchema, response: notificationListResponseSchema },
  'POST /api/notification/read': { body: notificationReadRequestSchema, response: okResponseSchema },
  'POST /api/notification/readAll': { body: emptyBodySchema, response: okResponseSchema },

  // Subjects.
  'GET /api/academic/subjects/search': {
    query: subjectSearchQuerySchema,
    response: subjectSearchResponseSchema,
  },
  'POST /api/academic/subjects': { body: subjectWriteSchema, response: subjectSchema },
  // Checks a draft without storing it: `ok`, or a 422 with the field codes.
  'POST /api/academic/subjects/validate-subject': { body: subjectWriteSchema, response: okResponseSchema },
  'DELETE /api/academic/subjects/:subjectId': {
    params: subject,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId': { params: subject, response: subjectSchema },
  'POST /api/academic/subjects/:subjectId': {
    params: subject,
    body: subjectWriteSchema,
    response: subjectSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons': { params: subject, response: lessonListResponseSchema },
  'GET /api/academic/subjects/:subjectId/lessons-draft': {
    params: subject,
    response: lessonListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/notes': { params: subject, response: listOf('notes', noteSchema) },
  'GET /api/academic/subjects/:subjectId/class/:classId': {
    params: idParams('subjectId', 'classId'),
    response: subjectClassDetailSchema,
  },
  'GET /api/academic/subjects/:subjectId/formula': { params: subject, response: formulaSchema },
  'POST /api/academic/subjects/:subjectId/formula': {
    params: subject,
    body: formulaWriteSchema,
    response: formulaSchema,
  },
  'POST /api/academic/subjects/:subjectId/copy': {
    params: subject,
    body: copySubjectRequestSchema,
    response: copySubjectResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/public-lessons-after-copy': {
    params: subject,
    body: publicLessonsRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/first-schedule-of-classes': {
    params: subject,
    response: copySubjectRowsResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/assist-lessons': {
    params: subject,
    response: assistLessonsResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/assist-lessons': {
    params: subject,
    body: assistLessonsRequestSchema,
    response: assistLessonsResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/register-student': {
    params: subject,
    body: classRegistrationRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/cancel-register-student': {
    params: subject,
    body: classRegistrationRequestSchema,
    response: okResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/add-students-to-classes': {
    params: subject,
    body: addStudentsToClassesRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students': {
    params: subjectScoreName,
    response: listOf('students', studentScoreSchema),
  },
  'GET /api/academic/subjects/:subjectId/get-students-with-gpa': {
    params: subject,
    response: listOf('students', studentGpaSchema),
  },
  'GET /api/academic/subjects/subject-by-user': {
    query: subjectByUserQuerySchema,
    response: subjectByUserResponseSchema,
  },
  'GET /api/academic/subjects/options-by-user': { response: subjectOptionsResponseSchema },

  // Subjects: lessons and exams.
  'POST /api/academic/subjects/:subjectId/lessons': lessonWrite,
  'POST /api/academic/subjects/:subjectId/lessons/draft': lessonWrite,
  'POST /api/academic/subjects/:subjectId/lessons/exam': examWrite,
  'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam': examWrite,
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail': {
    params: subjectLesson,
    response: lessonDetailSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId': { ...lessonWrite, params: subjectLesson },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft': { ...lessonWrite, params: subjectLesson },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam': { ...examWrite, params: subjectLesson },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft': {
    ...examWrite,
    params: subjectLesson,
  },
  'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId': {
    params: subjectLesson,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId': {
    params: idParams('subjectId', 'lessonId', 'scheduleId'),
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson': {
    params: subjectLesson,
    response: lessonStudentsResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names': {
    params: subjectLesson,
    response: lessonScoreNamesResponseSchema,
  },

  // Subjects: highlights.
  'GET /api/academic/subjects/:subjectId/highlights': {
    params: subject,
    response: highlightListResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights': {
    params: subject,
    body: highlightWriteSchema,
    response: highlightSchema,
  },
  'GET /api/academic/subjects/:subjectId/hidden-highlights': {
    params: subject,
    response: highlightListResponseSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights/:highlightId': {
    params: subjectHighlight,
    body: highlightWriteSchema,
    response: highlightSchema,
  },
  'DELETE /api/academic/subjects/:subjectId/highlights/:highlightId': {
    params: subjectHighlight,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/highlights/:highlightId': {
    params: subjectHighlight,
    response: highlightDetailSchema,
  },
  'POST /api/academic/subjects/:subjectId/highlights/priority': {
    params: subject,
    body: highlightPriorityRequestSchema,
    response: highlightListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/highlights/list-score': {
    params: subject,
    response: highlightScoreListResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/exams': { params: subject, response: subjectExamsResponseSchema },
  'GET /api/academic/subjects/:subjectId/teachers': {
    params: subject,
    response: subjectTeachersResponseSchema,
  },
  'GET /api/academic/subjects/:subjectId/head-teacher-admin': {
    params: subject,
    response: headTeacherAdminResponseSchema,
  },

  // Subjects: plans and notes.
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    params: plan,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create': {
    params: planCreate,
    body: planWriteSchema,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId': {
    params: plan,
    body: planWriteSchema,
    response: planSchema,
  },
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId/note/store': {
    params: plan,
    body: noteWriteSchema,
    response: noteSchema,
  },

  // Attendance.
  'GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId': {
    params: idParams('facultyId', 'yearCodeId'),
    response: filterSubjectsResponseSchema,
  },
  'GET /api/attendance/university/:universityId/faculty/:facultyId': {
    params: universityFaculty,
    response: yearCodeByFacultyResponseSchema,
  },
  'GET /api/attendance/classesBySubject/:subjectId': {
    params: subject,
    response: subjectClassesResponseSchema,
  },
  'GET /api/attendance/:subjectClassId': { params: subjectClass, response: classAttendanceResponseSchema },
  'GET /api/attendance/students-highlight/:subjectId/:subjectClassId': {
    params: subjectAndClass,
    response: highlightStudentsResponseSchema,
  },
  // `:id` is a subject class: the filter that leads to it, so a link restores the screen's selects.
  'GET /api/attendance/dataFilter/:id': { params: byId, response: classFilterSchema },
  'POST /api/attendance/:scheduleId': {
    params: idParams('scheduleId'),
    body: attendanceUpdateRequestSchema,
    response: attendanceUpdateResponseSchema,
  },
  'GET /api/attendance/history/:scheduleId': {
    params: idParams('scheduleId'),
    response: attendanceHistoryResponseSchema,
  },
  // `:id` of the attendance report calls is the subject reported on.
  'GET /api/attendance/report/students/:id': {
    params: byId,
    response: attendanceReportStudentsResponseSchema,
  },
  'GET /api/attendance/report/filter/:id': { params: byId, response: attendanceReportFilterResponseSchema },
  'GET /api/attendance/report/classes/:id': { params: byId, response: attendanceReportClassesResponseSchema },

  // Achievement.
  'GET /api/achievement/:subjectClassId': { params: subjectClass, response: classAchievementResponseSchema },
  'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId': {
    params: idParams('subjectClassId', 'scoreNameId'),
    response: subScoresResponseSchema,
  },
  'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId': {
    params: subjectAndClass,
    response: highlightStudentsResponseSchema,
  },
  'GET /api/achievement/scoreNames/:subjectClassId': {
    params: subjectClass,
    response: scoreNamesResponseSchema,
  },
  // `:id` is the subject whose setting allows teachers to update final scores.
  'GET /api/achievement/teacher-allow-update-final-score/:id': {
    params: byId,
    response: finalScorePermissionResponseSchema,
  },
  // Score bodies are checked against full scores by `scoreEntriesRequestFor` where the score name is known.
  'POST /api/achievement/:scoreNameId/:subjectClassId': {
    params: scoreNameAndClass,
    body: scoreEntriesRequestSchema,
    response: classAchievementResponseSchema,
  },
  'POST /api/achievement/enter-sub-scores/:subjectClassId': {
    params: subjectClass,
    body: subScoreEntriesRequestSchema,
    response: classAchievementResponseSchema,
  },
  'POST /api/achievement/updateScore/:scoreNameId': {
    params: idParams('scoreNameId'),
    body: scoreEntriesRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': {
    params: subjectScoreName,
    response: studentExamSchema,
  },
  'POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': {
    params: subjectScoreName,
    body: studentExamRequestSchema,
    response: studentExamSchema,
  },
  // The xlsx itself is the body (`Content-Type` of xlsx), checked by the import's file rules.
  'POST /api/achievement/import/:subjectClassId/preview': {
    params: subjectClass,
    response: scoreImportPreviewSchema,
  },
  'POST /api/achievement/import/:subjectClassId': {
    params: subjectClass,
    response: scoreImportResponseSchema,
  },
  'GET /api/exchange-attendance/:id/:apply': exchangeAttendance,
  'POST /api/exchange-attendance/:subjectId': {
    params: subject,
    body: exchangeAttendanceRequestSchema,
    response: okResponseSchema,
  },

  // Schedules.
  'GET /api/schedules/:university/:faculty/:yearCode/:month/month/school': {
    params: schoolMonthParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:faculty/:yearCode/:month/month/teacher': {
    params: teacherMonthParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:month/month/student': {
    params: studentMonthParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:university/:faculty/:yearCode/:first/:last/week/school': {
    params: schoolWeekParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:first/:last/week/teacher': {
    params: teacherWeekParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:firstDayOfWeek/:lastDayOfWeek/week/student': {
    params: studentWeekParamsSchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:faculty/:yearCode/:day/day/teacher': {
    params: teacherDayParamsSchema,
    query: teacherCalendarQuerySchema,
    response: scheduleListResponseSchema,
  },
  'GET /api/schedules/:day/day/student': {
    params: studentDayParamsSchema,
    response: scheduleListResponseSchema,
  },
  'POST /api/schedules/save-filter': { body: scheduleFilterSchema, response: scheduleFilterSchema },
  'GET /api/schedules/get-filter': { response: userScheduleFilterResponseSchema },
  'GET /api/schedules/year-code-by-faculty/university/:universityId/faculty/:facultyId': {
    params: universityFaculty,
    response: scheduleYearCodesResponseSchema,
  },
  'GET /api/schedules/teachers-for-filter': {
    query: teachersForFilterQuerySchema,
    response: teachersForFilterResponseSchema,
  },
  'GET /api/teachers/:teacherId/timesheet/:year': {
    params: timesheetParamsSchema,
    response: timesheetSchema,
  },

  // People: students.
  'GET /api/students/search': { query: studentSearchQuerySchema, response: studentListResponseSchema },
  'GET /api/students/:studentId': { params: student, response: studentSchema },
  'POST /api/students/:studentId': { params: student, body: studentWriteSchema, response: studentSchema },
  'DELETE /api/students/:studentId': { params: student, body: emptyBodySchema, response: okResponseSchema },
  'POST /api/students': { body: studentWriteSchema, response: studentSchema },
  'POST /api/students/create-multi': {
    body: studentsBulkRequestSchema,
    response: studentsBulkResponseSchema,
  },
  'GET /api/students/:studentId/achievement-attendance': {
    params: student,
    response: studentProfileResponseSchema,
  },
  'POST /api/students/:studentId/lesson': {
    params: student,
    body: studentClassRequestSchema,
    response: okResponseSchema,
  },
  'GET /api/students/:studentId/data-request': {
    params: student,
    response: studentRequestDataResponseSchema,
  },
  'GET /api/students/data-filter/:yearCodeId/:facultyId': {
    params: idParams('yearCodeId', 'facultyId'),
    response: studentFilterDataResponseSchema,
  },

  // People: teachers, admins and observers.
  'GET /api/teachers/:teacherId': { params: teacher, response: teacherDetailSchema },
  'POST /api/teachers/:teacherId': { params: teacher, body: teacherWriteSchema, response: teacherSchema },
  'GET /api/teachers': { query: staffSearchQuerySchema, response: teacherListResponseSchema },
  'DELETE /api/teachers/:teacherId': { params: teacher, body: emptyBodySchema, response: okResponseSchema },
  'GET /api/users/search': { query: staffSearchQuerySchema, response: staffUserListResponseSchema },
  'GET /api/users/:userId': { params: user, response: staffUserSchema },
  'POST /api/users/up-role': { body: roleChangeRequestSchema, response: staffUserSchema },
  'POST /api/users/down-role': { body: roleChangeRequestSchema, response: staffUserSchema },
  'POST /api/users/block-login-admin/:userId': {
    params: user,
    body: blockLoginRequestSchema,
    response: staffUserSchema,
  },
  'POST /api/users/invite': { body: inviteRequestSchema, response: teacherSchema },
  'GET /api/observers': { query: staffSearchQuerySchema, response: staffUserListResponseSchema },
  'POST /api/observers/:observerId': {
    params: observer,
    body: observerWriteSchema,
    response: staffUserSchema,
  },
  'DELETE /api/observers/:observerId': {
    params: observer,
    body: emptyBodySchema,
    response: okResponseSchema,
  },
  'POST /api/observers/invite': { body: inviteRequestSchema, response: staffUserSchema },

  // Memos.
  'GET /api/memo/:subjectId/check-teacher-in-subject': {
    params: subject,
    response: memoTeacherCheckResponseSchema,
  },
  'POST /api/memo': { body: memoWriteSchema, response: memoSchema },
  'GET /api/memo': { query: memoListQuerySchema, response: memoListResponseSchema },
  'POST /api/memo/:memoId': { params: memo, body: memoWriteSchema, response: memoSchema },
  'DELETE /api/memo/:memoId': { params: memo, body: emptyBodySchema, response: okResponseSchema },

  // Requests (SPEC §7: success is 200 or 201; the answer is the request either way).
  'POST /api/requests': { body: requestCreateSchema, response: requestSchema },
  'GET /api/requests/search': { query: requestSearchQuerySchema, response: requestListResponseSchema },
  'GET /api/requests/:requestId': { params: request, response: requestSchema },
  'POST /api/requests/:requestId/attendance': requestDecision,
  'POST /api/requests/:requestId/achievement-confirm': requestDecision,
  'POST /api/requests/:requestId/confirmAttendance': requestDecision,
  'POST /api/requests/:requestId/other': requestDecision,

  // Reports and statistics.
  'GET /api/report/universities/:universityId/subject-name': {
    params: idParams('universityId'),
    response: reportSubjectNamesResponseSchema,
  },
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty': {
    params: idParams('universityId', 'subjectNameId'),
    response: reportFacultiesResponseSchema,
  },
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code': {
    params: idParams('universityId', 'subjectNameId', 'facultyId'),
    response: reportYearCodesResponseSchema,
  },
  'GET /api/report/default-filter': { response: reportDefaultFilterSchema },
  'GET /api/report/universities/:universityId/year-codes/:subjectNameId': {
    params: idParams('universityId', 'subjectNameId'),
    response: reportYearCodesResponseSchema,
  },
  'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId': {
    params: idParams('subjectNameId', 'facultyId', 'yearCodeId'),
    response: reportClassesResponseSchema,
  },
  'GET /api/report/sub-scores/:lessonId/:examNameId': {
    params: lessonExamName,
    response: reportSubScoresResponseSchema,
  },
  'GET /api/report/year-code/sub-scores/:lessonId/:examNameId': {
    params: lessonExamName,
    response: reportYearCodeSubScoresResponseSchema,
  },
  'POST /api/statistic/search': {
    body: statisticSearchRequestSchema,
    response: statisticSearchResponseSchema,
  },

  // Events.
  'GET /api/viblo/filter-data': { response: rankingFilterDataResponseSchema },
  'POST /api/viblo/search': { body: rankingSearchRequestSchema, response: rankingResponseSchema },
  'POST /api/viblo-event/search': { body: eventSearchRequestSchema, response: eventsResponseSchema },
  'GET /api/viblo-event/data-filter': { response: eventDataFilterResponseSchema },
  'GET /api/viblo-event/add/get-data-create': { response: eventCreateDataResponseSchema },
  'POST /api/viblo-event': { body: eventWriteSchema, response: vibloEventSchema },
  'GET /api/viblo-event/:eventId': { params: event, response: vibloEventSchema },
  'POST /api/viblo-event/:eventId': { params: event, body: eventWriteSchema, response: vibloEventSchema },
  'DELETE /api/viblo-event/:eventId': { params: event, body: emptyBodySchema, response: okResponseSchema },

  // Master settings.
  'GET /api/master-setting/:segment/search': {
    params: masterSegmentParamsSchema,
    query: masterSearchAnyQuerySchema,
    response: masterSearchResponseSchema,
  },
  'POST /api/master-setting/:segment': {
    params: masterSegmentParamsSchema,
    body: masterSettingAnyWriteSchema,
    response: masterItemSchema,
  },
  'POST /api/master-setting/:segment/:id': {
    params: masterSegmentIdParamsSchema,
    body: masterSettingAnyWriteSchema,
    response: masterItemSchema,
  },
  'DELETE /api/master-setting/:segment/:id': {
    params: masterSegmentIdParamsSchema,
    body: emptyBodySchema,
    response: masterDeleteResponseSchema,
  },
  'POST /api/master-setting/rooms/multiStore': {
    body: roomsMultiStoreRequestSchema,
    response: roomsMultiStoreResponseSchema,
  },
  'GET /api/master-setting/universities/universities-faculty': {
    response: universitiesFacultyResponseSchema,
  },
  'GET /api/master-setting/year-codes/university/:universityId/faculty/:facultyId': {
    params: universityFaculty,
    response: masterYearCodesResponseSchema,
  },
} as const satisfies Record<CallKey, CallSchema>;

/** A call with schemas (every key of `CALL_ROLES`). */
export type SchemaCall = keyof typeof CALL_SCHEMAS;

/** The schemas of a call. */
export function callSchemas(call: SchemaCall): CallSchema {
  return CALL_SCHEMAS[call];
}
