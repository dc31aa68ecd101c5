import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../domain/auth';
import { buildApp } from '../app';
import type { AppConfig, DatabaseConfig } from '../config';
import type { Database } from '../db/client';
import { createLocalRelay } from '../feed/change-feed';
import { SIGN_IN_CODE_PATTERN } from '../mail/templates';
import type { MailTransport, OutgoingMail } from '../mail-transport';

/** One demo account of each role of SPEC §1 (the seed's named accounts), for role-by-call tables. */
export const DEMO_ACCOUNTS = {
  observer: 'observer@demo.test',
  teacher: 'teacher@demo.test',
  admin: 'admin@demo.test',
  superAdmin: 'super@demo.test',
  student: 'student@demo.test',
  guardian: 'guardian@demo.test',
} as const;

/** The password of every demo account in tests. */
export const TEST_PASSWORD = 'demo-test-2026';

/** A clock tests can move. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A built app on a throwaway database, with what tests need to inspect it. */
export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  /** Lines the app printed (the seed's account table). */
  printed: string[];
  /** Mail the app sent, in order. */
  mails: OutgoingMail[];
  /** The app's database, for arranging rows and checking that nothing changed. */
  db: Database;
  close(): Promise<void>;
}

/** A mailbox a test app sends to; `signIn` reads sign-in codes from it. */
const mailboxes = new WeakMap<FastifyInstance, OutgoingMail[]>();

/** A transport that keeps mail in memory. */
export function memoryTransport(mails: OutgoingMail[]): MailTransport {
  return {
    async send(mail) {
      mails.push(mail);
    },
  };
}

/**
 * Waits until a mail to `to` matching `pattern` arrives (the outbox sends after the call answered) and
 * returns the first capture group of the latest such mail.
 */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  pattern: RegExp,
  options: { after?: number } = {},
): Promise<string> {
  const mails = mailboxes.get(app);
  if (!mails) throw new Error('not a test app');
  for (let round = 0; round < 500; round += 1) {
    const found = mails
      .slice(options.after ?? 0)
      .filter((mail) => mail.to === to)
      .map((mail) => pattern.exec(mail.text)?.[1])
      .filter((value): value is string => value !== undefined)
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** How many mails the app sent so far. */
export function mailCount(app: FastifyInstance): number {
  return mailboxes.get(app)?.length ?? 0;
}

/** The code of a sign-in mail. */
export const OTP_PATTERN = SIGN_IN_CODE_PATTERN;

/** A throwaway database: in-memory PGlite, or a fresh database on TEST_DATABASE_URL's server. */
export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

let template: Promise<Blob> | null = null;

/** The migrated PGlite the run's global set-up dumped (server/testing/pglite-template.global.ts). */
export function migratedTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * Opens a test database. With `TEST_DATABASE_URL` set it creates a uniquely named database on that server
 * (and drops it afterwards), so suites can run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const startFrom = await migratedTemplate();
    return { config: { kind: 'pglite', dataDir: undefined, startFrom }, drop: async () => undefined };
  }

  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A clock starting at a fixed instant. */
export function createTestClock(start = new Date('2026-04-01T09:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

/** Builds the app the way production does, on a throwaway database, cheap argon2 and an empty build folder. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: {
    databaseRelay?: boolean;
    /** A database of the test's own (a restart: the next app opens it again); the test drops it. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const staticDir = await mkdtemp(path.join(os.tmpdir(), 'school-static-'));
  const clock = createTestClock();
  const printed: string[] = [];
  const mails: OutgoingMail[] = [];
  const config: AppConfig = {
    host: '127.0.0.1',
    port: 0,
    database: database.config,
    smtpUrl: undefined,
    demoPassword: TEST_PASSWORD,
    staticDir,
    seedDemo: true,
    // Named accounts and master data only: tests build the rows they need with factories (ARCHITECTURE §6).
    demoScale: 0,
    logger: false,
    // The lowest cost argon2 accepts: tests check behaviour, not hash strength.
    passwordHashing: { memoryCost: 64, timeCost: 1 },
    now: clock.now,
    print: (line) => printed.push(line),
    mailTransport: memoryTransport(mails),
    publicUrl: 'http://school.test',
    storageDir: path.join(staticDir, 'storage'),
    ...overrides,
  };
  let db: Database | undefined;
  const app = await buildApp(config, {
    // The in-process relay even on PostgreSQL, so a test hears a change by the time the call that made it
    // returns (LISTEN/NOTIFY delivers later, on its own connection); `databaseRelay` keeps the production
    // relay for the tests of two instances on one database.
    relay: options.databaseRelay ? undefined : createLocalRelay(),
    onDeps: (deps) => {
      db = deps.db;
    },
  });
  mailboxes.set(app, mails);
  if (!db) throw new Error('app built without a database');
  await app.ready();
  return {
    app,
    config,
    clock,
    printed,
    mails,
    db,
    async close() {
      await app.close();
      if (ownDatabase) await database.drop();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}

/** The cookies and CSRF token of a client. */
export interface TestSession {
  cookies: Record<string, string>;
  csrfToken: string;
  /** Headers for a state-changing call: both cookies and the CSRF header. */
  headers(): Record<string, string>;
}

/** The value of a Set-Cookie in a response, if set. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

function sessionOf(cookies: Record<string, string>, csrfToken: string): TestSession {
  return {
    cookies,
    csrfToken,
    headers: () => ({
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      [CSRF_HEADER]: csrfToken,
    }),
  };
}

/** A signed-out client that holds a CSRF token, as a browser has after its first GET. */
export async function anonymous(app: FastifyInstance): Promise<TestSession> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf' });
  const token = cookieFrom(response, CSRF_COOKIE);
  if (!token) throw new Error('no csrf cookie');
  return sessionOf({ [CSRF_COOKIE]: token }, token);
}

/**
 * Signs in through the API (csrf, login, then the mailed two-step code unless the device is trusted) and
 * returns the client's cookies and token.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  options: { verify?: boolean } = {},
): Promise<TestSession> {
  const mailsBefore = mailCount(app);
  const session = await signInPasswordOnly(app, email, password);
  if (options.verify === false) return session;
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: session.headers() });
  if (me.json().verified_otp === true) return session;
  const code = await waitForMail(app, email, OTP_PATTERN, { after: mailsBefore });
  const verified = await app.inject({
    method: 'POST',
    url: '/api/verify-otp',
    headers: session.headers(),
    payload: { code, trust_device: false },
  });
  if (verified.statusCode !== 200) throw new Error(`verify-otp ${email} failed: ${verified.body}`);
  return session;
}

/** The password step alone: a session still waiting for its code. */
export async function signInPasswordOnly(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<TestSession> {
  const guest = await anonymous(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: guest.headers(),
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  const sid = cookieFrom(response, SESSION_COOKIE);
  const csrf = cookieFrom(response, CSRF_COOKIE);
  if (!sid || !csrf) throw new Error('login set no cookies');
  return sessionOf({ [SESSION_COOKIE]: sid, [CSRF_COOKIE]: csrf }, csrf);
}
