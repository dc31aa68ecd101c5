import { describe, expect, it } from 'vitest';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { nextSignInStep } from './after-sign-in';

const user: StoredUser = {
  id: 'u1',
  name: 'A',
  role: 1,
  must_change_password: false,
  is_trusted: false,
  verified_otp: true,
};

describe('next sign-in step', () => {
  it('asks for the forced change first, then the code, then opens the page first asked for', () => {
    expect(nextSignInStep({ ...user, must_change_password: true, verified_otp: false }, '/students')).toEqual(
      {
        kind: 'change-password',
        redirect: '/students',
      },
    );
    expect(nextSignInStep({ ...user, verified_otp: false }, '/viblo/events?tab=past')).toEqual({
      kind: 'otp',
      redirect: '/viblo/events?tab=past',
    });
    expect(nextSignInStep(user, '/viblo/events?tab=past&page=2')).toEqual({
      kind: 'done',
      href: '/viblo/events?tab=past&page=2',
    });
    expect(nextSignInStep(user, 'https://evil.example/')).toEqual({ kind: 'done', href: '/' });
  });
});
