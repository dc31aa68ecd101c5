import { describe, expect, it } from 'vitest';
import {
  type Actor,
  CALL_ROLES,
  type CallKey,
  canCall,
  findCallKey,
  isStateChangingCall,
  mayChangeMemo,
  mayChangeRequestStatus,
  mayEditClassWork,
  mayFileRequestOption,
  mayUpdateFinalScore,
  mayWriteMemo,
  OWN_ACCOUNT_CALLS,
  observerIsReadOnly,
  studentOwnsRecord,
  superAdminAreaOnly,
  teacherMayEditClass,
} from './permissions';
import { RequestStatus } from './request-status';
import { RequestOption } from './requests';
import { type AccountRole, ROLE_LIST, Role } from './roles';

const CALL_KEYS = Object.keys(CALL_ROLES) as CallKey[];
const rolesAllowed = (call: CallKey): AccountRole[] => ROLE_LIST.filter((role) => canCall(role, call));

describe('call table', () => {
  it('writes every key as METHOD and a path with Fastify-style params', () => {
    for (const key of CALL_KEYS) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[A-Za-z0-9\-_./:]*$/);
  });

  it('names only roles of ROLE_LIST and lets at least one role make each call', () => {
    for (const key of CALL_KEYS) {
      const rule = CALL_ROLES[key];
      if (typeof rule !== 'string') for (const role of rule) expect(ROLE_LIST).toContain(role);
      expect(rolesAllowed(key).length).toBeGreaterThan(0);
    }
  });

  it('lets observers make no state-changing call other than their own account ones', () => {
    const offending = CALL_KEYS.filter((key) => canCall(Role.observer, key) && !observerIsReadOnly(key));
    expect(offending).toEqual([]);
  });

  it('keeps the super admin to the admins area, their own account and the all-roles screens', () => {
    const offending = CALL_KEYS.filter((key) => canCall(Role.superAdmin, key) && !superAdminAreaOnly(key));
    expect(offending).toEqual([]);
    expect(canCall(Role.superAdmin, 'POST /api/users/up-role')).toBe(true);
    expect(canCall(Role.admin, 'POST /api/users/up-role')).toBe(false);
  });

  it('lets every role that signs in make its own account calls', () => {
    for (const call of OWN_ACCOUNT_CALLS) {
      const roles = rolesAllowed(call);
      const studentVariant = call.startsWith('POST /api/students/');
      const staffVariant =
        call.startsWith('POST /api/users/change') ||
        call.startsWith('POST /api/users/update-avatar') ||
        call.startsWith('POST /api/users/update-profile');
      if (studentVariant) expect(roles).toEqual([Role.student]);
      else if (staffVariant) expect(roles).not.toContain(Role.student);
      else if (call === 'POST /api/schedules/save-filter') expect(roles).toContain(Role.observer);
      else expect(roles).toEqual([...ROLE_LIST]);
    }
  });

  it('needs no session only for login, the provider sign-in, password reset, version, manifest, health and readiness calls', () => {
    const open = CALL_KEYS.filter((key) => canCall(null, key));
    expect(open.sort()).toEqual(
      [
        'POST /api/login',
        'GET /api/csrf',
        'GET /get-version-build',
        'GET /admin/manifest.json',
        'GET /api/health',
        'GET /api/ready',
        'POST /api/password/email',
        'POST /api/password/reset',
        'POST /api/edu-account/resend-choose-emails',
        // Sign-in with the school's identity provider (issue 44): before any session, by definition.
        'GET /api/auth/provider',
        'GET /api/auth/provider/start',
        'GET /api/auth/provider/callback',
      ].sort(),
    );
  });

  it('follows the screens of SPEC §6 for the main areas', () => {
    expect(rolesAllowed('POST /api/attendance/:scheduleId')).toEqual([Role.teacher, Role.admin]);
    expect(rolesAllowed('GET /api/students/:studentId/achievement-attendance')).toEqual([
      Role.observer,
      Role.teacher,
      Role.admin,
      Role.student,
      Role.guardian,
    ]);
    expect(rolesAllowed('POST /api/master-setting/rooms/multiStore')).toEqual([Role.admin]);
    expect(rolesAllowed('POST /api/viblo-event')).toEqual([Role.admin]);
    // The school's events are the school's roles'; a guardian sees only their children's rows (issue 43).
    expect(rolesAllowed('POST /api/viblo-event/search')).toEqual(
      ROLE_LIST.filter((r) => r !== Role.guardian),
    );
    expect(rolesAllowed('POST /api/requests')).toEqual([Role.student, Role.guardian]);
    expect(rolesAllowed('GET /api/report/default-filter')).toEqual([Role.observer, Role.teacher, Role.admin]);
    expect(rolesAllowed('POST /api/students/change-password')).toEqual([Role.student]);
    expect(rolesAllowed('POST /api/users/change-password')).not.toContain(Role.student);
  });
});

describe('state-changing calls', () => {
  it('treat POST searches and subject validation as reads', () => {
    expect(isStateChangingCall('POST /api/statistic/search')).toBe(false);
    expect(isStateChangingCall('POST /api/academic/subjects/validate-subject')).toBe(false);
    expect(isStateChangingCall('GET /api/sticky')).toBe(false);
    expect(isStateChangingCall('POST /api/memo')).toBe(true);
    expect(isStateChangingCall('DELETE /api/memo/:memoId')).toBe(true);
  });
});

describe('finding the call of a request', () => {
  it('prefers static segments over parameters', () => {
    expect(findCallKey('GET', '/api/students/search')).toBe('GET /api/students/search');
    expect(findCallKey('GET', '/api/students/42')).toBe('GET /api/students/:studentId');
    expect(findCallKey('POST', '/api/master-setting/rooms/multiStore')).toBe(
      'POST /api/master-setting/rooms/multiStore',
    );
    expect(findCallKey('POST', '/api/master-setting/rooms/7')).toBe('POST /api/master-setting/:segment/:id');
    expect(findCallKey('post', '/api/sticky/9?x=1')).toBe('POST /api/sticky/:stickyId');
    expect(findCallKey('GET', '/api/unknown')).toBeUndefined();
  });
});

describe('row rules', () => {
  const teacherA: Actor = { id: 't-a', role: Role.teacher };
  const adminUser: Actor = { id: 'adm', role: Role.admin };
  const observerUser: Actor = { id: 'obs', role: Role.observer };
  const studentS: Actor = { id: 's-1', role: Role.student };

  it('teachers edit attendance, scores and plans only of classes assigned to them; admins of all', () => {
    expect(teacherMayEditClass('t-a', ['t-a', 't-b'])).toBe(true);
    expect(mayEditClassWork(teacherA, ['t-b'])).toBe(false);
    expect(mayEditClassWork(teacherA, ['t-a'])).toBe(true);
    expect(mayEditClassWork(adminUser, [])).toBe(true);
    expect(mayEditClassWork(observerUser, ['obs'])).toBe(false);
  });

  it('a student owns only their own records', () => {
    expect(studentOwnsRecord(studentS, 's-1')).toBe(true);
    expect(studentOwnsRecord(studentS, 's-2')).toBe(false);
  });

  it('memos need a teacher in the subject or an admin', () => {
    expect(mayWriteMemo(Role.teacher, true)).toBe(true);
    expect(mayWriteMemo(Role.teacher, false)).toBe(false);
    expect(mayWriteMemo(Role.admin, false)).toBe(true);
    expect(mayWriteMemo(Role.observer, true)).toBe(false);
  });

  it('a memo is changed by its author, while a teacher of the subject, or by an admin', () => {
    expect(mayChangeMemo(teacherA, 't-a', true)).toBe(true);
    expect(mayChangeMemo(teacherA, 't-b', true)).toBe(false);
    expect(mayChangeMemo(teacherA, 't-a', false)).toBe(false);
    expect(mayChangeMemo(adminUser, 't-b', false)).toBe(true);
  });

  it('teachers update final scores only when the subject allows it', () => {
    expect(mayUpdateFinalScore(teacherA, ['t-a'], false)).toBe(false);
    expect(mayUpdateFinalScore(teacherA, ['t-a'], true)).toBe(true);
    expect(mayUpdateFinalScore(adminUser, [], false)).toBe(true);
  });

  it('students cancel their own pending requests; class teachers and admins decide them', () => {
    const request = { student_id: 's-1', status: RequestStatus.requesting, classTeacherIds: ['t-a'] };
    expect(mayChangeRequestStatus(studentS, request, RequestStatus.cancelled)).toBe(true);
    expect(mayChangeRequestStatus(studentS, request, RequestStatus.accepted)).toBe(false);
    expect(mayChangeRequestStatus({ id: 's-2', role: Role.student }, request, RequestStatus.cancelled)).toBe(
      false,
    );
    expect(mayChangeRequestStatus(teacherA, request, RequestStatus.accepted)).toBe(true);
    expect(mayChangeRequestStatus({ id: 't-b', role: Role.teacher }, request, RequestStatus.rejected)).toBe(
      false,
    );
    expect(
      mayChangeRequestStatus(
        adminUser,
        { ...request, status: RequestStatus.accepted },
        RequestStatus.rejected,
      ),
    ).toBe(false);
  });

  it('a guardian cancels only the requests they filed, and decides none (issue 43)', () => {
    const guardian = { id: 'g-1', role: Role.guardian };
    const request = { student_id: 's-1', status: RequestStatus.requesting, classTeacherIds: ['t-a'] };
    expect(mayChangeRequestStatus(guardian, { ...request, filed_by: 'g-1' }, RequestStatus.cancelled)).toBe(
      true,
    );
    expect(mayChangeRequestStatus(guardian, { ...request, filed_by: 'g-2' }, RequestStatus.cancelled)).toBe(
      false,
    );
    expect(mayChangeRequestStatus(guardian, { ...request, filed_by: null }, RequestStatus.cancelled)).toBe(
      false,
    );
    expect(mayChangeRequestStatus(guardian, { ...request, filed_by: 'g-1' }, RequestStatus.accepted)).toBe(
      false,
    );
    // The student still cancels a request their guardian filed for them.
    expect(mayChangeRequestStatus(studentS, { ...request, filed_by: 'g-1' }, RequestStatus.cancelled)).toBe(
      true,
    );
  });

  it('a guardian files only absence and lateness notices; a student every option', () => {
    expect(mayFileRequestOption(Role.guardian, RequestOption.absent)).toBe(true);
    expect(mayFileRequestOption(Role.guardian, RequestOption.late)).toBe(true);
    expect(mayFileRequestOption(Role.guardian, RequestOption.achievementConfirm)).toBe(false);
    expect(mayFileRequestOption(Role.student, RequestOption.other)).toBe(true);
    expect(mayFileRequestOption(Role.teacher, RequestOption.absent)).toBe(false);
  });
});
