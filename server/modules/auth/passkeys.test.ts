import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../../domain/auth';
import { authAttempts, passkeys, users } from '../../db/schema';
import { SoftwareAuthenticator } from '../../testing/software-authenticator';
import {
  anonymous,
  buildTestApp,
  DEMO_ACCOUNTS,
  mailCount,
  OTP_PATTERN,
  signIn,
  signInPasswordOnly,
  TEST_PASSWORD,
  type TestApp,
  type TestSession,
  waitForMail,
} from '../../testing/test-app';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEY_REGISTRATIONS_PER_HOUR, relyingPartyOf } from './passkeys';

// Passkeys as the second step (issue 44), through the real routes, database and @simplewebauthn/server, with
// a software authenticator making the browser's answers (server/testing/software-authenticator.ts).

const ORIGIN = 'http://localhost:3999';
const RP_ID = 'localhost';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: ORIGIN });
});

afterAll(async () => {
  await t.close();
});

async function call(session: TestSession, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: session.headers(), payload: payload as never });
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Registers a new software passkey on a verified session; answers the authenticator and the list entry. */
async function registerPasskey(session: TestSession, name = 'Phone') {
  const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
  const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
  expect(options.statusCode, options.body).toBe(200);
  const created = await call(session, 'POST', '/api/passkeys', {
    name,
    credential: authenticator.register(options.json().challenge),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { authenticator, entry: created.json() };
}

/** The challenge of new authentication options of a session waiting for its second step. */
async function authenticationChallenge(session: TestSession): Promise<string> {
  const options = await call(session, 'POST', '/api/passkeys/authentication-options', {});
  expect(options.statusCode, options.body).toBe(200);
  return options.json().challenge;
}

async function otpFailures(userId: string): Promise<number> {
  const rows = await t.db
    .select()
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, 'otp_failure'), eq(authAttempts.subject, userId)));
  return rows.length;
}

async function removeAllPasskeys(email: string): Promise<void> {
  await t.db.delete(passkeys).where(eq(passkeys.userId, await userIdOf(email)));
}

describe('the relying party', () => {
  it('is the public URL host where browsers allow passkeys, else none', () => {
    expect(relyingPartyOf('https://school.example.jp', 'School')).toEqual({
      id: 'school.example.jp',
      name: 'School',
      origin: 'https://school.example.jp',
    });
    expect(relyingPartyOf('http://localhost:3000', 'School')).toEqual({
      id: 'localhost',
      name: 'School',
      origin: 'http://localhost:3000',
    });
    // Not a secure context, and an address is no relying party id.
    expect(relyingPartyOf('http://school.example.jp', 'School')).toBeNull();
    expect(relyingPartyOf('https://192.168.1.10', 'School')).toBeNull();
    expect(relyingPartyOf('https://[::1]:8443', 'School')).toBeNull();
  });

  it('off, the list says so and the ceremonies are refused', async () => {
    const off = await buildTestApp({ publicUrl: 'http://school.test' });
    try {
      const session = await signIn(off.app, DEMO_ACCOUNTS.teacher);
      const list = await off.app.inject({ method: 'GET', url: '/api/passkeys', headers: session.headers() });
      expect(list.json()).toEqual({ available: false, data: [] });
      const options = await off.app.inject({
        method: 'POST',
        url: '/api/passkeys/registration-options',
        headers: session.headers(),
        payload: {},
      });
      expect(options.statusCode).toBe(409);
      expect(options.json().code).toBe('passkeys_unavailable');
    } finally {
      await off.close();
    }
  });
});

describe('registering, listing and removing', () => {
  it('keeps a new passkey with its name and lists it', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.observer);
    const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
    expect(options.json()).toMatchObject({
      rp: { id: RP_ID, name: 'School Admin' },
      attestation: 'none',
      user: { name: DEMO_ACCOUNTS.observer },
      excludeCredentials: [],
    });
    const { authenticator, entry } = await registerPasskey(session, 'Chrome · Android');
    expect(entry).toEqual({
      id: expect.any(String),
      name: 'Chrome · Android',
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
    });
    const list = await call(session, 'GET', '/api/passkeys');
    expect(list.json()).toEqual({ available: true, data: [entry] });
    // The next registration excludes it, so the same authenticator is not registered twice.
    const next = await call(session, 'POST', '/api/passkeys/registration-options', {});
    expect(next.json().excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);

    const removed = await call(session, 'DELETE', `/api/passkeys/${entry.id}`, {});
    expect(removed.statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/passkeys')).json().data).toEqual([]);
  });

  it('refuses a credential made for another challenge, another origin, or twice for one challenge', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.observer);
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
    const wrongChallenge = await call(session, 'POST', '/api/passkeys', {
      name: 'Phone',
      credential: authenticator.register('bm90LXRoZS1jaGFsbGVuZ2U'),
    });
    expect(wrongChallenge.statusCode).toBe(422);
    expect(wrongChallenge.json().errors).toEqual({ credential: ['passkey_refused'] });
    // That check used the challenge up: the right answer now finds none.
    const late = await call(session, 'POST', '/api/passkeys', {
      name: 'Phone',
      credential: authenticator.register(options.json().challenge),
    });
    expect(late.json().errors).toEqual({ credential: ['passkey_expired'] });

    const again = await call(session, 'POST', '/api/passkeys/registration-options', {});
    const foreign = await call(session, 'POST', '/api/passkeys', {
      name: 'Phone',
      credential: authenticator.register(again.json().challenge, 'https://evil.example'),
    });
    expect(foreign.json().errors).toEqual({ credential: ['passkey_refused'] });
    expect((await call(session, 'GET', '/api/passkeys')).json().data).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.observer);
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
    t.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const late = await call(session, 'POST', '/api/passkeys', {
      name: 'Phone',
      credential: authenticator.register(options.json().challenge),
    });
    expect(late.json().errors).toEqual({ credential: ['passkey_expired'] });
  });

  it("removes only the caller's own passkeys", async () => {
    const owner = await signIn(t.app, DEMO_ACCOUNTS.observer);
    const { entry } = await registerPasskey(owner);
    const other = await signIn(t.app, DEMO_ACCOUNTS.admin);
    const refused = await call(other, 'DELETE', `/api/passkeys/${entry.id}`, {});
    expect(refused.statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/passkeys')).json().data).toHaveLength(1);
    await removeAllPasskeys(DEMO_ACCOUNTS.observer);
  });

  it('counts registrations: ten an hour per account', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.superAdmin);
    for (let i = 0; i < PASSKEY_REGISTRATIONS_PER_HOUR; i++) {
      const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
      expect(options.statusCode).toBe(200);
    }
    const over = await call(session, 'POST', '/api/passkeys/registration-options', {});
    expect(over.statusCode).toBe(429);
    t.clock.advance(60 * 60_000);
    expect((await call(session, 'POST', '/api/passkeys/registration-options', {})).statusCode).toBe(200);
  });
});

describe('the second step of a sign-in', () => {
  it('asks for the passkey instead of mailing a code, and the passkey verifies the session', async () => {
    const email = DEMO_ACCOUNTS.teacher;
    const { authenticator } = await registerPasskey(await signIn(t.app, email), 'Laptop');
    const mailsBefore = mailCount(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: (await anonymous(t.app)).headers(),
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.json()).toMatchObject({ verified_otp: false, passkey_step: true });
    const session = await signInPasswordOnly(t.app, email);
    expect(mailCount(t.app)).toBe(mailsBefore);
    // Nothing of the school before the second step.
    expect((await call(session, 'GET', '/api/passkeys')).statusCode).toBe(403);

    const challenge = await authenticationChallenge(session);
    const options = await call(session, 'POST', '/api/passkeys/authentication-options', {});
    expect(options.json().allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const answer = authenticator.assert(options.json().challenge);
    expect(challenge).not.toBe(options.json().challenge);
    const verified = await call(session, 'POST', '/api/passkeys/authenticate', {
      credential: answer,
      trust_device: false,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verified_otp: true, is_trusted: false });
    const list = await call(session, 'GET', '/api/passkeys');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0].last_used_at).toBe(t.clock.now().toISOString());
    // Admins see it on the person's screen among the account's ways of signing in.
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
    const methods = await call(admin, 'GET', `/api/users/${await userIdOf(email)}/sign-in-methods`);
    expect(methods.json().passkeys).toEqual({ count: 1, last_used_at: t.clock.now().toISOString() });

    // The same answer again: its challenge is spent.
    const replay = await signInPasswordOnly(t.app, email);
    await authenticationChallenge(replay);
    const replayed = await call(replay, 'POST', '/api/passkeys/authenticate', { credential: answer });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ credential: ['passkey_refused'] });
    await removeAllPasskeys(email);
  });

  it('still mails a code when asked ("send me a code instead")', async () => {
    const email = DEMO_ACCOUNTS.teacher;
    await registerPasskey(await signIn(t.app, email));
    const session = await signInPasswordOnly(t.app, email);
    const mailsBefore = mailCount(t.app);
    const sent = await call(session, 'POST', '/api/otp', {});
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await waitForMail(t.app, email, OTP_PATTERN, { after: mailsBefore });
    const verified = await call(session, 'POST', '/api/verify-otp', { code, trust_device: false });
    expect(verified.json()).toMatchObject({ verified_otp: true });
    await removeAllPasskeys(email);
  });

  it('trusts the device when asked, like the code', async () => {
    const email = DEMO_ACCOUNTS.teacher;
    const { authenticator } = await registerPasskey(await signIn(t.app, email));
    const session = await signInPasswordOnly(t.app, email);
    const verified = await call(session, 'POST', '/api/passkeys/authenticate', {
      credential: authenticator.assert(await authenticationChallenge(session)),
      trust_device: true,
    });
    expect(verified.json()).toMatchObject({ verified_otp: true, is_trusted: true });
    expect(verified.cookies.some((cookie) => cookie.name === 'device')).toBe(true);
    await removeAllPasskeys(email);
  });

  it("refuses, and counts, a wrong challenge, an unknown credential, another user's, and a cloned one", async () => {
    const email = DEMO_ACCOUNTS.teacher;
    const userId = await userIdOf(email);
    const { authenticator } = await registerPasskey(await signIn(t.app, email));
    const { authenticator: adminsKey } = await registerPasskey(await signIn(t.app, DEMO_ACCOUNTS.admin));
    const before = await otpFailures(userId);

    const attempts: [string, (challenge: string) => unknown][] = [
      ['another challenge', () => authenticator.assert('c29tZS1vdGhlci1jaGFsbGVuZ2U')],
      ['an unknown credential', (challenge) => new SoftwareAuthenticator(RP_ID, ORIGIN).assert(challenge)],
      ["another user's credential", (challenge) => adminsKey.assert(challenge)],
      ['another origin', (challenge) => authenticator.assert(challenge, { origin: 'https://evil.example' })],
    ];
    for (const [what, answer] of attempts) {
      const session = await signInPasswordOnly(t.app, email);
      const response = await call(session, 'POST', '/api/passkeys/authenticate', {
        credential: answer(await authenticationChallenge(session)),
      });
      expect(response.statusCode, what).toBe(422);
      expect(response.json().errors, what).toEqual({ credential: ['passkey_refused'] });
      expect((await call(session, 'GET', '/api/me')).json().verified_otp, what).toBe(false);
    }
    expect(await otpFailures(userId)).toBe(before + attempts.length);

    // A counter that does not go up (a copy of the authenticator used after the original).
    const first = await signInPasswordOnly(t.app, email);
    const ok = await call(first, 'POST', '/api/passkeys/authenticate', {
      credential: authenticator.assert(await authenticationChallenge(first), { signCount: 7 }),
    });
    expect(ok.statusCode).toBe(200);
    const clone = await signInPasswordOnly(t.app, email);
    const cloned = await call(clone, 'POST', '/api/passkeys/authenticate', {
      credential: authenticator.assert(await authenticationChallenge(clone), { signCount: 5 }),
    });
    expect(cloned.json().errors).toEqual({ credential: ['passkey_refused'] });
    await removeAllPasskeys(email);
    await removeAllPasskeys(DEMO_ACCOUNTS.admin);
  });

  it('locks the account after ten failed passkey steps in a day, like ten wrong codes', async () => {
    const email = DEMO_ACCOUNTS.student;
    const userId = await userIdOf(email);
    const { authenticator } = await registerPasskey(await signIn(t.app, email));
    const session = await signInPasswordOnly(t.app, email);
    let last = 0;
    for (let i = 0; i < AUTH_LIMITS.otpFailuresPerDay; i++) {
      // Each try answers a challenge of its own, as the browser asks anew after a failure.
      await authenticationChallenge(session);
      const response = await call(session, 'POST', '/api/passkeys/authenticate', {
        credential: authenticator.assert('d3JvbmctY2hhbGxlbmdl'),
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
    expect(await otpFailures(userId)).toBeGreaterThanOrEqual(AUTH_LIMITS.otpFailuresPerDay);
    // Locked: the half-open session is gone, and the next sign-in is refused until the lock ends.
    expect((await call(session, 'POST', '/api/passkeys/authentication-options', {})).statusCode).toBe(401);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: (await anonymous(t.app)).headers(),
      payload: { email, password: TEST_PASSWORD },
    });
    expect(later.statusCode).toBe(429);
    expect(later.json().code).toBe('account_locked');
    await removeAllPasskeys(email);
  });

  it('refuses registration and use on a blocked account', async () => {
    const email = DEMO_ACCOUNTS.guardian;
    const verifiedSession = await signIn(t.app, email);
    const { authenticator } = await registerPasskey(verifiedSession);
    const waiting = await signInPasswordOnly(t.app, email);
    const challenge = await authenticationChallenge(waiting);
    await t.db.update(users).set({ loginBlocked: true }).where(eq(users.email, email));
    try {
      const use = await call(waiting, 'POST', '/api/passkeys/authenticate', {
        credential: authenticator.assert(challenge),
      });
      expect(use.statusCode).toBe(401);
      expect(use.json().code).toBe('account_closed');
      const register = await call(verifiedSession, 'POST', '/api/passkeys/registration-options', {});
      expect(register.statusCode).toBe(401);
      expect(register.json().code).toBe('account_closed');
    } finally {
      await t.db.update(users).set({ loginBlocked: false }).where(eq(users.email, email));
      await removeAllPasskeys(email);
    }
  });
});

describe('hostile credentials', () => {
  const base64url = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64url') || 'AA'),
    fc.constantFrom('AA', 'o2NmbXRkbm9uZQ', 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', '_-_-'),
  );

  // Bodies that pass the schema, so the bytes reach @simplewebauthn/server and our checks: refused, never 5xx.
  it('answers a credential of arbitrary bytes with a refusal, never a server error', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.observer);
    const { authenticator } = await registerPasskey(session);
    const waiting = await signInPasswordOnly(t.app, DEMO_ACCOUNTS.observer);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ a: base64url, b: base64url, c: base64url, d: base64url, own: fc.boolean() }),
        async ({ a, b, c, d, own }) => {
          const options = await call(session, 'POST', '/api/passkeys/registration-options', {});
          const made = await call(session, 'POST', '/api/passkeys', {
            name: 'Fuzz',
            credential: {
              id: a,
              rawId: a,
              type: 'public-key',
              clientExtensionResults: {},
              response: { clientDataJSON: b, attestationObject: c, transports: ['usb'] },
            },
          });
          expect(options.statusCode).toBeLessThan(500);
          expect(made.statusCode, made.body).toBe(options.statusCode === 200 ? 422 : made.statusCode);
          await authenticationChallenge(waiting);
          const used = await call(waiting, 'POST', '/api/passkeys/authenticate', {
            credential: {
              id: own ? authenticator.id : a,
              rawId: own ? authenticator.id : a,
              type: 'public-key',
              clientExtensionResults: {},
              response: { clientDataJSON: b, authenticatorData: c, signature: d },
            },
          });
          expect(used.statusCode, used.body).toBe(422);
          expect(used.json().code).toBe('validation_failed');
        },
      ),
      { numRuns: 8 },
    );
    await removeAllPasskeys(DEMO_ACCOUNTS.observer);
  });
});
