import type { Locale } from '../../../domain/locales';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type {
  GuardianLinkRequest,
  InviteRequest,
  ObserverWrite,
  StaffSearchQuery,
  StudentBulkRow,
  StudentWrite,
  TeacherWrite,
  UserSearchQuery,
} from '../../../domain/schemas/people';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import { useOnlineView } from '../../db/use-online-view';
import { useCallView } from '../shared/use-call-view';
import type { StudentsUrlSearch } from './student-search';

/**
 * `/students`: one page of the student search, filtered in SQL on the server (an online-only view,
 * ARCHITECTURE §3). The last answer of each search stays on the device and is shown "as of" its time
 * offline.
 */
export function useStudentSearch(search: StudentsUrlSearch) {
  return useCallView(`students/search?${JSON.stringify(search)}`, 'GET /api/students/search', {
    query: search,
  });
}

/** The subjects, lessons, classes and score names the search offers for a year code and faculty. */
export function useStudentFilterData(yearCodeId: string | undefined, facultyId: string | undefined) {
  const ready = Boolean(yearCodeId && facultyId);
  return useOnlineView(
    `students/data-filter/${yearCodeId ?? ''}/${facultyId ?? ''}`,
    async (): Promise<CallResult<CallValue<'GET /api/students/data-filter/:yearCodeId/:facultyId'>>> =>
      ready
        ? callApi('GET /api/students/data-filter/:yearCodeId/:facultyId', {
            params: { yearCodeId: yearCodeId ?? '', facultyId: facultyId ?? '' },
          })
        : { ok: true, value: { subjects: [], lessons: [], classes: [], scoreNames: [] } },
    CALL_SCHEMAS['GET /api/students/data-filter/:yearCodeId/:facultyId'].response,
  );
}

/** `GET /api/students/{id}`, kept for offline reading like the list. */
export function useStudent(studentId: string) {
  return useCallView(`students/${studentId}`, 'GET /api/students/:studentId', { params: { studentId } });
}

/** `POST /api/students` (one) or `/api/students/{id}` (edit). */
export function saveStudent(studentId: string | null, body: StudentWrite, locale?: Locale) {
  if (studentId === null) return callApi('POST /api/students', { body: { ...body, locale } });
  return callApi('POST /api/students/:studentId', { params: { studentId }, body });
}

/**
 * `POST /api/students/create-multi`: every row or none; the new accounts start in `locale`, a row's guardian
 * in theirs (issue 43).
 */
export function createStudents(students: StudentBulkRow[], locale?: Locale) {
  return callApi('POST /api/students/create-multi', { body: { students, locale } });
}

/** `DELETE /api/students/{id}`. */
export function deleteStudent(studentId: string) {
  return callApi('DELETE /api/students/:studentId', { params: { studentId } });
}

/** `POST /api/students/{id}/lesson {classId}`: puts the student in a class. */
export function putStudentInClass(studentId: string, classId: string) {
  return callApi('POST /api/students/:studentId/lesson', { params: { studentId }, body: { classId } });
}

/** `GET /api/students/{id}/guardians`: the student's linked guardians (issue 43), an online view. */
export function useGuardians(studentId: string) {
  return useCallView(`students/${studentId}/guardians`, 'GET /api/students/:studentId/guardians', {
    params: { studentId },
  });
}

/** `POST /api/students/{id}/guardians`: links a guardian by e-mail, inviting a new account. */
export function linkGuardian(studentId: string, body: GuardianLinkRequest) {
  return callApi('POST /api/students/:studentId/guardians', { params: { studentId }, body });
}

/** `DELETE /api/students/{id}/guardians/{guardianId}`: ends a guardian's link to the student. */
export function unlinkGuardian(studentId: string, guardianId: string) {
  return callApi('DELETE /api/students/:studentId/guardians/:guardianId', {
    params: { studentId, guardianId },
  });
}

/** `GET /api/teachers`, an online view. */
export function useTeachers(query: StaffSearchQuery) {
  return useCallView(`teachers?${JSON.stringify(query)}`, 'GET /api/teachers', { query });
}

/** `GET /api/teachers/{id}`. */
export function useTeacher(teacherId: string) {
  return useCallView(`teachers/${teacherId}`, 'GET /api/teachers/:teacherId', { params: { teacherId } });
}

/** `POST /api/teachers/{id}`. */
export function saveTeacher(teacherId: string, body: TeacherWrite) {
  return callApi('POST /api/teachers/:teacherId', { params: { teacherId }, body });
}

/** `DELETE /api/teachers/{id}`. */
export function deleteTeacher(teacherId: string) {
  return callApi('DELETE /api/teachers/:teacherId', { params: { teacherId } });
}

/** Who an invitation is for: a teacher (`POST /api/users/invite`) or an observer. */
export type InviteKind = 'teacher' | 'observer';

/** Sends an invitation by mail. */
export function invite(kind: InviteKind, body: InviteRequest) {
  if (kind === 'teacher') return callApi('POST /api/users/invite', { body });
  return callApi('POST /api/observers/invite', { body });
}

/** `GET /api/observers`. */
export function useObservers(query: StaffSearchQuery) {
  return useCallView(`observers?${JSON.stringify(query)}`, 'GET /api/observers', { query });
}

/** `GET /api/users/{id}` (an observer's or an admin's detail). */
export function useStaffUser(userId: string) {
  return useCallView(`users/${userId}`, 'GET /api/users/:userId', { params: { userId } });
}

/** `POST /api/observers/{id}`. */
export function saveObserver(observerId: string, body: ObserverWrite) {
  return callApi('POST /api/observers/:observerId', { params: { observerId }, body });
}

/** `DELETE /api/observers/{id}`. */
export function deleteObserver(observerId: string) {
  return callApi('DELETE /api/observers/:observerId', { params: { observerId } });
}

/** `GET /api/users/search`: admins, or the teachers and observers to promote. */
export function useUsers(query: UserSearchQuery) {
  return useCallView(`users/search?${JSON.stringify(query)}`, 'GET /api/users/search', { query });
}

/** `POST /api/users/up-role` or `/down-role`. */
export function changeRole(direction: 'up' | 'down', id: string) {
  if (direction === 'up') return callApi('POST /api/users/up-role', { body: { id } });
  return callApi('POST /api/users/down-role', { body: { id } });
}

/** `POST /api/users/block-login-admin/{id}`. */
export function blockLogin(userId: string, blocked: boolean) {
  return callApi('POST /api/users/block-login-admin/:userId', { params: { userId }, body: { blocked } });
}
