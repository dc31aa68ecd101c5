import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../../domain/auth';
import { users } from '../../db/schema';
import {
  anonymous,
  buildTestApp,
  cookieFrom,
  mailCount,
  OTP_PATTERN,
  signIn,
  signInPasswordOnly,
  TEST_PASSWORD,
  type TestApp,
  type TestSession,
  waitForMail,
} from '../../testing/test-app';

let t: TestApp;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const RESET_PATTERN = /\/admin\/reset-password\/([A-Za-z0-9_-]+)/;
const NEW_PASSWORD = 'fresh-pass-42';

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function post(session: TestSession, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, headers: session.headers(), payload: payload as object });
}

async function login(
  email: string,
  password = TEST_PASSWORD,
  extra: { cookies?: Record<string, string>; address?: string } = {},
): Promise<LightMyRequestResponse> {
  const guest = await anonymous(t.app);
  const headers = guest.headers();
  const cookieExtra = Object.entries(extra.cookies ?? {})
    .map(([name, value]) => `; ${name}=${value}`)
    .join('');
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...headers, cookie: `${headers.cookie}${cookieExtra}` },
    payload: { email, password },
    remoteAddress: extra.address ?? '10.0.0.1',
  });
}

function sessionFrom(response: LightMyRequestResponse): TestSession {
  const sid = cookieFrom(response, SESSION_COOKIE);
  const csrf = cookieFrom(response, 'csrf_token');
  if (!sid || !csrf) throw new Error(`no session: ${response.statusCode} ${response.body}`);
  return {
    cookies: { [SESSION_COOKIE]: sid, csrf_token: csrf },
    csrfToken: csrf,
    headers: () => ({ cookie: `${SESSION_COOKIE}=${sid}; csrf_token=${csrf}`, 'x-csrf-token': csrf }),
  };
}

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

describe('two-step code', () => {
  it('mails a code on an untrusted device and opens school data only once it is entered', async () => {
    const before = mailCount(t.app);
    const response = await login('teacher@demo.test');
    expect(response.json()).toMatchObject({ verified_otp: false, is_trusted: false });
    const session = sessionFrom(response);
    const blocked = await t.app.inject({ method: 'GET', url: '/master-data', headers: session.headers() });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: 'otp_required', code: 'otp_required' });

    const code = await waitForMail(t.app, 'teacher@demo.test', OTP_PATTERN, { after: before });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(session, '/api/verify-otp', { code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: ['otp_invalid'] });

    const right = await post(session, '/api/verify-otp', { code, trust_device: false });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ verified_otp: true, is_trusted: false });
    expect(cookieFrom(right, DEVICE_COOKIE)).toBeUndefined();
    const open = await t.app.inject({ method: 'GET', url: '/master-data', headers: session.headers() });
    expect(open.statusCode).toBe(200);

    // Single use: the same code cannot verify again.
    const again = await post(session, '/api/verify-otp', { code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: ['otp_expired'] });
  });

  it('skips the code for 30 days on a trusted device, then asks again', async () => {
    const before = mailCount(t.app);
    const first = sessionFrom(await login('observer@demo.test'));
    const code = await waitForMail(t.app, 'observer@demo.test', OTP_PATTERN, { after: before });
    const verified = await post(first, '/api/verify-otp', { code, trust_device: true });
    expect(verified.json()).toMatchObject({ verified_otp: true, is_trusted: true });
    const device = cookieFrom(verified, DEVICE_COOKIE);
    expect(device).toBeDefined();
    expect(verified.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
    });

    const mailsBefore = mailCount(t.app);
    const trusted = await login('observer@demo.test', TEST_PASSWORD, {
      cookies: { [DEVICE_COOKIE]: device ?? '' },
    });
    expect(trusted.json()).toMatchObject({ verified_otp: true, is_trusted: true });
    expect(mailCount(t.app)).toBe(mailsBefore);

    // Another account on the same device is not trusted by it.
    const other = await login('teacher2@demo.test', TEST_PASSWORD, {
      cookies: { [DEVICE_COOKIE]: device ?? '' },
    });
    expect(other.json()).toMatchObject({ verified_otp: false });

    t.clock.advance(31 * DAY);
    const expired = await login('observer@demo.test', TEST_PASSWORD, {
      cookies: { [DEVICE_COOKIE]: device ?? '' },
    });
    expect(expired.json()).toMatchObject({ verified_otp: false, is_trusted: false });
  });

  it('spends a code after 5 wrong guesses and limits new codes to one a minute and 3 in 15 minutes', async () => {
    const before = mailCount(t.app);
    const session = sessionFrom(await login('teacher3@demo.test'));
    const code = await waitForMail(t.app, 'teacher3@demo.test', OTP_PATTERN, { after: before });
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let guess = 1; guess <= 4; guess += 1)
      expect((await post(session, '/api/verify-otp', { code: wrongCode })).statusCode).toBe(422);
    const fifth = await post(session, '/api/verify-otp', { code: wrongCode });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('otp_too_many_attempts');
    // Even the right code is refused now.
    expect((await post(session, '/api/verify-otp', { code })).json().code).toBe('otp_too_many_attempts');

    const tooSoon = await post(session, '/api/otp');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('otp_resend_limit');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    for (let resend = 1; resend <= 3; resend += 1) {
      t.clock.advance(61 * SECOND);
      const mailsBefore = mailCount(t.app);
      const sent = await post(session, '/api/otp');
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ resend_in: 60 });
      await waitForMail(t.app, 'teacher3@demo.test', OTP_PATTERN, { after: mailsBefore });
    }
    t.clock.advance(61 * SECOND);
    const fourth = await post(session, '/api/otp');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('otp_resend_limit');

    t.clock.advance(15 * MINUTE);
    const mailsBefore = mailCount(t.app);
    expect((await post(session, '/api/otp')).statusCode).toBe(200);
    const fresh = await waitForMail(t.app, 'teacher3@demo.test', OTP_PATTERN, { after: mailsBefore });
    expect((await post(session, '/api/verify-otp', { code: fresh })).statusCode).toBe(200);
  });

  it('locks the account and tells the user by mail after 10 wrong codes in a day; a reset unlocks it', async () => {
    const email = 'student3@demo.test';
    let failures = 0;
    while (failures < 9) {
      const before = mailCount(t.app);
      const session = sessionFrom(await login(email));
      const code = await waitForMail(t.app, email, OTP_PATTERN, { after: before });
      const wrong = code === '123123' ? '321321' : '123123';
      for (let guess = 0; guess < 3 && failures < 9; guess += 1) {
        expect((await post(session, '/api/verify-otp', { code: wrong })).statusCode).toBe(422);
        failures += 1;
      }
    }
    const before = mailCount(t.app);
    const last = sessionFrom(await login(email));
    const code = await waitForMail(t.app, email, OTP_PATTERN, { after: before });
    const locked = await post(last, '/api/verify-otp', { code: code === '123123' ? '321321' : '123123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    await waitForMail(t.app, email, /(時間ロックしました)/, { after: before });

    // The right password no longer signs in, and the guessing session is gone.
    expect((await login(email)).json().code).toBe('account_locked');
    const gone = await t.app.inject({ method: 'GET', url: '/api/me', headers: last.headers() });
    expect(gone.statusCode).toBe(401);

    const guest = await anonymous(t.app);
    const mailsBefore = mailCount(t.app);
    expect((await post(guest, '/api/password/email', { email })).statusCode).toBe(200);
    const token = await waitForMail(t.app, email, RESET_PATTERN, { after: mailsBefore });
    const reset = await post(guest, '/api/password/reset', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('login limits', () => {
  it('makes one address wait after 5 wrong passwords in a row for an account, doubling; the owner elsewhere signs in', async () => {
    const email = 'student4@demo.test';
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(email, 'wrong-pass-1', { address: '10.1.0.1' })).statusCode).toBe(422);
    const locked = await login(email, TEST_PASSWORD, { address: '10.1.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'login_locked', code: 'login_locked' });
    expect(locked.headers['retry-after']).toBe('30');
    expect(cookieFrom(locked, SESSION_COOKIE)).toBeUndefined();
    // The guesser's address waits; the owner on another network is not locked out by it.
    expect((await login(email, TEST_PASSWORD, { address: '10.1.1.1' })).statusCode).toBe(200);
    t.clock.advance(31 * SECOND);
    expect((await login(email, 'wrong-pass-1', { address: '10.1.0.1' })).statusCode).toBe(422);
    const doubled = await login(email, TEST_PASSWORD, { address: '10.1.0.1' });
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe('60');
    t.clock.advance(61 * SECOND);
    expect((await login(email, TEST_PASSWORD, { address: '10.1.0.1' })).statusCode).toBe(200);
  });

  it("after 100 wrong passwords an hour from many addresses, lets only the account's known clients try it", async () => {
    const email = 'student5@demo.test';
    expect((await login(email, TEST_PASSWORD, { address: '10.3.0.9' })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await login(email, 'wrong-pass-1', { address: `10.2.${attempt}.1` });
      expect(response.statusCode).toBe(422);
    }
    const stranger = await login(email, TEST_PASSWORD, { address: '10.3.0.1' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('login_locked');
    // The address the student signed in from before still works: the attack cannot lock the owner out.
    expect((await login(email, TEST_PASSWORD, { address: '10.3.0.9' })).statusCode).toBe(200);
  });

  it('slows an address past 30 wrong passwords a minute for its unknown clients only, never locking it', async () => {
    t.clock.advance(2 * 60 * MINUTE);
    const router = '10.9.9.9';
    expect((await login('teacher@demo.test', TEST_PASSWORD, { address: router })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect(
        (await login(`nobody${attempt}@demo.test`, 'wrong-pass-1', { address: router })).statusCode,
      ).toBe(422);
    // 30 failures: at the limit, so an unknown client waits 1 s after the last one (2 s after one more…).
    const slowed = await login('admin@demo.test', TEST_PASSWORD, { address: router });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('too_many_requests');
    expect(slowed.headers['retry-after']).toBe('1');
    // A user who signed in from this router before is not held up, nor is anyone on another address.
    expect((await login('teacher@demo.test', TEST_PASSWORD, { address: router })).statusCode).toBe(200);
    expect((await login('admin@demo.test', TEST_PASSWORD, { address: '10.9.9.8' })).statusCode).toBe(200);
    t.clock.advance(SECOND);
    expect((await login('nobody-else@demo.test', 'wrong-pass-1', { address: router })).statusCode).toBe(422);
    expect((await login('admin@demo.test', TEST_PASSWORD, { address: router })).headers['retry-after']).toBe(
      '2',
    );
    t.clock.advance(2 * SECOND);
    expect((await login('admin@demo.test', TEST_PASSWORD, { address: router })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails a single-use link', async () => {
    const guest = await anonymous(t.app);
    const before = mailCount(t.app);
    const known = await post(guest, '/api/password/email', { email: 'teacher2@demo.test' });
    const unknown = await post(guest, '/api/password/email', { email: 'ghost@demo.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const token = await waitForMail(t.app, 'teacher2@demo.test', RESET_PATTERN, { after: before });
    expect(t.mails.slice(before).some((mail) => mail.to === 'ghost@demo.test')).toBe(false);

    // A signed-in session and a trusted device of the account end with the reset.
    const signedIn = await signIn(t.app, 'teacher2@demo.test');
    const body = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const weak = await post(guest, '/api/password/reset', {
      ...body,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toBe('password_too_short');
    expect((await post(guest, '/api/password/reset', body)).statusCode).toBe(200);
    const reused = await post(guest, '/api/password/reset', body);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: ['reset_token_invalid'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: signedIn.headers() })).statusCode,
    ).toBe(401);
    expect((await login('teacher2@demo.test', TEST_PASSWORD)).statusCode).toBe(422);
    expect((await login('teacher2@demo.test', NEW_PASSWORD)).json()).toMatchObject({ verified_otp: false });
  });

  it('refuses an expired link and limits mails to 3 an hour for any address', async () => {
    const guest = await anonymous(t.app);
    const before = mailCount(t.app);
    await post(guest, '/api/password/email', { email: 'student2@demo.test' });
    const token = await waitForMail(t.app, 'student2@demo.test', RESET_PATTERN, { after: before });
    t.clock.advance(61 * MINUTE);
    const late = await post(guest, '/api/password/reset', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(late.json().errors).toEqual({ token: ['reset_token_invalid'] });

    for (const email of ['student2@demo.test', 'nobody-here@demo.test']) {
      for (let mail = 0; mail < 3; mail += 1)
        expect((await post(guest, '/api/password/email', { email })).statusCode).toBe(200);
      const limited = await post(guest, '/api/password/email', { email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'reset_mail_limit', code: 'reset_mail_limit' });
    }
    t.clock.advance(61 * MINUTE);
    expect((await post(guest, '/api/password/email', { email: 'student2@demo.test' })).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('forces the change before anything else and ends the other sessions', async () => {
    const email = 'teacher@demo.test';
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.email, email));
    const other = await signIn(t.app, email);
    const session = await signIn(t.app, email);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers() });
    expect(me.json()).toMatchObject({ must_change_password: true });
    const blocked = await t.app.inject({ method: 'GET', url: '/master-data', headers: session.headers() });
    expect(blocked.json()).toEqual({ message: 'password_change_required', code: 'password_change_required' });

    const mismatch = await post(session, '/api/password/force-change', {
      password: NEW_PASSWORD,
      password_confirmation: 'other-pass-42',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['password_confirmation_mismatch'] });
    const changed = await post(session, '/api/password/force-change', {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ must_change_password: false, verified_otp: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/master-data', headers: session.headers() })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: other.headers() })).statusCode).toBe(
      401,
    );
    const again = await post(session, '/api/password/force-change', {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
  });

  it('changes a password with the current one, on the path of the role, and ends the other sessions', async () => {
    const email = 'student@demo.test';
    const other = await signIn(t.app, email);
    const session = await signIn(t.app, email);
    const body = {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    expect((await post(session, '/api/users/change-password', body)).statusCode).toBe(403);
    const wrong = await post(session, '/api/students/change-password', {
      ...body,
      current_password: 'nope-1234',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['current_password_wrong'] });
    const hashBefore = (await userRow(email)).passwordHash;
    expect((await post(session, '/api/students/change-password', body)).statusCode).toBe(200);
    expect((await userRow(email)).passwordHash).not.toBe(hashBefore);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers() })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: other.headers() })).statusCode).toBe(
      401,
    );
  });
});

describe('hostile input', () => {
  it('answers wrong types, extra fields, huge bodies and SQL or HTML strings with a 4xx and changes nothing', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const before = await userRow('admin@demo.test');
    const guest = await anonymous(t.app);
    const cases: Array<[TestSession, string, unknown]> = [
      [admin, '/api/users/change-password', { current_password: 1, password: [], password_confirmation: {} }],
      [
        admin,
        '/api/users/change-password',
        {
          current_password: TEST_PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          role: 3,
        },
      ],
      [admin, '/api/verify-otp', { code: "1' OR '1'='1" }],
      [admin, '/api/verify-otp', { code: 123456 }],
      [guest, '/api/password/email', { email: "admin@demo.test' OR 1=1 --" }],
      [guest, '/api/password/email', { email: '<script>alert(1)</script>@demo.test' }],
      [guest, '/api/password/email', { email: ['admin@demo.test'] }],
      [
        guest,
        '/api/password/reset',
        { token: "x'; drop table users; --", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      ],
      [
        guest,
        '/api/password/reset',
        { token: 'x'.repeat(600), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      ],
      [guest, '/api/edu-account/resend-choose-emails', { email: 'admin@demo.test', name: '<b>x</b>' }],
      [guest, '/api/password/email', { email: `${'a'.repeat(2_000_000)}@demo.test` }],
    ];
    for (const [session, url, payload] of cases) {
      const response = await post(session, url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code');
    }
    const after = await userRow('admin@demo.test');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.email).toBe('admin@demo.test');
    expect((await t.db.select().from(users)).length).toBeGreaterThan(5);
  });
});

describe('signed-out calls', () => {
  it('refuses the account calls without a session', async () => {
    const guest = await anonymous(t.app);
    for (const url of [
      '/api/otp',
      '/api/verify-otp',
      '/api/password/force-change',
      '/api/users/change-password',
    ]) {
      const response = await post(guest, url, {});
      expect(response.statusCode).toBe(401);
    }
  });

  it('lets a session waiting for its code sign out', async () => {
    const session = await signInPasswordOnly(t.app, 'admin@demo.test');
    expect((await post(session, '/api/logout')).statusCode).toBe(200);
  });
});
