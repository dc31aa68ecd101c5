import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../domain/auth';
import { LIMITS } from '../../../domain/limits';
import {
  anonymous,
  buildTestApp,
  cookieFrom,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('login', () => {
  it('signs a demo admin in and answers the stored-user fields', async () => {
    const guest = await anonymous(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'ADMIN@demo.test', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      role: 2,
      must_change_password: false,
      // A fresh device: the two-step code comes next (SPEC §4).
      is_trusted: false,
      verified_otp: false,
      avatar: null,
    });
    const sid = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Login rotates the CSRF token.
    expect(cookieFrom(response, CSRF_COOKIE)).toBeDefined();
    expect(cookieFrom(response, CSRF_COOKIE)).not.toBe(guest.csrfToken);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const guest = await anonymous(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'admin@demo.test', password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'nobody@demo.test', password: 'not-the-password' },
    });
    const expected = {
      message: 'invalid_credentials',
      code: 'invalid_credentials',
      errors: { email: ['invalid_credentials'] },
    };
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
    expect(cookieFrom(wrong, SESSION_COOKIE)).toBeUndefined();
    expect(cookieFrom(unknown, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses unknown fields and wrong types field by field', async () => {
    const guest = await anonymous(t.app);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'admin@demo.test', password: TEST_PASSWORD, remember: true },
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json()).toEqual({
      message: 'Validation failed',
      code: 'validation_failed',
      errors: { remember: ['unknown_field'] },
    });
    expect(cookieFrom(extra, SESSION_COOKIE)).toBeUndefined();

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'admin@demo.test', password: 12345678 },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ password: ['invalid_type'] });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'not-an-email' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['invalid_email'], password: ['required'] });
  });

  it('answers malformed JSON, a wrong content type and an oversized body with their codes', async () => {
    const guest = await anonymous(t.app);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...guest.headers(), 'content-type': 'application/json' },
      payload: '{"email": "admin@demo.test",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid JSON', code: 'invalid_json' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...guest.headers(), 'content-type': 'text/plain' },
      payload: 'email=admin@demo.test',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Unsupported Media Type', code: 'unsupported_media_type' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...guest.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'admin@demo.test', password: 'x'.repeat(LIMITS.maxJsonBodyBytes) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Payload Too Large', code: 'payload_too_large' });
    for (const response of [malformed, text, huge])
      expect(cookieFrom(response, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('csrf', () => {
  it('refuses a state-changing call without the header, with a fresh token that then works', async () => {
    const guest = await anonymous(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `${CSRF_COOKIE}=${guest.csrfToken}` },
      payload: { email: 'admin@demo.test', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body).toEqual({ message: 'Token mismatch', code: 'token_mismatch', token: expect.any(String) });
    expect(cookieFrom(refused, CSRF_COOKIE)).toBe(body.token);
    expect(cookieFrom(refused, SESSION_COOKIE)).toBeUndefined();

    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `${CSRF_COOKIE}=${body.token}`, [CSRF_HEADER]: body.token },
      payload: { email: 'admin@demo.test', password: TEST_PASSWORD },
    });
    expect(retried.statusCode).toBe(200);
  });

  it('refuses a header that does not match the cookie, before anything else runs', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...admin.headers(), [CSRF_HEADER]: 'forged' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('token_mismatch');
    // The session survived: logout did not run.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: admin.headers() });
    expect(me.statusCode).toBe(200);
  });

  it('sets the token cookie on any response to a client without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/get-version-build' });
    const cookie = response.cookies.find((entry) => entry.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('session', () => {
  it('answers /api/me for the signed-in user and 401 after logout', async () => {
    const teacher = await signIn(t.app, 'teacher@demo.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: teacher.headers() });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 1 });

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: teacher.headers() });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });

    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: teacher.headers() });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated', code: 'unauthenticated' });
  });

  // The idle limit beside the absolute lifetime: session-end.test.ts (both are 30 days by default).

  it('answers requests that arrive together each with its own session, live, unknown or ended', async () => {
    const accounts = ['admin@demo.test', 'teacher@demo.test', 'student@demo.test', 'observer@demo.test'];
    const sessions = await Promise.all(accounts.map((email) => signIn(t.app, email)));
    const ended = await signIn(t.app, 'teacher2@demo.test');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: ended.headers() });
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers });
    // Sent in one turn, so the lookups meet in the session lane and are answered by one statement.
    const answers = await Promise.all([
      ...sessions.map((session) => me(session.headers())),
      me(ended.headers()),
      me({ cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` }),
      ...sessions.map((session) => me(session.headers())),
    ]);
    const roles = answers.map((answer) =>
      answer.statusCode === 200 ? answer.json().role : answer.statusCode,
    );
    expect(roles).toEqual([2, 1, 5, 0, 401, 401, 2, 1, 5, 0]);

    // An hour later the sessions' idle deadlines move forward together, and each is told so by its cookie.
    t.clock.advance(61 * 60 * 1000);
    const later = await Promise.all(sessions.map((session) => me(session.headers())));
    for (const answer of later) {
      expect(answer.statusCode).toBe(200);
      expect(answer.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
    }
  });

  it('refuses /master-data without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/master-data' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated', code: 'unauthenticated' });
  });
});
