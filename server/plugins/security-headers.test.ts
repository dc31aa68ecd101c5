import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, secureCookieName } from '../../domain/auth';
import { authAttempts } from '../db/schema';
import { AttemptKind } from '../modules/auth/limits';
import {
  anonymous,
  buildTestApp,
  cookieFrom,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  type TestSession,
} from '../testing/test-app';
import { CSP_REPORT_PATH } from './security-headers';

// Issue #23, 4 and 7: security headers on every answer, cookies for the open internet, proxy trust, and a CSRF
// token that fits only the session it was minted for.

const reportFile = path.join(os.tmpdir(), `school-csp-test-${process.pid}.jsonl`);
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  plain = await buildTestApp({ cspReportFile: reportFile });
  secure = await buildTestApp({ publicUrl: 'https://school.example', trustProxy: ['127.0.0.1'] });
});

afterAll(async () => {
  await Promise.all([plain.close(), secure.close()]);
  await rm(reportFile, { force: true });
});

describe('security headers', () => {
  it('sends a strict policy and the usual guards on calls, the app and errors alike', async () => {
    for (const url of ['/get-version-build', '/admin/', '/api/no-such-call']) {
      const answer = await plain.app.inject({ method: 'GET', url });
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain(`report-uri ${CSP_REPORT_PATH}`);
      const scripts = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
      expect(scripts, url).toBe("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['referrer-policy'], url).toBe('same-origin');
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS and upgrades requests only when the public URL is https', async () => {
    const answer = await secure.app.inject({ method: 'GET', url: '/get-version-build' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(answer.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('takes a browser report without the CSRF header and keeps it', async () => {
    const report = { 'csp-report': { 'blocked-uri': 'inline', 'violated-directive': 'script-src' } };
    const answer = await plain.app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(answer.statusCode).toBe(204);
    expect(JSON.parse((await readFile(reportFile, 'utf8')).trim())).toEqual(report);
  });
});

describe('cookies', () => {
  it('are Secure and __Host- named when the public URL is https', async () => {
    const guest = await secure.app.inject({ method: 'GET', url: '/api/csrf' });
    const token = cookieFrom(guest, secureCookieName(CSRF_COOKIE));
    expect(token).toBeDefined();
    const login = await secure.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `${secureCookieName(CSRF_COOKIE)}=${token}`, [CSRF_HEADER]: String(token) },
      payload: { email: 'admin@demo.test', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    for (const name of [SESSION_COOKIE, CSRF_COOKIE]) {
      const cookie = login.cookies.find((entry) => entry.name === secureCookieName(name));
      expect(cookie, name).toMatchObject({ secure: true, path: '/' });
      expect(cookie?.domain, name).toBeUndefined();
    }
  });

  it('are neither Secure nor prefixed on plain http (a local start)', async () => {
    const guest = await plain.app.inject({ method: 'GET', url: '/api/csrf' });
    const cookie = guest.cookies.find((entry) => entry.name === CSRF_COOKIE);
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('proxy trust', () => {
  it('takes the client address from X-Forwarded-For only when TRUST_PROXY names the peer', async () => {
    const proxied = await buildTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      // inject() connects from 127.0.0.1; the sign-in limits count failures per client address.
      for (const app of [proxied, plain]) {
        const guest = await anonymous(app.app);
        const answer = await app.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...guest.headers(), 'x-forwarded-for': '203.0.113.7' },
          payload: { email: 'nobody@demo.test', password: 'wrong-password-1' },
        });
        expect(answer.statusCode).toBe(422);
      }
      expect(await failureAddresses(proxied)).toEqual(['203.0.113.7']);
      expect(await failureAddresses(plain)).toEqual(['127.0.0.1']);
    } finally {
      await proxied.close();
    }
  });
});

async function failureAddresses(app: TestApp): Promise<string[]> {
  const rows = await app.db
    .select({ subject: authAttempts.subject })
    .from(authAttempts)
    .where(eq(authAttempts.kind, AttemptKind.loginFailureAddress));
  return [...new Set(rows.map((row) => row.subject))];
}

describe('CSRF token bound to the session', () => {
  let admin: TestSession;
  let teacher: TestSession;

  beforeAll(async () => {
    admin = await signIn(plain.app, 'admin@demo.test');
    teacher = await signIn(plain.app, 'teacher@demo.test');
  });

  const logoutWith = (session: TestSession, token: string) =>
    plain.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: `${SESSION_COOKIE}=${session.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${token}`,
        [CSRF_HEADER]: token,
      },
      payload: {},
    });

  it('refuses a matching cookie and header pair minted for another session', async () => {
    const refused = await logoutWith(admin, teacher.csrfToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('token_mismatch');
    const me = await plain.app.inject({ method: 'GET', url: '/api/me', headers: admin.headers() });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a token from before sign-in once the session exists, and hands over one that fits', async () => {
    const guest = await anonymous(plain.app);
    const refused = await logoutWith(admin, guest.csrfToken);
    expect(refused.statusCode).toBe(400);
    const fresh = refused.json().token as string;
    expect(fresh).not.toBe(guest.csrfToken);
    const me = await plain.app.inject({
      method: 'GET',
      url: '/api/csrf',
      headers: {
        cookie: `${SESSION_COOKIE}=${admin.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${guest.csrfToken}`,
      },
    });
    expect(me.json().token).not.toBe(guest.csrfToken);
    expect(cookieFrom(me, CSRF_COOKIE)).toBe(me.json().token);
  });

  it('turns the token over at sign-in', async () => {
    const guest = await anonymous(plain.app);
    const login = await plain.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guest.headers(),
      payload: { email: 'observer@demo.test', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = cookieFrom(login, CSRF_COOKIE);
    expect(token).toBeDefined();
    expect(token).not.toBe(guest.csrfToken);
  });

  it("lets the session's own token through", async () => {
    const ok = await logoutWith(teacher, teacher.csrfToken);
    expect(ok.statusCode).toBe(200);
  });
});
