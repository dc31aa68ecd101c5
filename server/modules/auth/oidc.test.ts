import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../domain/auth';
import { ProviderRefusal, returnPathOf } from '../../../domain/provider-sign-in';
import { Role } from '../../../domain/roles';
import {
  authAttempts,
  providerLinks,
  providerSignInAttempts,
  schoolSettings,
  sessions,
  students,
  universities,
  users,
} from '../../db/schema';
import {
  PROVIDER_ID_TOKEN_TTL_S,
  signInAtProvider,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../testing/oidc-provider';
import {
  buildTestApp,
  createTestClock,
  DEMO_ACCOUNTS,
  signIn,
  type TestApp,
  type TestClock,
} from '../../testing/test-app';
import { PROVIDER_ATTEMPT_TTL_MS } from './oidc';

// Issue 44: sign-in with the school's identity provider, against a real OpenID provider (oidc-provider) on
// loopback: its discovery, login page, code exchange with PKCE and signed ID tokens. The app's clock starts at
// the real time (the provider's tokens carry it) and moves only where a test says so.

const PUBLIC_URL = 'http://school.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/provider/callback`;
const ATTEMPT_COOKIE = 'provider_attempt';

let provider: TestOidcProvider;
let t: TestApp;
let clock: TestClock;

function oidcSettings(clientId = provider.client.id, clientSecret = provider.client.secret) {
  return {
    issuer: provider.issuer,
    clientId,
    clientSecret,
    emailDomains: ['demo.test'],
    labels: { ja: 'Google でログイン', vi: 'Đăng nhập bằng Google', en: 'Sign in with Google' },
  };
}

/** One browser's round trip: the start (its cookie and the provider's address), the provider, the callback. */
interface RoundTrip {
  attemptCookie: string;
  authorizationUrl: URL;
}

async function start(app: FastifyInstance, redirect?: string): Promise<RoundTrip> {
  const query = redirect === undefined ? '' : `?${new URLSearchParams({ redirect })}`;
  const response = await app.inject({ method: 'GET', url: `/api/auth/provider/start${query}` });
  expect(response.statusCode, response.body).toBe(303);
  const attemptCookie = response.cookies.find((cookie) => cookie.name === ATTEMPT_COOKIE)?.value;
  if (!attemptCookie) throw new Error('the start set no attempt cookie');
  return { attemptCookie, authorizationUrl: new URL(String(response.headers.location)) };
}

/** The callback as the browser makes it: the address the provider sent it to, with the attempt's cookie. */
async function callback(app: FastifyInstance, returned: URL, attemptCookie: string | undefined) {
  const response = await app.inject({
    method: 'GET',
    url: `${returned.pathname}${returned.search}`,
    cookies: attemptCookie ? { [ATTEMPT_COOKIE]: attemptCookie } : {},
  });
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location), PUBLIC_URL);
  return {
    response,
    location,
    session: response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value,
  };
}

/** A whole round trip as `login` at the provider; `adjust` may change the address sent to the provider. */
async function roundTrip(
  app: FastifyInstance,
  login: string,
  adjust?: (url: URL) => void,
  redirect?: string,
) {
  const trip = await start(app, redirect);
  adjust?.(trip.authorizationUrl);
  const returned = await signInAtProvider(trip.authorizationUrl.href, login, REDIRECT_URI);
  return { trip, returned, ...(await callback(app, returned, trip.attemptCookie)) };
}

function refusalOf(location: URL): string | null {
  expect(location.pathname).toBe('/admin/login');
  return location.searchParams.get('provider_error');
}

async function sessionCount(db: TestApp['db']): Promise<number> {
  return (await db.select({ id: sessions.id }).from(sessions)).length;
}

async function userCount(db: TestApp['db']): Promise<number> {
  return (await db.select({ id: users.id }).from(users)).length;
}

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [REDIRECT_URI] });
  clock = createTestClock(new Date());
  t = await buildTestApp({ publicUrl: PUBLIC_URL, now: clock.now, oidc: oidcSettings() });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('sign-in with the school identity provider', () => {
  it('tells the sign-in screen the button and its label only when a provider is configured', async () => {
    const on = await t.app.inject({ method: 'GET', url: '/api/auth/provider' });
    expect(on.json()).toEqual({ enabled: true, labels: oidcSettings().labels });
    const bare = await buildTestApp({ publicUrl: PUBLIC_URL });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/provider' })).json()).toEqual({
        enabled: false,
      });
      const started = await bare.app.inject({ method: 'GET', url: '/api/auth/provider/start' });
      expect(refusalOf(new URL(String(started.headers.location), PUBLIC_URL))).toBe(
        ProviderRefusal.notConfigured,
      );
    } finally {
      await bare.close();
    }
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, keeping them server-side', async () => {
    const { authorizationUrl } = await start(t.app);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const query = authorizationUrl.searchParams;
    expect(query.get('client_id')).toBe(provider.client.id);
    expect(query.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const [kept] = await t.db
      .select()
      .from(providerSignInAttempts)
      .where(eq(providerSignInAttempts.state, query.get('state') ?? ''));
    expect(kept?.nonce).toBe(query.get('nonce'));
    expect(kept?.usedAt).toBeNull();
  });

  it('signs a verified address of an accepted domain into its account, verified, with no mailed code', async () => {
    const mailsBefore = t.mails.length;
    const { location, session } = await roundTrip(t.app, 'teacher@demo.test');
    expect(location.pathname).toBe('/admin/login');
    expect(location.searchParams.get('provider')).toBe('signed_in');
    if (!session) throw new Error('no session cookie');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [SESSION_COOKIE]: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 1, verified_otp: true, is_trusted: false });
    expect(t.mails.length).toBe(mailsBefore);
    // The same session as a password sign-in's: in the account's sessions list, able to read school data.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/sessions',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('"current":true');
    const offline = await t.app.inject({
      method: 'GET',
      url: '/api/offline/get-data-caches',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(offline.statusCode).toBe(200);
    // Counted like a password sign-in by the limits.
    const successes = await t.db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.subject, DEMO_ACCOUNTS.teacher));
    expect(successes.some((row) => row.kind === 'login_success')).toBe(true);
  });

  it('matches the address whatever its case, and records the provider account for the admins', async () => {
    const { session } = await roundTrip(t.app, 'student@demo.test');
    expect(session).toBeDefined();
    const [student] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.student));
    const [link] = await t.db
      .select()
      .from(providerLinks)
      .where(eq(providerLinks.userId, student?.id ?? ''));
    expect(link).toMatchObject({
      issuer: provider.issuer,
      subject: 'student@demo.test',
      email: 'student@demo.test',
    });
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
    const methods = await t.app.inject({
      method: 'GET',
      url: `/api/users/${student?.id}/sign-in-methods`,
      headers: admin.headers(),
    });
    expect(methods.statusCode, methods.body).toBe(200);
    expect(methods.json()).toMatchObject({
      must_change_password: false,
      provider: { issuer: provider.issuer, subject: 'student@demo.test', email: 'student@demo.test' },
    });
    expect(methods.json().last_sign_in_at).toEqual(expect.any(String));
    // Admins only; a student may not read how an account signs in.
    const studentSession = await signIn(t.app, DEMO_ACCOUNTS.student);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/users/${student?.id}/sign-in-methods`,
      headers: studentSession.headers(),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a callback whose state is not the one kept, and the attempt cannot be used again', async () => {
    const trip = await start(t.app);
    const returned = await signInAtProvider(trip.authorizationUrl.href, 'teacher@demo.test', REDIRECT_URI);
    const forged = new URL(returned);
    forged.searchParams.set('state', 'not-the-state');
    const sessionsBefore = await sessionCount(t.db);
    const wrong = await callback(t.app, forged, trip.attemptCookie);
    expect(refusalOf(wrong.location)).toBe(ProviderRefusal.attemptInvalid);
    expect(wrong.session).toBeUndefined();
    // The attempt was spent by the wrong callback: the right one no longer opens a session either.
    const after = await callback(t.app, returned, trip.attemptCookie);
    expect(refusalOf(after.location)).toBe(ProviderRefusal.attemptInvalid);
    expect(await sessionCount(t.db)).toBe(sessionsBefore);
  });

  it('refuses a callback from another browser (no attempt cookie) and a replayed callback', async () => {
    const trip = await start(t.app);
    const returned = await signInAtProvider(trip.authorizationUrl.href, 'teacher@demo.test', REDIRECT_URI);
    const foreign = await callback(t.app, returned, undefined);
    expect(refusalOf(foreign.location)).toBe(ProviderRefusal.attemptInvalid);

    const done = await roundTrip(t.app, 'teacher@demo.test');
    expect(done.session).toBeDefined();
    const replayed = await callback(t.app, done.returned, done.trip.attemptCookie);
    expect(refusalOf(replayed.location)).toBe(ProviderRefusal.attemptInvalid);
    expect(replayed.session).toBeUndefined();
  });

  it('refuses an ID token bound to another nonce, and one replaying the nonce of an earlier sign-in', async () => {
    const sessionsBefore = await sessionCount(t.db);
    const wrong = await roundTrip(t.app, 'teacher@demo.test', (url) =>
      url.searchParams.set('nonce', 'another-nonce'),
    );
    expect(refusalOf(wrong.location)).toBe(ProviderRefusal.tokenRejected);

    const earlier = await start(t.app);
    const earlierNonce = earlier.authorizationUrl.searchParams.get('nonce') ?? '';
    const replay = await roundTrip(t.app, 'teacher@demo.test', (url) =>
      url.searchParams.set('nonce', earlierNonce),
    );
    expect(refusalOf(replay.location)).toBe(ProviderRefusal.tokenRejected);
    expect(await sessionCount(t.db)).toBe(sessionsBefore);
  });

  it('refuses an ID token addressed to another client (another audience)', async () => {
    provider.readdressIdTokens(provider.otherClient.id);
    try {
      const { location, session } = await roundTrip(t.app, 'teacher@demo.test');
      expect(refusalOf(location)).toBe(ProviderRefusal.tokenRejected);
      expect(session).toBeUndefined();
    } finally {
      provider.readdressIdTokens(undefined);
    }
  });

  it('refuses an expired ID token (the app clock past its lifetime, the attempt still valid)', async () => {
    const trip = await start(t.app);
    const returned = await signInAtProvider(trip.authorizationUrl.href, 'teacher@demo.test', REDIRECT_URI);
    // Past the token's lifetime and the library's 30 s tolerance, within the attempt's 10 minutes.
    const ahead = (PROVIDER_ID_TOKEN_TTL_S + 120) * 1000;
    expect(ahead).toBeLessThan(PROVIDER_ATTEMPT_TTL_MS);
    clock.advance(ahead);
    try {
      const { location, session } = await callback(t.app, returned, trip.attemptCookie);
      expect(refusalOf(location)).toBe(ProviderRefusal.tokenRejected);
      expect(session).toBeUndefined();
    } finally {
      // Back to the provider's time: the tokens of the tests after this one are fresh again.
      clock.advance(-ahead);
    }
  });

  it('refuses an attempt older than its 10 minutes', async () => {
    const trip = await start(t.app);
    const returned = await signInAtProvider(trip.authorizationUrl.href, 'teacher@demo.test', REDIRECT_URI);
    clock.advance(PROVIDER_ATTEMPT_TTL_MS + 1000);
    try {
      const { location } = await callback(t.app, returned, trip.attemptCookie);
      expect(refusalOf(location)).toBe(ProviderRefusal.attemptInvalid);
    } finally {
      clock.advance(-(PROVIDER_ATTEMPT_TTL_MS + 1000));
    }
  });

  it('sends a cancelled sign-in back with its reason', async () => {
    const trip = await start(t.app);
    const state = trip.authorizationUrl.searchParams.get('state') ?? '';
    const cancelled = new URL(REDIRECT_URI);
    cancelled.search = new URLSearchParams({
      error: 'access_denied',
      state,
      iss: provider.issuer,
    }).toString();
    const { location } = await callback(t.app, cancelled, trip.attemptCookie);
    expect(refusalOf(location)).toBe(ProviderRefusal.cancelled);
  });

  it('refuses an address the provider does not vouch for, another domain, an unknown and a blocked account, creating nothing', async () => {
    const usersBefore = await userCount(t.db);
    const sessionsBefore = await sessionCount(t.db);
    expect(refusalOf((await roundTrip(t.app, 'unverified@demo.test')).location)).toBe(
      ProviderRefusal.emailUnverified,
    );
    expect(refusalOf((await roundTrip(t.app, 'stranger@elsewhere.test')).location)).toBe(
      ProviderRefusal.domainRefused,
    );
    expect(refusalOf((await roundTrip(t.app, 'nobody@demo.test')).location)).toBe(ProviderRefusal.noAccount);
    await t.db.update(users).set({ loginBlocked: true }).where(eq(users.email, DEMO_ACCOUNTS.observer));
    expect(refusalOf((await roundTrip(t.app, 'observer@demo.test')).location)).toBe(
      ProviderRefusal.accountClosed,
    );
    expect(await userCount(t.db)).toBe(usersBefore);
    expect(await sessionCount(t.db)).toBe(sessionsBefore);
    expect(
      await t.db.select().from(providerLinks).where(eq(providerLinks.email, DEMO_ACCOUNTS.observer)),
    ).toEqual([]);
  });

  it('answers any query at the callback, with or without a live attempt, by a redirect to the sign-in screen (never a 5xx)', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        '\u0000',
        'a\u0000b',
        'x'.repeat(5000),
        '%',
        '<script>',
        'access_denied',
        provider.issuer,
      ),
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'code',
        'state',
        'iss',
        'error',
        'error_description',
        'session_state',
        'hd',
        '__proto__',
      ),
      fc.oneof(text, fc.array(text, { maxLength: 3 })),
    );
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (fields, withAttempt) => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(fields))
          for (const each of Array.isArray(value) ? value : [value]) search.append(name, each);
        const cookie = withAttempt ? (await start(t.app)).attemptCookie : undefined;
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/auth/provider/callback?${search}`,
          cookies: cookie ? { [ATTEMPT_COOKIE]: cookie } : {},
        });
        // A byte no query may hold (NUL) is refused before any route, like at every call, with the error shape.
        if (response.statusCode !== 303) {
          expect(response.statusCode, response.body).toBe(422);
          expect(response.json().code).toBe('validation_failed');
          return;
        }
        expect(String(response.headers.location)).toMatch(/^\/admin\/login\?provider_error=provider_/);
      }),
      { numRuns: 25 },
    );
  });

  it('sends the browser back with a reason when the provider cannot be reached', async () => {
    const away = await buildTestApp({
      publicUrl: PUBLIC_URL,
      now: clock.now,
      oidc: { ...oidcSettings(), issuer: 'http://127.0.0.1:9/' },
    });
    try {
      const started = await away.app.inject({ method: 'GET', url: '/api/auth/provider/start' });
      expect(refusalOf(new URL(String(started.headers.location), PUBLIC_URL))).toBe(
        ProviderRefusal.unavailable,
      );
    } finally {
      await away.close();
    }
  });
});

// Round trips through the provider, several per test: minutes on a loaded 2-core machine.
describe('the page first asked for, through the round trip', { timeout: 180_000 }, () => {
  it('ends a sign-in with the page the start was given, as the sign-in screen’s redirect', async () => {
    const page = '/students/5c0f7e5e-0000-4000-8000-000000000001?tab=2';
    const { location, session } = await roundTrip(t.app, 'teacher@demo.test', undefined, page);
    expect(session).toBeDefined();
    expect(location.pathname).toBe('/admin/login');
    expect(location.searchParams.get('provider')).toBe('signed_in');
    expect(location.searchParams.get('redirect')).toBe(page);
    // Kept on the server with the attempt, never in a cookie or at the provider.
    const trip = await start(t.app, page);
    expect(trip.authorizationUrl.href).not.toContain('students');
  });

  it('keeps no page that could leave the app: another site, a scheme, a backslash, a control character, a climb out of the base', async () => {
    const hostile = [
      '//evil.test/admin',
      '///evil.test',
      '/\\evil.test',
      '/\\/evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      '/\t/evil.test',
      '/\n/evil.test',
      ' /students',
      '/../evil',
      '/%2e%2e/evil',
      '/login',
      'students',
      `/${'x'.repeat(3000)}`,
    ];
    for (const redirect of hostile) {
      const { location, session } = await roundTrip(t.app, 'teacher@demo.test', undefined, redirect);
      expect(session, redirect).toBeDefined();
      expect(location.origin, redirect).toBe(PUBLIC_URL);
      expect(location.pathname, redirect).toBe('/admin/login');
      expect(location.searchParams.get('redirect'), redirect).toBeNull();
    }
  });

  it('answers any start query by a redirect to the provider or the sign-in screen, keeping only app paths (never a 5xx)', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.webUrl(),
      fc.constantFrom('//', '/\\', '/\u0000', '/ok', '/a/../b', '/%2F%2Fevil', '\u0085/x'),
      fc.string({ maxLength: 20 }).map((tail) => `/${tail}`),
    );
    await fc.assert(
      fc.asyncProperty(text, async (redirect) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/auth/provider/start?${new URLSearchParams({ redirect })}`,
        });
        if (response.statusCode !== 303) {
          // A NUL byte is refused before any route, with the error shape.
          expect(response.statusCode, response.body).toBe(422);
          return;
        }
        expect(String(response.headers.location)).toMatch(new RegExp(`^${provider.issuer}/`));
        const state = new URL(String(response.headers.location)).searchParams.get('state') ?? '';
        const [kept] = await t.db
          .select({ returnPath: providerSignInAttempts.returnPath })
          .from(providerSignInAttempts)
          .where(eq(providerSignInAttempts.state, state));
        expect(kept?.returnPath).toBe(returnPathOf(redirect));
        if (kept?.returnPath) {
          expect(kept.returnPath.startsWith('/') && !kept.returnPath.startsWith('//')).toBe(true);
          expect(new URL(kept.returnPath, PUBLIC_URL).origin).toBe(PUBLIC_URL);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the school’s setting: students created on a first provider sign-in', { timeout: 180_000 }, () => {
  async function liveUniversityId(): Promise<string> {
    const [university] = await t.db
      .select({ id: universities.id })
      .from(universities)
      .where(eq(universities.deleted, false))
      .limit(1);
    if (!university) throw new Error('the test school has no university');
    return university.id;
  }

  async function setSetting(on: boolean, universityId: string | null) {
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
    return t.app.inject({
      method: 'POST',
      url: '/api/school-settings',
      headers: admin.headers(),
      payload: { provider_creates_students: on, provider_student_university_id: universityId },
    });
  }

  async function accountByEmail(email: string) {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return user;
  }

  it('is off by default, read and changed by admins alone, and names a live university when on', async () => {
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
    const read = await t.app.inject({ method: 'GET', url: '/api/school-settings', headers: admin.headers() });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ provider_creates_students: false, provider_student_university_id: null });
    for (const who of [DEMO_ACCOUNTS.teacher, DEMO_ACCOUNTS.student, DEMO_ACCOUNTS.superAdmin]) {
      const session = await signIn(t.app, who);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/school-settings',
        headers: session.headers(),
        payload: {
          provider_creates_students: true,
          provider_student_university_id: await liveUniversityId(),
        },
      });
      expect(refused.statusCode, who).toBe(403);
      const unread = await t.app.inject({
        method: 'GET',
        url: '/api/school-settings',
        headers: session.headers(),
      });
      expect(unread.statusCode, who).toBe(403);
    }
    const without = await setSetting(true, null);
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toEqual({ provider_student_university_id: ['required'] });
    const unknown = await setSetting(true, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ provider_student_university_id: ['invalid'] });
    expect(await t.db.select().from(schoolSettings)).toEqual([]);
  });

  it('off (the default): an unknown address is refused and nothing is created', async () => {
    const usersBefore = await userCount(t.db);
    const { location, session } = await roundTrip(t.app, 'new-student@demo.test');
    expect(refusalOf(location)).toBe(ProviderRefusal.noAccount);
    expect(session).toBeUndefined();
    expect(await userCount(t.db)).toBe(usersBefore);
    expect(await accountByEmail('new-student@demo.test')).toBeUndefined();
  });

  it('on: a verified address of an accepted domain with no account becomes a student, signed in, once', async () => {
    const universityId = await liveUniversityId();
    const set = await setSetting(true, universityId);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      provider_creates_students: true,
      provider_student_university_id: universityId,
    });
    try {
      const usersBefore = await userCount(t.db);
      const first = await roundTrip(t.app, 'new-student@demo.test');
      expect(first.location.searchParams.get('provider')).toBe('signed_in');
      if (!first.session) throw new Error('no session for the new student');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        cookies: { [SESSION_COOKIE]: first.session },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ role: Role.student, name: 'Nguyễn Văn An', verified_otp: true });
      const created = await accountByEmail('new-student@demo.test');
      expect(created).toMatchObject({
        role: Role.student,
        name: 'Nguyễn Văn An',
        locale: 'vi',
        loginBlocked: false,
      });
      const [profile] = await t.db
        .select()
        .from(students)
        .where(eq(students.userId, created?.id ?? ''));
      expect(profile).toMatchObject({ universityId, identity: 'new-student@demo.test' });
      // The admins find the new student on their list, to complete the record.
      const admin = await signIn(t.app, DEMO_ACCOUNTS.admin);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/students/${profile?.id}`,
        headers: admin.headers(),
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toMatchObject({ name: 'Nguyễn Văn An', email: 'new-student@demo.test' });

      // The second sign-in finds the account made by the first.
      const again = await roundTrip(t.app, 'new-student@demo.test');
      expect(again.session).toBeDefined();
      expect(await userCount(t.db)).toBe(usersBefore + 1);

      // A name in parts; a language the product lacks is Japanese.
      const parts = await roundTrip(t.app, 'name-parts@demo.test');
      expect(parts.session).toBeDefined();
      expect(await accountByEmail('name-parts@demo.test')).toMatchObject({
        role: Role.student,
        name: 'Hana Sato',
        locale: 'ja',
      });
      expect(await userCount(t.db)).toBe(usersBefore + 2);
    } finally {
      await setSetting(false, null);
    }
  });

  it('on: a blocked account stays refused, another domain and an unverified address create nothing, and off again refuses', async () => {
    await setSetting(true, await liveUniversityId());
    try {
      const usersBefore = await userCount(t.db);
      await t.db.update(users).set({ loginBlocked: true }).where(eq(users.email, 'new-student@demo.test'));
      expect(refusalOf((await roundTrip(t.app, 'new-student@demo.test')).location)).toBe(
        ProviderRefusal.accountClosed,
      );
      await t.db.update(users).set({ loginBlocked: true }).where(eq(users.email, DEMO_ACCOUNTS.observer));
      const blockedStaff = await roundTrip(t.app, 'observer@demo.test');
      expect(refusalOf(blockedStaff.location)).toBe(ProviderRefusal.accountClosed);
      expect(await accountByEmail(DEMO_ACCOUNTS.observer)).toMatchObject({ role: Role.observer });
      expect(refusalOf((await roundTrip(t.app, 'stranger@elsewhere.test')).location)).toBe(
        ProviderRefusal.domainRefused,
      );
      expect(refusalOf((await roundTrip(t.app, 'unverified@demo.test')).location)).toBe(
        ProviderRefusal.emailUnverified,
      );
      expect(await userCount(t.db)).toBe(usersBefore);
    } finally {
      await setSetting(false, null);
      await t.db.update(users).set({ loginBlocked: false }).where(eq(users.email, 'new-student@demo.test'));
    }
    expect(refusalOf((await roundTrip(t.app, 'nobody@demo.test')).location)).toBe(ProviderRefusal.noAccount);
    expect(await accountByEmail('nobody@demo.test')).toBeUndefined();
    const [kept] = await t.db
      .select()
      .from(schoolSettings)
      .where(and(eq(schoolSettings.id, 1), eq(schoolSettings.providerCreatesStudents, false)));
    expect(kept).toBeDefined();
  });
});
