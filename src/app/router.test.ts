import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../domain/roles';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { createAppRouter, preloadFirstScreen } from './router';
import type { SessionStore } from './session';

function session(user: StoredUser | null): SessionStore {
  return { getUser: () => user, setUser: () => undefined, subscribe: () => () => undefined };
}

function teacher(overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    id: 'u1',
    name: 'Tanaka',
    role: Role.teacher,
    must_change_password: false,
    is_trusted: true,
    verified_otp: true,
    ...overrides,
  };
}

/** The routes whose code the page start asks for when it opens `path` as `user`. */
function preloadedAt(path: string, user: StoredUser | null): string[] {
  window.history.replaceState(null, '', path);
  const router = createAppRouter(session(user));
  const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined);
  preloadFirstScreen(router, user);
  return load.mock.calls.map(([route]) => route.id);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the first screen loads with the language', () => {
  it('a signed-out visit to a signed-in page loads the sign-in screen it will be sent to', () => {
    expect(preloadedAt('/admin/students', null)).toEqual(['/login']);
    expect(preloadedAt('/admin/', null)).toEqual(['/login']);
  });

  it('a signed-out visit to the sign-in page loads that page', () => {
    expect(preloadedAt('/admin/login', null)).toContain('/login');
  });

  it('a signed-in user loads the screen the address names', () => {
    expect(preloadedAt('/admin/students', teacher())).toContain('/_app/students');
  });

  it('halfway through signing in nothing is loaded ahead: the guard picks the step', () => {
    expect(preloadedAt('/admin/students', teacher({ verified_otp: false }))).toEqual([]);
  });
});
