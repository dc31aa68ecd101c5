import path from 'node:path';
import { z } from 'zod';
import { invalidRanges } from './address-ranges';
import type { MailTransport } from './mail-transport';
import { type OidcConfig, oidcConfigOf } from './oidc-config';

/** Where the data lives: embedded PGlite (in a folder, or in memory when `dataDir` is undefined) or PostgreSQL. */
export type DatabaseConfig =
  /**
   * `startFrom`: a dumped data folder an in-memory database starts as (tests: one migrated template).
   * `ownThread`: PGlite runs on a worker thread, off the thread that serves requests (the server's setting;
   * tests open many small databases and keep them on theirs).
   */
  | { kind: 'pglite'; dataDir: string | undefined; startFrom?: Blob; ownThread?: boolean }
  | { kind: 'postgres'; url: string };

/** Cost of argon2id; production keeps the library defaults, tests lower them to stay fast. */
export interface PasswordHashingConfig {
  memoryCost?: number;
  timeCost?: number;
}

/** Who may read `GET /metrics`: clients from these addresses, or any client with the bearer token. */
export interface MetricsConfig {
  /** Addresses and CIDR ranges (`METRICS_ALLOW`); loopback only by default. */
  allow: readonly string[];
  /** A bearer token that opens it from anywhere (`METRICS_TOKEN`); none by default. */
  token?: string;
  /** Also report the process's own figures (memory, CPU, event loop lag, GC); the server does, tests not. */
  processMetrics?: boolean;
}

/**
 * When the server answers 503 with `Retry-After` instead of taking more work (`@fastify/under-pressure`).
 * A limit of 0 is not checked. Health, readiness and metrics are always answered.
 */
export interface LoadShedConfig {
  /** Mean event-loop delay over a sample, ms (`LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS`). */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation over a sample, 0–1 (`LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION`). */
  maxEventLoopUtilization: number;
  /** Statements waiting for or running on the database (`LOAD_SHED_MAX_DB_QUEUE`). */
  maxDatabaseQueue: number;
  /** What `Retry-After` says, seconds (`LOAD_SHED_RETRY_AFTER_S`). */
  retryAfterSeconds: number;
  /** How often the event loop and the database queue are sampled, ms; 1000 and 250 when absent. */
  eventLoopSampleMs?: number;
  databaseSampleMs?: number;
}

/** The loopback addresses: where `/metrics` answers unless `METRICS_ALLOW` says otherwise. */
export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'] as const;

/** Everything `buildApp` needs; `loadConfig` fills it from the environment, tests build it directly. */
export interface AppConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  smtpUrl: string | undefined;
  /** Sender of outgoing mail. */
  mailFrom?: string;
  /** Where mail goes instead of SMTP or the log (tests pass a mailbox). */
  mailTransport?: MailTransport;
  /** Where uploaded files (avatars) are kept; a folder under the OS temp folder when absent. */
  storageDir?: string;
  /**
   * The origin mailed links point at (`PUBLIC_URL`); never taken from a request's Host header. It is also the
   * passkeys' relying party: its host their id, its origin the one a passkey answers for.
   */
  publicUrl?: string;
  /** The name a device shows when it saves a passkey of this app (`PASSKEY_RP_NAME`). */
  passkeyRpName?: string;
  demoPassword: string;
  staticDir: string;
  /** Seed the demo school when the database has no users. */
  seedDemo: boolean;
  /** Size of that demo school (server/db/seed.ts); 1 when absent. Tests use 0: accounts and master data only. */
  demoScale?: number;
  /** Pino logger options, or false for silence (tests). */
  logger: boolean | { level: string };
  passwordHashing: PasswordHashingConfig;
  /** The clock sessions and timestamps use; tests inject one to move time. */
  now: () => Date;
  /** Where the seed prints the demo accounts. */
  print: (line: string) => void;
  /** Period of the sticky refresh job; absent (tests) means no timer. */
  stickyRefreshMs?: number;
  /**
   * A subject's cards are refreshed after writes to its marks and scores at most once in this many ms (the
   * first write at once, those that follow within it together); absent (tests) means no spacing.
   */
  cardRefreshSpacingMs?: number;
  /**
   * The coding-practice service the events' rankings come from (`CODING_SERVICE_URL`, `CODING_SERVICE_TOKEN`);
   * absent, rankings are only those imported here.
   */
  codingService?: { url: string; token: string | undefined };
  /** Period of the ranking fetch job; absent (tests) or without a service means no timer. */
  rankingRefreshMs?: number;
  /** A file each Content Security Policy report is appended to (`CSP_REPORT_FILE`; the e2e run checks it). */
  cspReportFile?: string;
  /**
   * Which proxies in front are trusted for the client address and scheme (`TRUST_PROXY`): false (none, the
   * default), true (any), a hop count, or addresses/CIDR ranges. Fastify's `trustProxy`.
   */
  trustProxy?: boolean | number | string[];
  /**
   * How long a session lives after its sign-in however busy it is (`SESSION_LIFETIME_DAYS`), beside the idle
   * limit; 30 days when absent.
   */
  sessionLifetimeMs?: number;
  /**
   * How often each instance checks that its sockets' sessions still live (an ended session closes its socket
   * at once when the ending is announced; the check catches expiry, and endings it missed); 5 s when absent.
   */
  socketSessionCheckMs?: number;
  /** Who may read `/metrics`; loopback only when absent. */
  metrics?: MetricsConfig;
  /** When to shed load; absent (tests), nothing is shed. */
  loadShed?: LoadShedConfig;
  /**
   * How long a read waits in the access log's buffer for others to share its transaction, ms
   * (`ACCESS_LOG_FLUSH_MS`); 0 when absent (tests): written on the next turn of the event loop.
   */
  accessLogFlushMs?: number;
  /**
   * How many days after a student leaves (their account deactivated) their identity is kept before the
   * nightly erasure replaces it (`ERASURE_AFTER_DAYS`, docs/access-log.md); absent or 0: never erased.
   */
  erasureAfterDays?: number;
  /**
   * How often the job queue looks for due jobs, ms (server/jobs/queue.ts); absent (tests), jobs run only when
   * a test asks (`deps.jobs.runDue()`), so the hundreds of apps a unit run builds start no timer.
   */
  jobPollMs?: number;
  /**
   * How long after a child is marked absent or late their guardians are told, ms (`ABSENCE_NOTICE_DELAY_MINUTES`):
   * a mark corrected within it sends nothing, and the day's sittings marked within it go in one notice;
   * 10 minutes when absent.
   */
  absenceNoticeDelayMs?: number;
  /**
   * A certificate (PEM) the Web Push sender trusts beside the system's: the tests' stand-in push service signs
   * its own; absent, only the usual authorities.
   */
  pushTrustedCa?: string;
  /** Sign-in with the school's identity provider (`OIDC_*`); absent, the sign-in screen shows no button. */
  oidc?: OidcConfig;
}

/** The name devices show for this app's passkeys unless `PASSKEY_RP_NAME` gives another. */
export const DEFAULT_PASSKEY_RP_NAME = 'School Admin';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  DEMO_PASSWORD: z.string().min(8, 'must have at least 8 characters').default('demo-2026'),
  DEMO_SCALE: z.coerce.number().int().min(0).max(100).default(1),
  MAIL_FROM: z.string().min(3).default('School Admin <no-reply@school.invalid>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  PASSKEY_RP_NAME: z
    .string()
    .trim()
    .min(1)
    .max(64, 'must be at most 64 characters')
    .default(DEFAULT_PASSKEY_RP_NAME),
  CODING_SERVICE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  CODING_SERVICE_TOKEN: z.string().min(1).optional(),
  RANKING_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  CARD_REFRESH_SPACING_MS: z.coerce.number().int().min(0).default(10_000),
  CSP_REPORT_FILE: z.string().min(1).optional(),
  SESSION_LIFETIME_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be more than 0 days')
    .max(365, 'must be at most 365 days')
    .default(30),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be true, false, a hop count, or comma-separated addresses or CIDR ranges',
    })
    .optional(),
  METRICS_ALLOW: z
    .string()
    .refine((list) => invalidRanges(list).length === 0, {
      error: 'must be comma-separated addresses or CIDR ranges',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce
    .number()
    .min(0)
    .max(1, 'must be a fraction from 0 to 1')
    // Off unless set: a loop busy all second may still answer promptly (the first sync of a school keeps it
    // so); lag and the database queue are what make answers late.
    .default(0),
  LOAD_SHED_MAX_DB_QUEUE: z.coerce.number().int().min(0).default(500),
  LOAD_SHED_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
  ACCESS_LOG_FLUSH_MS: z.coerce.number().int().min(0).max(10_000).default(200),
  ERASURE_AFTER_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(0).default(1095),
  ABSENCE_NOTICE_DELAY_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0, 'must be 0 minutes or more')
    .max(24 * 60, 'must be at most 1440 minutes (a day)')
    .default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const DAY_MS = 24 * 60 * 60 * 1000;
// A second between looks for due jobs: a notice waits minutes by design, so a second more is nothing, and an
// idle server asks one small indexed query a second.
const JOB_POLL_MS = 1000;

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; empty strings count as unset so `FOO=` falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  const oidc = oidcConfigOf(present);
  if (!parsed.success || !oidc.ok) {
    const lines = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
      ...(oidc.ok ? [] : oidc.issues),
    ].map((line) => `  ${line}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  return {
    accessLogFlushMs: vars.ACCESS_LOG_FLUSH_MS,
    erasureAfterDays: vars.ERASURE_AFTER_DAYS,
    host: vars.HOST,
    port: vars.PORT,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(vars.DATA_DIR, 'pglite'), ownThread: true },
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    passkeyRpName: vars.PASSKEY_RP_NAME,
    demoPassword: vars.DEMO_PASSWORD,
    staticDir: path.resolve(vars.STATIC_DIR),
    storageDir: path.resolve(vars.DATA_DIR, 'storage'),
    seedDemo: true,
    demoScale: vars.DEMO_SCALE,
    logger: { level: vars.LOG_LEVEL },
    passwordHashing: {},
    now: () => new Date(),
    print: (line) => process.stdout.write(`${line}\n`),
    stickyRefreshMs: 5 * 60_000,
    cardRefreshSpacingMs: vars.CARD_REFRESH_SPACING_MS,
    codingService: vars.CODING_SERVICE_URL
      ? { url: vars.CODING_SERVICE_URL, token: vars.CODING_SERVICE_TOKEN }
      : undefined,
    rankingRefreshMs: vars.RANKING_REFRESH_MS,
    cspReportFile: vars.CSP_REPORT_FILE,
    trustProxy: trustProxyOf(vars.TRUST_PROXY),
    sessionLifetimeMs: vars.SESSION_LIFETIME_DAYS * DAY_MS,
    jobPollMs: JOB_POLL_MS,
    absenceNoticeDelayMs: Math.round(vars.ABSENCE_NOTICE_DELAY_MINUTES * 60_000),
    oidc: oidc.config,
    metrics: {
      allow: vars.METRICS_ALLOW?.split(',').map((range) => range.trim()) ?? [...LOOPBACK_RANGES],
      token: vars.METRICS_TOKEN,
      processMetrics: true,
    },
    loadShed: {
      maxEventLoopDelayMs: vars.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: vars.LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxDatabaseQueue: vars.LOAD_SHED_MAX_DB_QUEUE,
      retryAfterSeconds: vars.LOAD_SHED_RETRY_AFTER_S,
    },
  };
}

/** `TRUST_PROXY` as Fastify takes it. */
function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

/** The origin of links the app mails (reset links, notification links): never taken from a request. */
export function appPublicUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}
