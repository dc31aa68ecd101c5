import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../domain/auth';
import { ProviderRefusal } from '../../../domain/provider-sign-in';
import { authAttempts, providerLinks, providerSignInAttempts, sessions, users } from '../../db/schema';
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

async function start(app: FastifyInstance): Promise<RoundTrip> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/provider/start' });
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
async function roundTrip(app: FastifyInstance, login: string, adjust?: (url: URL) => void) {
  const trip = await start(app);
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
