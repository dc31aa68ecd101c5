import { RequestStatus } from './request-status';
import { canChangeRequestStatus, GUARDIAN_REQUEST_OPTIONS, type RequestOption } from './requests';
import { type AccountRole, Role } from './roles';
import { CALL_SCHEMAS } from './schemas/calls';

const { teacher, admin, student } = Role;

/**
 * Access of each server call, keyed `METHOD path` with Fastify-style params, gathered from the `roles` each call
 * declares beside its schemas in its area's slice (`domain/schemas/<area>.ts`). `signedIn` means every role;
 * `public` means no session is needed. Covers every call of SPEC §7 (listed in `docs/product/7-calls.md`,
 * Every call); where SPEC §6 is silent a call takes the roles of the screen that makes it, reads stay open to
 * observers, and writes go to the roles that may edit on that screen (teachers and admins, or admins alone for
 * school-wide settings). Row rules (which class, whose record) are the predicates below, applied by each
 * area's policy.
 */
export const CALL_ROLES = Object.fromEntries(
  Object.entries(CALL_SCHEMAS).map(([key, schema]) => [key, schema.roles]),
) as { readonly [K in CallKey]: (typeof CALL_SCHEMAS)[K]['roles'] };

/** A call of the table: `METHOD path`, with Fastify-style params. */
export type CallKey = keyof typeof CALL_SCHEMAS;

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
  if (to === RequestStatus.cancelled) return mayCancelRequest(actor, request);
  return mayEditClassWork(actor, request.classTeacherIds);
}

/** Who may cancel a request: the student it is about, or the guardian who filed it for them (issue 43). */
export function mayCancelRequest(
  actor: Actor,
  request: { student_id: string; filed_by?: string | null },
): boolean {
  const filer = actor.role === Role.guardian && actor.id === request.filed_by;
  return studentOwnsRecord(actor, request.student_id) || filer;
}

/**
 * Whether a role may file a request of this option: a student any (SPEC §3), a guardian only the absence and
 * lateness notices they excuse their child with (`GUARDIAN_REQUEST_OPTIONS`, issue 43), anybody else none.
 */
export function mayFileRequestOption(role: AccountRole, option: RequestOption): boolean {
  if (role === student) return true;
  return role === Role.guardian && GUARDIAN_REQUEST_OPTIONS.includes(option);
}
