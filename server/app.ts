import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../domain/limits';
import { createAccessLogRecorder } from './access-log/recorder';
import type { AppConfig } from './config';
import { createBatchLanes } from './db/batch-lane';
import { openDatabase } from './db/client';
import { seedDemoSchool } from './db/seed';
import type { AppDeps } from './deps';
import { type ChangeRelay, createChangeFeed } from './feed/change-feed';
import { createPostgresRelay } from './feed/postgres-relay';
import { createJobQueue } from './jobs/queue';
import { createMailer } from './mail/outbox';
import { logTransport, smtpTransport } from './mail-transport';
import { createMetrics } from './metrics';
import { AREA_ROUTES } from './modules/areas';
import { createSubjectRefreshQueue, refreshAndPublish } from './modules/dashboard/refresh';
import { createPasswordHasher } from './passwords';
import { registerCookies } from './plugins/cookies';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerLoadShed } from './plugins/load-shed';
import { registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { registerStaticSpa } from './plugins/static-spa';
import { zodValidatorCompiler } from './plugins/validation';
import { registerWebsocket } from './plugins/websocket';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependencies, for tests and tools that inspect the database behind the calls. */
    appDeps: AppDeps;
  }
}

/** Options of the app plugin. */
export interface SchoolAppOptions {
  config: AppConfig;
  /** Carries change events between instances; in-process when absent. */
  relay?: ChangeRelay;
  /** Receives the app's dependencies once built (tests use the database directly). */
  onDeps?: (deps: AppDeps) => void;
}

/**
 * The whole server as one Fastify plugin: database (migrated, demo-seeded when empty), error shape,
 * cookies, CSRF, sessions, socket, SPA and the calls. Everything is registered in this one context so the
 * hooks and error handler cover every route.
 */
export const schoolApp: FastifyPluginAsync<SchoolAppOptions> = async (app, { config, relay, onDeps }) => {
  const database = await openDatabase(config.database);
  app.addHook('onClose', () => database.close());
  const passwords = await createPasswordHasher(config.passwordHashing);
  await database.withStartupLock(async (db) => {
    await database.migrate();
    if (config.seedDemo) {
      await seedDemoSchool(db, {
        demoPassword: config.demoPassword,
        passwords,
        now: config.now(),
        print: config.print,
        scale: config.demoScale ?? 1,
      });
    }
  });

  // On PostgreSQL several instances may share the database, so changes travel through LISTEN/NOTIFY; PGlite
  // lives inside this one process, where the in-process relay is the whole story.
  const changeRelay =
    relay ??
    (config.database.kind === 'postgres' ? await createPostgresRelay(config.database.url) : undefined);
  const feed = createChangeFeed(changeRelay);
  app.addHook('onClose', () => feed.close());
  const metrics = createMetrics({
    database: () => database.load(),
    processMetrics: config.metrics?.processMetrics,
  });
  const transport =
    config.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom ?? 'School Admin <no-reply@school.invalid>')
      : logTransport(config.print));
  const mailer = createMailer(database.db, transport, {
    now: config.now,
    onError: (error) => app.log.error({ err: error }, 'mail send failed'),
    onOutcome: (outcome) => metrics.mail(outcome),
  });
  // A pass cut short by the database closing is only logged; the unsent rows wait for the next start.
  app.addHook('onClose', () => mailer.close());
  const cardRefresh = createSubjectRefreshQueue(
    (subjectId) =>
      metrics.job('card_refresh', () =>
        refreshAndPublish({ db: database.db, feed, now: config.now }, { subjectId }),
      ),
    (error) => app.log.error({ err: error }, 'subject card refresh failed'),
    // Under a stream of saves, refreshes take at most a quarter of the database, and a subject written over
    // and over is refreshed once in the spacing (issue #23, 8).
    { restRatio: 3, spacingMs: config.cardRefreshSpacingMs },
  );
  app.addHook('onClose', () => cardRefresh.settled());
  // PGlite runs one statement at a time, so one batch of a lane at a time; PostgreSQL's pool serves several.
  const lanes = createBatchLanes({ inFlight: config.database.kind === 'pglite' ? 1 : 4 });
  app.addHook('onClose', () => lanes.settled());
  const accessLog = createAccessLogRecorder(database.db, {
    now: config.now,
    flushMs: config.accessLogFlushMs ?? 0,
    onError: (error) =>
      app.log.error({ err: error }, 'access log write failed; the entries wait for the next flush'),
  });
  // Added after the database's hook, so it runs before it (onClose hooks run last added first): every read
  // recorded before the close is written.
  app.addHook('onClose', () => accessLog.close());
  // Handlers are registered by the modules below; the queue starts once they all are (`onReady`), and stops
  // before the database closes (onClose hooks run last added first).
  const jobs = createJobQueue(database.db, {
    now: config.now,
    metrics,
    pollMs: config.jobPollMs,
    onError: (error, job) => app.log.error({ err: error, job: job.name, jobId: job.id }, 'job failed'),
  });
  app.addHook('onClose', () => jobs.close());
  app.addHook('onReady', () => jobs.start());
  const deps: AppDeps = {
    config,
    db: database.db,
    passwords,
    feed,
    mailer,
    now: config.now,
    cardRefresh,
    lanes,
    metrics,
    accessLog,
    jobs,
  };
  onDeps?.(deps);
  app.decorate('appDeps', deps);

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of the hooks: a request shed under load is refused before any other hook reads or writes a row.
  await registerLoadShed(app, {
    config: config.loadShed,
    databaseQueue: () => database.load().queued,
    metrics,
  });
  registerMetrics(app, metrics, config.metrics);
  // JSON only: a text/plain body would otherwise reach validation as a string instead of answering 415.
  app.removeContentTypeParser('text/plain');

  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, cspReportFile: config.cspReportFile });
  await registerCookies(app, config.publicUrl);
  registerCsrf(app);
  registerSession(app, deps);
  registerIdempotency(app, deps);
  await registerWebsocket(app, { feed, db: database.db, now: config.now, config });
  await registerStaticSpa(app, { staticDir: config.staticDir });

  // Every area's calls, from the one list of them (server/modules/areas.ts).
  for (const routes of AREA_ROUTES) await app.register(routes, deps);
};

// What fastify-plugin does: the app's hooks, decorators and handlers land on the instance `buildApp` returns,
// so `app.injectWS`, the error handler and the 404 handler cover everything a caller reaches.
Object.assign(schoolApp, { [Symbol.for('skip-override')]: true });

/** `AppConfig.trustProxy` as Fastify takes it (a hop count becomes the function Fastify's types ask for). */
function fastifyTrustProxy(
  trusted: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return trusted ?? false;
}

/** Builds the Fastify instance; `main.ts` listens on it and tests call `inject`. */
export async function buildApp(
  config: AppConfig,
  options: { relay?: ChangeRelay; onDeps?: (deps: AppDeps) => void } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger,
    bodyLimit: LIMITS.maxJsonBodyBytes,
    // The first start on an empty data folder runs PGlite's initdb in WebAssembly, migrates and hashes the
    // demo passwords: far more than Fastify's 10 s default on a small machine.
    pluginTimeout: 120_000,
    // Ids in logs must not be guessable sequence numbers shared between instances.
    genReqId: () => crypto.randomUUID(),
    // Behind a reverse proxy, the client's address (sign-in limits) and scheme come from its headers, but
    // only from the proxies TRUST_PROXY names: anyone else could forge them.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  await app.register(schoolApp, { config, relay: options.relay, onDeps: options.onDeps });
  return app;
}
