import { describe, expect, it } from 'vitest';
import { type AccountRole, ROLE_LIST, Role } from '../../domain/roles';
import { PUBLIC_ROUTES, ROUTE_ROLES, standInRoute } from '../../domain/route-roles';
import type { StoredUser } from '../../domain/schemas/auth-account';
import {
  applyGuardTarget,
  decideGuardedRoute,
  decidePublicRoute,
  isSignInComplete,
  safeRedirect,
} from './guard';

function user(role: AccountRole, overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    id: 'u1',
    name: 'Tanaka',
    role,
    must_change_password: false,
    is_trusted: true,
    verified_otp: true,
    ...overrides,
  };
}

const ROUTES = Object.entries(ROUTE_ROLES);

describe('route guard for every route and role', () => {
  it.each(ROLE_LIST)('role %i opens exactly the routes SPEC §6 gives it and sees 403 elsewhere', (role) => {
    for (const [route, roles] of ROUTES) {
      const decision = decideGuardedRoute(user(role), route, route);
      if (role === Role.superAdmin && route === '/') {
        expect(decision).toEqual({ kind: 'redirect', to: '/admins' });
        continue;
      }
      const accepted = (roles as readonly AccountRole[]).includes(role);
      const standIn = standInRoute(role, route);
      expect({ route, decision }).toEqual({
        route,
        decision: accepted
          ? { kind: 'allow' }
          : standIn
            ? { kind: 'redirect', to: standIn }
            : { kind: 'forbidden' },
      });
    }
  });

  it('sends a visitor without a user to /login from every route, remembering the page asked for', () => {
    for (const [route] of ROUTES) {
      expect(decideGuardedRoute(null, route, `${route}?tab=3`)).toEqual({
        kind: 'login',
        redirect: `${route}?tab=3`,
      });
    }
  });

  it('sends a user who must change the password to /change-password from every other route', () => {
    for (const role of ROLE_LIST) {
      for (const [route] of ROUTES) {
        const decision = decideGuardedRoute(user(role, { must_change_password: true }), route, route);
        if (route === '/change-password') expect(decision).toEqual({ kind: 'allow' });
        else expect(decision).toEqual({ kind: 'redirect', to: '/change-password' });
      }
    }
  });

  it('sends a user not OTP-verified to /otp, except on the change-password screen', () => {
    for (const role of ROLE_LIST) {
      for (const [route] of ROUTES) {
        const decision = decideGuardedRoute(user(role, { verified_otp: false }), route, route);
        if (route === '/otp' || route === '/change-password') expect(decision).toEqual({ kind: 'allow' });
        else expect(decision).toEqual({ kind: 'redirect', to: '/otp' });
      }
    }
  });

  it('asks for the password change before the OTP step', () => {
    const both = user(Role.teacher, { must_change_password: true, verified_otp: false });
    expect(decideGuardedRoute(both, '/otp', '/otp')).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(decideGuardedRoute(both, '/change-password', '/change-password')).toEqual({ kind: 'allow' });
  });

  it('treats a route below a table entry as that entry (subject lessons)', () => {
    expect(
      decideGuardedRoute(user(Role.student), '/academic/subjects/$subjectId/lessons/$lessonId', '/x'),
    ).toEqual({
      kind: 'allow',
    });
    expect(
      decideGuardedRoute(user(Role.superAdmin), '/academic/subjects/$subjectId/lessons/$lessonId', '/x'),
    ).toEqual({ kind: 'forbidden' });
  });

  it('refuses a path the table does not know', () => {
    expect(decideGuardedRoute(user(Role.admin), '/unknown', '/unknown')).toEqual({ kind: 'forbidden' });
  });
});

describe('a student and the students list (issue 42)', () => {
  it('sends a student who opens /students to their own record, and still forbids a student detail', () => {
    expect(decideGuardedRoute(user(Role.student), '/students', '/students?page=2')).toEqual({
      kind: 'redirect',
      to: '/achievement-attendance-profile',
    });
    expect(decideGuardedRoute(user(Role.student), '/students/$studentId', '/students/s1')).toEqual({
      kind: 'forbidden',
    });
    expect(decideGuardedRoute(user(Role.teacher), '/students', '/students')).toEqual({ kind: 'allow' });
  });
});

describe('guard redirects to screens of later issues', () => {
  it('redirects when the target screen exists', () => {
    const redirect = { kind: 'redirect', to: '/admins' } as const;
    expect(applyGuardTarget(redirect, () => true)).toEqual(redirect);
  });

  it('shows the 403 screen when the target screen is not built yet', () => {
    expect(applyGuardTarget({ kind: 'redirect', to: '/otp' }, () => false)).toEqual({ kind: 'forbidden' });
    expect(applyGuardTarget({ kind: 'allow' }, () => false)).toEqual({ kind: 'allow' });
  });
});

describe('public routes', () => {
  it('sends a signed-in user away from /login and /reset-password', () => {
    expect(PUBLIC_ROUTES).toEqual(['/login', '/reset-password/$token']);
    for (const role of ROLE_LIST) expect(decidePublicRoute(user(role))).toEqual({ kind: 'home' });
    expect(decidePublicRoute(null)).toEqual({ kind: 'allow' });
  });
});

describe('redirect after sign-in', () => {
  it('keeps a page inside the app with its query', () => {
    expect(safeRedirect('/master-setting?tab=2')).toBe('/master-setting?tab=2');
  });

  it('never leaves the app or loops back to /login', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=%2F')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});

describe('a finished sign-in', () => {
  it('needs the two-step code and no forced password change before the user data starts syncing', () => {
    expect(isSignInComplete(user(Role.teacher))).toBe(true);
    expect(isSignInComplete(user(Role.teacher, { verified_otp: false }))).toBe(false);
    expect(isSignInComplete(user(Role.teacher, { must_change_password: true }))).toBe(false);
  });
});
