import { RequestStatus } from './request-status';
import { canChangeRequestStatus, GUARDIAN_REQUEST_OPTIONS, type RequestOption } from './requests';
import {
  type AccountRole,
  ADMINS_ONLY,
  ADMINS_SCREEN,
  ALL_BUT_SUPER_ADMIN,
  EVERYONE,
  OFFLINE_FIRST_ROLES,
  REQUEST_ROLES,
  Role,
  SCHOOL_ROLES,
  STAFF_BUT_SUPER_ADMIN,
  STUDENTS_AND_GUARDIANS,
  STUDENTS_ONLY,
  SUPER_ADMIN_ONLY,
  SYNC_PULL_ROLES,
  TEACHERS_ADMINS_STUDENTS,
  TEACHERS_AND_ADMINS,
  USERS_ACCOUNT_ROLES,
} from './roles';

const { teacher, admin, student } = Role;

/**
 * Access of each server call, keyed `METHOD path` with Fastify-style params. `signedIn` means every role;
 * `public` means no session is needed. Covers every call of SPEC §7 (`SPEC_CALLS`); where SPEC §6 is silent a
 * call takes the roles of the screen that makes it, reads stay open to observers, and writes go to the
 * roles that may edit on that screen (teachers and admins, or admins alone for school-wide settings). Row
 * rules (which class, whose record) are the predicates below, applied by each area's policy.
 */
export const CALL_ROLES = {
  'POST /api/login': 'public',
  'POST /api/logout': 'signedIn',
  'GET /api/me': 'signedIn',
  'GET /api/csrf': 'public',
  'GET /get-version-build': 'public',
  // A load balancer's probes (no SPEC call): they carry no session and tell nothing about the school.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /admin/manifest.json': 'public',
  'GET /master-data': 'signedIn',
  'GET /api/sync/master/pull': 'signedIn',
  // Replication of the other collections: the roles that keep offline data (SPEC §4) and observers, who read
  // online; each collection narrows its rows to the user's scope, and a push refuses foreign rows in-band.
  'GET /api/sync/:collection/pull': SYNC_PULL_ROLES,
  'POST /api/sync/:collection/push': OFFLINE_FIRST_ROLES,
  // The bell's notifications: every role reads its own and marks them read (the push takes only that).
  'GET /api/sync/notifications/pull': 'signedIn',
  'POST /api/sync/notifications/push': 'signedIn',
  'GET /api/master-setting/:segment/search': ADMINS_ONLY,
  'POST /api/master-setting/:segment': ADMINS_ONLY,
  'POST /api/master-setting/:segment/:id': ADMINS_ONLY,
  'DELETE /api/master-setting/:segment/:id': ADMINS_ONLY,

  // Auth and account. The OTP calls and the forced change run on the session the password step opened.
  'POST /api/otp': 'signedIn',
  'POST /api/verify-otp': 'signedIn',
  'POST /api/password/email': 'public',
  'POST /api/password/reset': 'public',
  'POST /api/password/force-change': 'signedIn',
  // Passkeys (issue 44): each user registers, lists and removes their own; the two authentication calls are
  // the second step of a sign-in, on the session the password step opened.
  'GET /api/passkeys': 'signedIn',
  'POST /api/passkeys/registration-options': 'signedIn',
  'POST /api/passkeys': 'signedIn',
  'DELETE /api/passkeys/:passkeyId': 'signedIn',
  'POST /api/passkeys/authentication-options': 'signedIn',
  'POST /api/passkeys/authenticate': 'signedIn',
  'POST /api/edu-account/resend-choose-emails': 'public',
  // Sign-in with the school's identity provider (issue 44): full-page navigations before any session; the
  // callback opens one like `POST /api/login` does, its `state` bound to the browser that started it.
  'GET /api/auth/provider': 'public',
  'GET /api/auth/provider/start': 'public',
  'GET /api/auth/provider/callback': 'public',
  // How an account signs in (password, provider, passkeys), on the person's screen for admins.
  'GET /api/users/:userId/sign-in-methods': ADMINS_ONLY,
  // The school's settings (issue 44: students created on a first provider sign-in): admins alone.
  'GET /api/school-settings': ADMINS_ONLY,
  'POST /api/school-settings': ADMINS_ONLY,
  // SPEC §7: students use the `students` variants, everyone else (guardians too) the `users` ones.
  'POST /api/students/change-password': STUDENTS_ONLY,
  'POST /api/users/change-password': USERS_ACCOUNT_ROLES,
  'POST /api/students/update-avatar': STUDENTS_ONLY,
  'POST /api/users/update-avatar': USERS_ACCOUNT_ROLES,
  'GET /api/users/notification-by-user': 'signedIn',
  'POST /api/users/update-notification': 'signedIn',
  // Web Push of notices (issue 43): any signed-in user may let this phone be told; the key is no secret.
  'GET /api/push/key': 'signedIn',
  'POST /api/push/subscriptions': 'signedIn',
  'POST /api/push/subscriptions/remove': 'signedIn',
  'POST /api/users/update-language': 'signedIn',
  // The profile screen (SPEC §2 /profile, all roles) names no calls of its own; these follow the avatar's
  // pattern: students use the `students` path, everyone else `users`. Sessions are the caller's own.
  'GET /api/profile': 'signedIn',
  'POST /api/students/update-profile': STUDENTS_ONLY,
  'POST /api/users/update-profile': USERS_ACCOUNT_ROLES,
  'GET /api/sessions': 'signedIn',
  'DELETE /api/sessions/:sessionId': 'signedIn',
  // SPEC §4: every role but 0 and 3 caches offline data after login (guardians too, issue 43).
  'GET /api/offline/get-files-render': OFFLINE_FIRST_ROLES,
  'GET /api/offline/get-data-caches': OFFLINE_FIRST_ROLES,

  // Stickies follow the dashboard (everyone but 3); observers only read them. The "More" class lists serve
  // staff cards; a student's More goes to their own profile instead.
  'GET /api/sticky': ALL_BUT_SUPER_ADMIN,
  'POST /api/sticky/:stickyId': TEACHERS_ADMINS_STUDENTS,
  'GET /api/sticky/:stickyId': ALL_BUT_SUPER_ADMIN,
  'GET /api/sticky/list-classes-attendance': STAFF_BUT_SUPER_ADMIN,
  'GET /api/sticky/list-classes-achievement': STAFF_BUT_SUPER_ADMIN,
  'GET /api/sticky/list-classes-lesson-plan': STAFF_BUT_SUPER_ADMIN,
  'GET /api/sticky/list-classes-note-plan': STAFF_BUT_SUPER_ADMIN,
  'GET /api/notification': 'signedIn',
  'POST /api/notification/read': 'signedIn',
  'POST /api/notification/readAll': 'signedIn',

  // Subjects: the list and detail screens are open to all but 3 (SPEC §6); creating, copying and deleting a
  // subject is admin-only like /academic/subjects/add; lessons, plans and highlights are written by teachers
  // (of that subject, a row rule) and admins.
  'GET /api/academic/subjects/search': ALL_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects': ADMINS_ONLY,
  'POST /api/academic/subjects/validate-subject': ADMINS_ONLY,
  'DELETE /api/academic/subjects/:subjectId': ADMINS_ONLY,
  'GET /api/academic/subjects/:subjectId': ALL_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId': ADMINS_ONLY,
  'GET /api/academic/subjects/:subjectId/lessons': ALL_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/lessons-draft': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/notes': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/class/:classId': ALL_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/formula': STAFF_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/formula': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/copy': ADMINS_ONLY,
  'POST /api/academic/subjects/:subjectId/public-lessons-after-copy': ADMINS_ONLY,
  // Not in SPEC §7: registering a draft subject later is the copy's register, so it has the copy's roles.
  'POST /api/academic/subjects/:subjectId/publish': ADMINS_ONLY,
  'GET /api/academic/subjects/:subjectId/first-schedule-of-classes': ADMINS_ONLY,
  'GET /api/academic/subjects/:subjectId/assist-lessons': STAFF_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/assist-lessons': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/register-student': STUDENTS_ONLY,
  'POST /api/academic/subjects/:subjectId/cancel-register-student': STUDENTS_ONLY,
  'POST /api/academic/subjects/:subjectId/add-students-to-classes': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/get-students-with-gpa': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/subject-by-user': ALL_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/options-by-user': ALL_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/lessons': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/draft': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/exam': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/store-draft-exam': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail': ALL_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam': TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft': TEACHERS_AND_ADMINS,
  'DELETE /api/academic/subjects/:subjectId/lessons/:lessonId': TEACHERS_AND_ADMINS,
  'DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/get-score-names': STAFF_BUT_SUPER_ADMIN,
  // Highlights name the flagged students, so only staff read them; students see their own highlight cards.
  'GET /api/academic/subjects/:subjectId/highlights': STAFF_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/highlights': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/hidden-highlights': STAFF_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/highlights/:highlightId': TEACHERS_AND_ADMINS,
  'DELETE /api/academic/subjects/:subjectId/highlights/:highlightId': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/highlights/:highlightId': STAFF_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/highlights/priority': TEACHERS_AND_ADMINS,
  'GET /api/academic/subjects/:subjectId/highlights/list-score': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/exams': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/teachers': STAFF_BUT_SUPER_ADMIN,
  'GET /api/academic/subjects/:subjectId/head-teacher-admin': STAFF_BUT_SUPER_ADMIN,
  // A plan is read on the lesson screen (all but 3; students only published plans, a row rule).
  'GET /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId':
    ALL_BUT_SUPER_ADMIN,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/create':
    TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId':
    TEACHERS_AND_ADMINS,
  'POST /api/academic/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId/plan/:planId/note/store':
    TEACHERS_AND_ADMINS,

  // Attendance and achievement screens are for 1 and 2 (SPEC §6); their reports follow the report screens.
  'GET /api/attendance/subjectsByYearCode/:facultyId/:yearCodeId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/university/:universityId/faculty/:facultyId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/classesBySubject/:subjectId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/students-highlight/:subjectId/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/dataFilter/:id': TEACHERS_AND_ADMINS,
  'POST /api/attendance/:scheduleId': TEACHERS_AND_ADMINS,
  // Not in SPEC §7: the change history ARCHITECTURE §3 keeps, read by the staff who enter attendance.
  'GET /api/attendance/history/:scheduleId': TEACHERS_AND_ADMINS,
  'GET /api/attendance/report/students/:id': STAFF_BUT_SUPER_ADMIN,
  'GET /api/attendance/report/filter/:id': STAFF_BUT_SUPER_ADMIN,
  'GET /api/attendance/report/classes/:id': STAFF_BUT_SUPER_ADMIN,
  'GET /api/achievement/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId': TEACHERS_AND_ADMINS,
  'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/achievement/scoreNames/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/achievement/teacher-allow-update-final-score/:id': TEACHERS_AND_ADMINS,
  'POST /api/achievement/:scoreNameId/:subjectClassId': TEACHERS_AND_ADMINS,
  'POST /api/achievement/enter-sub-scores/:subjectClassId': TEACHERS_AND_ADMINS,
  'POST /api/achievement/updateScore/:scoreNameId': TEACHERS_AND_ADMINS,
  'GET /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': TEACHERS_AND_ADMINS,
  'POST /api/student-exam/subjects/:subjectId/score-names/:scoreNameId': TEACHERS_AND_ADMINS,
  // Not in SPEC §7: the achievement xlsx import (SPEC §5 limits) with its preview, for the score screen's roles.
  'POST /api/achievement/import/:subjectClassId/preview': TEACHERS_AND_ADMINS,
  'POST /api/achievement/import/:subjectClassId': TEACHERS_AND_ADMINS,
  'GET /api/exchange-attendance/:id/:apply': TEACHERS_AND_ADMINS,
  'POST /api/exchange-attendance/:subjectId': TEACHERS_AND_ADMINS,

  // Schedules: school and teacher views follow the schedule screens (not 3, not 5); the student views show
  // the signed-in student's own timetable, so only students call them.
  'GET /api/schedules/:university/:faculty/:yearCode/:month/month/school': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/:faculty/:yearCode/:month/month/teacher': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/:month/month/student': STUDENTS_ONLY,
  'GET /api/schedules/:university/:faculty/:yearCode/:first/:last/week/school': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/:first/:last/week/teacher': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/:firstDayOfWeek/:lastDayOfWeek/week/student': STUDENTS_ONLY,
  'GET /api/schedules/:faculty/:yearCode/:day/day/teacher': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/:day/day/student': STUDENTS_ONLY,
  // Saving a filter stores the caller's own preference and changes no school data.
  'POST /api/schedules/save-filter': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/get-filter': STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/year-code-by-faculty/university/:universityId/faculty/:facultyId':
    STAFF_BUT_SUPER_ADMIN,
  'GET /api/schedules/teachers-for-filter': STAFF_BUT_SUPER_ADMIN,
  'GET /api/teachers/:teacherId/timesheet/:year': STAFF_BUT_SUPER_ADMIN,

  // People. /students is open to all but 3 (SPEC §6), /students/{id} to staff but 3, /students/add to 1 and 2;
  // deleting a student is destructive and school-wide, so it is admin-only.
  'GET /api/students/search': ALL_BUT_SUPER_ADMIN,
  'GET /api/students/:studentId': STAFF_BUT_SUPER_ADMIN,
  'POST /api/students/:studentId': TEACHERS_AND_ADMINS,
  'DELETE /api/students/:studentId': ADMINS_ONLY,
  'POST /api/students': TEACHERS_AND_ADMINS,
  'POST /api/students/create-multi': TEACHERS_AND_ADMINS,
  // A student's record card: a guardian reads their children's (a row rule, the `student` entity's ward reach).
  'GET /api/students/:studentId/achievement-attendance': [...ALL_BUT_SUPER_ADMIN, Role.guardian],
  'POST /api/students/:studentId/lesson': TEACHERS_AND_ADMINS,
  // The request form's choices: a student's own, a guardian's for a ward (a row rule).
  'GET /api/students/:studentId/data-request': STUDENTS_AND_GUARDIANS,
  'GET /api/students/data-filter/:yearCodeId/:facultyId': ALL_BUT_SUPER_ADMIN,
  'GET /api/teachers/:teacherId': STAFF_BUT_SUPER_ADMIN,
  'POST /api/teachers/:teacherId': ADMINS_ONLY,
  'GET /api/teachers': STAFF_BUT_SUPER_ADMIN,
  'DELETE /api/teachers/:teacherId': ADMINS_ONLY,
  // The admins area: read by whoever opens /admins, changed only by the super admin (SPEC §4, §6).
  'GET /api/users/search': ADMINS_SCREEN,
  'GET /api/users/:userId': ADMINS_SCREEN,
  'POST /api/users/up-role': SUPER_ADMIN_ONLY,
  'POST /api/users/down-role': SUPER_ADMIN_ONLY,
  'POST /api/users/block-login-admin/:userId': SUPER_ADMIN_ONLY,
  // Inviting users is the teacher invitation (/teachers/invite, admins only); observers have their own.
  'POST /api/users/invite': ADMINS_ONLY,
  'GET /api/observers': ADMINS_ONLY,
  'POST /api/observers/:observerId': ADMINS_ONLY,
  'DELETE /api/observers/:observerId': ADMINS_ONLY,
  'POST /api/observers/invite': ADMINS_ONLY,
  // Guardians (issue 43): admins list a student's guardians, link one by inviting them by e-mail (a new
  // account gets the invitation mail in the language the form gives), and end a link.
  'GET /api/students/:studentId/guardians': ADMINS_ONLY,
  'POST /api/students/:studentId/guardians': ADMINS_ONLY,
  'DELETE /api/students/:studentId/guardians/:guardianId': ADMINS_ONLY,

  // Memos: staff read; writing needs a teacher in the subject or an admin (row rule `mayWriteMemo`).
  'GET /api/memo/:subjectId/check-teacher-in-subject': STAFF_BUT_SUPER_ADMIN,
  'POST /api/memo': TEACHERS_AND_ADMINS,
  'GET /api/memo': STAFF_BUT_SUPER_ADMIN,
  'POST /api/memo/:memoId': TEACHERS_AND_ADMINS,
  'DELETE /api/memo/:memoId': TEACHERS_AND_ADMINS,

  // Requests: students create, and guardians for their children (issue 43); 1, 2, 5, 6 list; the detail screen
  // is open to all roles (SPEC §6). The per-type status calls decide (staff) or cancel (the owning student, or
  // the guardian who filed it), see `mayChangeRequestStatus`.
  'POST /api/requests': STUDENTS_AND_GUARDIANS,
  'GET /api/requests/search': REQUEST_ROLES,
  'GET /api/requests/:requestId': EVERYONE,
  'POST /api/requests/:requestId/attendance': REQUEST_ROLES,
  'POST /api/requests/:requestId/achievement-confirm': REQUEST_ROLES,
  'POST /api/requests/:requestId/confirmAttendance': REQUEST_ROLES,
  'POST /api/requests/:requestId/other': REQUEST_ROLES,

  // Reports and statistics follow the report screens (not 3, not 5).
  'GET /api/report/universities/:universityId/subject-name': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code':
    STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/default-filter': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/universities/:universityId/year-codes/:subjectNameId': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/sub-scores/:lessonId/:examNameId': STAFF_BUT_SUPER_ADMIN,
  'GET /api/report/year-code/sub-scores/:lessonId/:examNameId': STAFF_BUT_SUPER_ADMIN,
  'POST /api/statistic/search': STAFF_BUT_SUPER_ADMIN,

  // A student's privacy (issue 46, docs/access-log.md): admins read the access log per student and per staff
  // member and run the erasure; a student reads who looked at their own record, and a guardian at each child's
  // (a row rule: `requireOwnOrWard`); admins and the student download the record.
  'GET /api/students/:studentId/access-log': ADMINS_ONLY,
  'GET /api/users/:userId/access-log': ADMINS_ONLY,
  'GET /api/me/access-log': STUDENTS_ONLY,
  'GET /api/students/:studentId/who-looked': [Role.student, Role.guardian],
  'GET /api/students/:studentId/record': [Role.admin, Role.student],
  'POST /api/erasure/run': ADMINS_ONLY,

  // Events: /viblo for 0, 1, 2, 5; the events list for everyone; writing events for admins (SPEC §6).
  'GET /api/viblo/filter-data': ALL_BUT_SUPER_ADMIN,
  'POST /api/viblo/search': ALL_BUT_SUPER_ADMIN,
  'POST /api/viblo-event/search': SCHOOL_ROLES,
  'GET /api/viblo-event/data-filter': SCHOOL_ROLES,
  'GET /api/viblo-event/add/get-data-create': ADMINS_ONLY,
  'POST /api/viblo-event': ADMINS_ONLY,
  'GET /api/viblo-event/:eventId': SCHOOL_ROLES,
  'POST /api/viblo-event/:eventId': ADMINS_ONLY,
  'DELETE /api/viblo-event/:eventId': ADMINS_ONLY,
  'POST /api/viblo-event/:eventId/ranking-import': ADMINS_ONLY,

  // Master settings are admin-only like the /master-setting screen.
  'POST /api/master-setting/rooms/multiStore': ADMINS_ONLY,
  'GET /api/master-setting/universities/universities-faculty': ADMINS_ONLY,
  'GET /api/master-setting/year-codes/university/:universityId/faculty/:facultyId': ADMINS_ONLY,
} as const satisfies Record<string, 'public' | 'signedIn' | readonly AccountRole[]>;

export type CallKey = keyof typeof CALL_ROLES;

/** Whether a role may make a call of the table. */
export function canCall(role: AccountRole | null, call: CallKey): boolean {
  const rule: 'public' | 'signedIn' | readonly AccountRole[] = CALL_ROLES[call];
  if (rule === 'public') return true;
  if (role === null) return false;
  if (rule === 'signedIn') return true;
  return rule.includes(role);
}

/** The HTTP method of a call key. */
export function callMethod(call: string): string {
  return call.slice(0, call.indexOf(' '));
}

/** The path of a call key. */
export function callPath(call: string): string {
  return call.slice(call.indexOf(' ') + 1);
}

/**
 * Whether a call changes state. GET reads; so do the POST searches of SPEC §7 (`…/search`, which carry their
 * filters in a body) and the subject validation, which checks a draft without storing it.
 */
export function isStateChangingCall(call: string): boolean {
  const method = callMethod(call);
  if (method === 'GET' || method === 'HEAD') return false;
  const path = callPath(call);
  return !path.endsWith('/search') && path !== '/api/academic/subjects/validate-subject';
}

/**
 * State-changing calls that touch only the caller's own account, session or preferences. They are the only
 * writes an observer makes (SPEC §6 gives observers read-only screens).
 */
export const OWN_ACCOUNT_CALLS = [
  'POST /api/logout',
  'POST /api/otp',
  'POST /api/verify-otp',
  'POST /api/passkeys/authentication-options',
  'POST /api/passkeys/authenticate',
  'POST /api/passkeys/registration-options',
  'POST /api/passkeys',
  'DELETE /api/passkeys/:passkeyId',
  'POST /api/password/force-change',
  'POST /api/users/change-password',
  'POST /api/users/update-avatar',
  'POST /api/students/change-password',
  'POST /api/students/update-avatar',
  'POST /api/users/update-profile',
  'POST /api/students/update-profile',
  'DELETE /api/sessions/:sessionId',
  'POST /api/users/update-notification',
  'POST /api/users/update-language',
  'POST /api/notification/read',
  'POST /api/notification/readAll',
  'POST /api/schedules/save-filter',
  'POST /api/sync/notifications/push',
  'POST /api/push/subscriptions',
  'POST /api/push/subscriptions/remove',
] as const satisfies readonly CallKey[];

/** Whether a call is one of the own-account calls. */
export function isOwnAccountCall(call: string): boolean {
  return (OWN_ACCOUNT_CALLS as readonly string[]).includes(call);
}

/** Whether a call needs no session (login and password recovery act on no school data). */
export function isPublicCall(call: string): boolean {
  return CALL_ROLES[call as CallKey] === 'public';
}

/**
 * Whether a call fits an observer's read-only access: any read, and among writes only the public sign-in
 * calls and their own account ones.
 */
export function observerIsReadOnly(call: string): boolean {
  return !isStateChangingCall(call) || isPublicCall(call) || isOwnAccountCall(call);
}

/** Reads of the caller's own account and the data every signed-in screen needs. */
const SHARED_READS: readonly string[] = [
  'GET /api/me',
  'GET /master-data',
  'GET /api/sync/master/pull',
  'GET /api/users/notification-by-user',
  'GET /api/notification',
  'GET /api/sync/notifications/pull',
  'GET /api/profile',
  'GET /api/sessions',
  'GET /api/passkeys',
  // The key a browser subscribes to Web Push with, on the notification settings every role opens.
  'GET /api/push/key',
];

/** Reads behind the screens SPEC §6 opens to all roles: request detail and the events list. */
const ALL_ROLE_SCREEN_READS: readonly string[] = [
  'GET /api/requests/:requestId',
  'POST /api/viblo-event/search',
  'GET /api/viblo-event/data-filter',
  'GET /api/viblo-event/:eventId',
];

/**
 * Whether a call lies within what the super admin does (SPEC §2, §6): the admins area (`/api/users/...`
 * except the teacher invitation), their own account, shared reads, and the all-roles screens.
 */
export function superAdminAreaOnly(call: string): boolean {
  if (
    isPublicCall(call) ||
    isOwnAccountCall(call) ||
    SHARED_READS.includes(call) ||
    ALL_ROLE_SCREEN_READS.includes(call)
  )
    return true;
  const path = callPath(call);
  return path.startsWith('/api/users/') && call !== 'POST /api/users/invite';
}

/**
 * The table key matching a concrete request (`POST`, `/api/sticky/42`), or undefined. Static segments win
 * over parameters, as in Fastify's router, so `/api/students/search` is not read as a student id.
 */
export function findCallKey(method: string, path: string): CallKey | undefined {
  const parts = path.split('?')[0]?.split('/') ?? [];
  let best: { key: CallKey; score: number } | undefined;
  for (const key of Object.keys(CALL_ROLES) as CallKey[]) {
    if (callMethod(key) !== method.toUpperCase()) continue;
    const pattern = callPath(key).split('/');
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) return (parts[index] ?? '') !== '';
      // Static segments earlier in the path weigh more, so the first difference decides.
      score += 2 ** (pattern.length - index);
      return part === parts[index];
    });
    if (matches && (!best || score > best.score)) best = { key, score };
  }
  return best?.key;
}

/** A signed-in user as the row rules need it. */
export interface Actor {
  id: string;
  role: AccountRole;
}

/** Whether a teacher is among the teachers assigned to a class (or lesson, or schedule). */
export function teacherMayEditClass(teacherId: string, classTeacherIds: readonly string[]): boolean {
  return classTeacherIds.includes(teacherId);
}

/**
 * Whether a user may register attendance, scores, comments or lesson plans for a class (SPEC §6): admins for
 * every class, teachers only for classes assigned to them, nobody else.
 */
export function mayEditClassWork(actor: Actor, classTeacherIds: readonly string[]): boolean {
  if (actor.role === admin) return true;
  return actor.role === teacher && teacherMayEditClass(actor.id, classTeacherIds);
}

/**
 * Whether a user may read a teacher's timesheet (`GET /api/teachers/{id}/timesheet/{year}`, open to staff but
 * 3): a timesheet is what a teacher is paid by, so a teacher reads only their own, admins and observers
 * anyone's (SPEC is silent beyond the roles).
 */
export function mayReadTimesheet(actor: Actor, teacherId: string): boolean {
  return actor.role !== teacher || actor.id === teacherId;
}

/** Whether a record belongs to the signed-in student. */
export function studentOwnsRecord(actor: Actor, recordStudentId: string): boolean {
  return actor.role === student && actor.id === recordStudentId;
}

/**
 * Whether a user may create or change memos of a subject (SPEC §6: the memo check says whether the user is a
 * teacher in the subject). Admins manage every subject, so they may too.
 */
export function mayWriteMemo(role: AccountRole, isTeacherInSubject: boolean): boolean {
  return role === admin || (role === teacher && isTeacherInSubject);
}

/**
 * Whether a user may change or delete a memo: one who may write memos of its subject, and only their own
 * unless an admin (SPEC is silent; another teacher of the subject does not rewrite a colleague's memo).
 */
export function mayChangeMemo(actor: Actor, authorId: string | null, isTeacherInSubject: boolean): boolean {
  return mayWriteMemo(actor.role, isTeacherInSubject) && (actor.role === admin || actor.id === authorId);
}

/**
 * Whether a user may update final scores and the formula of a subject: admins always; a teacher of the class
 * when the subject allows teachers to (`teacher-allow-update-final-score`).
 */
export function mayUpdateFinalScore(
  actor: Actor,
  classTeacherIds: readonly string[],
  teachersAllowed: boolean,
): boolean {
  if (actor.role === admin) return true;
  return teachersAllowed && mayEditClassWork(actor, classTeacherIds);
}

/**
 * Whether a user may rewrite a subject's final-score formula: admins always; a teacher working in the subject
 * only when it lets teachers set final scores, the setting a final score itself is held to
 * (`mayUpdateFinalScore`): the formula decides every final score the teacher could not set by hand.
 */
export function mayWriteFormula(role: number, teachersAllowed: boolean): boolean {
  return role === admin || (role === teacher && teachersAllowed);
}

/**
 * Whether a user may move a request to a status: the owning student may only cancel it, and so may the
 * guardian who filed it (issue 43; `filed_by`, the server checks the child is still theirs); teachers and
 * admins may only accept or reject it (teachers when they teach the request's class). Only a pending request
 * moves at all (`canChangeRequestStatus`).
 */
export function mayChangeRequestStatus(
  actor: Actor,
  request: {
    student_id: string;
    status: RequestStatus;
    classTeacherIds: readonly string[];
    filed_by?: string | null;
  },
  to: RequestStatus,
): boolean {
  if (!canChangeRequestStatus(request.status, to)) return false;
  if (to === RequestStatus.cancelled) {
    const filer = actor.role === Role.guardian && actor.id === request.filed_by;
    return studentOwnsRecord(actor, request.student_id) || filer;
  }
  return mayEditClassWork(actor, request.classTeacherIds);
}

/**
 * Whether a role may file a request of this option: a student any (SPEC §3), a guardian only the absence and
 * lateness notices they excuse their child with (`GUARDIAN_REQUEST_OPTIONS`, issue 43), anybody else none.
 */
export function mayFileRequestOption(role: AccountRole, option: RequestOption): boolean {
  if (role === student) return true;
  return role === Role.guardian && GUARDIAN_REQUEST_OPTIONS.includes(option);
}
