import type { FastifyRequest } from 'fastify';
import { AccessKind } from '../../domain/access-log';
import type { CallKey } from '../../domain/permissions';
import { Role } from '../../domain/roles';
import type { AccessLogRecorder } from './recorder';

/**
 * The calls whose answer is a student's record (docs/access-log.md, "What counts as a student's record"):
 * each is logged with the students its answer names. Every other call names no student's record, or names
 * students only as a list does (a name and a number to pick from), which is not recorded.
 */
export const LOGGED_CALLS: Partial<Record<CallKey, AccessKind>> = {
  'GET /api/students/:studentId': AccessKind.studentScreen,
  'GET /api/students/:studentId/achievement-attendance': AccessKind.studentRecord,
  'GET /api/attendance/:subjectClassId': AccessKind.classSheet,
  'GET /api/attendance/students-highlight/:subjectId/:subjectClassId': AccessKind.classSheet,
  'GET /api/attendance/history/:scheduleId': AccessKind.classSheet,
  'GET /api/achievement/:subjectClassId': AccessKind.classSheet,
  'GET /api/achievement/:subjectClassId/sub-scores-achievements/:scoreNameId': AccessKind.classSheet,
  'GET /api/achievement/students-total-score-highlight/:subjectId/:subjectClassId': AccessKind.classSheet,
  'GET /api/attendance/report/students/:id': AccessKind.report,
  'GET /api/report/sub-scores/:lessonId/:examNameId': AccessKind.report,
  'GET /api/academic/subjects/:subjectId/get-students-with-gpa': AccessKind.report,
  'GET /api/academic/subjects/:subjectId/score-names/:scoreNameId/get-list-students': AccessKind.report,
  'GET /api/requests/:requestId': AccessKind.request,
  'GET /api/requests/search': AccessKind.request,
  'GET /api/students/:studentId/record': AccessKind.recordExport,
};

/** How deep the walk of an answer goes looking for students; answers nest a few levels at most. */
const MAX_DEPTH = 6;

/**
 * The students an answer names: every object carrying a student's `id` beside their `identity` (the
 * student number), the shape every answer names a student in (`studentRefSchema` and its extensions).
 */
export function studentsNamedIn(answer: unknown, depth = 0, into = new Set<string>()): Set<string> {
  if (depth > MAX_DEPTH || answer === null || typeof answer !== 'object') return into;
  if (Array.isArray(answer)) {
    for (const item of answer) studentsNamedIn(item, depth + 1, into);
    return into;
  }
  const record = answer as Record<string, unknown>;
  if (typeof record.id === 'string' && typeof record.identity === 'string') into.add(record.id);
  for (const value of Object.values(record)) {
    if (value !== null && typeof value === 'object') studentsNamedIn(value, depth + 1, into);
  }
  return into;
}

/** Whether a signed-in reader's reads are logged: everyone's but a student's (they read only their own). */
export function isLoggedReader(role: number): boolean {
  return role !== Role.student;
}

/**
 * Records the read a logged call's answer made (nothing for other calls, nor for a student reading their
 * own record). The call's path parameters say what was opened; the answer says whose records.
 */
export function recordCallRead(
  accessLog: AccessLogRecorder,
  request: FastifyRequest,
  key: CallKey,
  answer: unknown,
  extraStudents: readonly string[] = [],
): void {
  const kind = LOGGED_CALLS[key];
  const user = request.user;
  if (!kind || !user || !isLoggedReader(user.role)) return;
  const params = (request.params ?? {}) as Record<string, string>;
  accessLog.record({
    actor: { id: user.id, role: user.role },
    sessionId: request.sessionId,
    kind,
    what: { call: key, ...params },
    studentIds: [...studentsNamedIn(answer), ...extraStudents],
  });
}
