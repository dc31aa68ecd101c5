import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/errors';
import type { MasterDoc } from '../../domain/sync-docs';
import { pullAll } from '../testing/calls';
import {
  buildTestApp,
  createTestDatabase,
  signIn,
  type TestApp,
  type TestDatabase,
  type TestSession,
} from '../testing/test-app';
import { METRICS_PATH } from './metrics';

// More than this many statements waiting for the database and the server sheds load.
const MAX_QUEUE = 2;
const RETRY_AFTER_S = 3;

let database: TestDatabase;
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({
    // PGlite on a thread of its own, as the server runs it: its queue is what load shed watches.
    database: database.config.kind === 'pglite' ? { ...database.config, ownThread: true } : database.config,
    loadShed: {
      // Only the database's queue: the event loop of a busy test machine must not decide the outcome.
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxDatabaseQueue: MAX_QUEUE,
      retryAfterSeconds: RETRY_AFTER_S,
      databaseSampleMs: 10,
    },
  });
  admin = await signIn(t.app, 'admin@demo.test');
});

afterAll(async () => {
  await t.close();
  await database.drop();
});

function university(name: string): MasterDoc {
  return {
    id: randomUUID(),
    kind: 'universities',
    name,
    universityId: null,
    facultyId: null,
    subjectNameId: null,
    color: null,
    startDate: null,
    endDate: null,
    updatedAt: 0,
    _deleted: false,
  };
}

function pushRows(app: FastifyInstance, rows: MasterDoc[]): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/sync/master/push',
    headers: admin.headers(),
    payload: { rows: rows.map((doc) => ({ newDocumentState: doc, assumedMasterState: null })) },
  });
}

/** Sends `send` every 20 ms until `until` holds of its answer; fails naming `what` after 10 s. */
async function sendUntil(
  what: string,
  send: () => Promise<LightMyRequestResponse>,
  until: (response: LightMyRequestResponse) => boolean,
): Promise<LightMyRequestResponse> {
  for (let round = 0; round < 500; round += 1) {
    const response = await send();
    if (until(response)) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited 10 s for ${what}`);
}

describe('load shed', () => {
  it('answers 503 with Retry-After while the database is saturated, keeps health answering, and takes the push once it calms', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => university(`Shed U ${index}`));

    // Long statements hold the database while more wait behind them: the queue is past its limit.
    // (A drizzle query runs when it is awaited: `Promise.resolve` starts each one now.)
    const saturating = Array.from({ length: MAX_QUEUE + 2 }, () =>
      Promise.resolve(t.db.execute(sql`select pg_sleep(0.5)`)),
    );
    // The queue is sampled every few ms: a call that needs no database says when the server has seen it.
    await sendUntil(
      'the server to see the saturated database',
      () => t.app.inject({ method: 'GET', url: '/get-version-build' }),
      (response) => response.statusCode === 503,
    );
    const refused = await pushRows(t.app, rows);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_S));
    expect(refused.json()).toMatchObject({ code: ErrorCode.serverBusy });
    // A load balancer still hears that the process lives, and the operator still sees why.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/school_load_shed_total\{reason="database_queue"\} [1-9]/);

    await Promise.all(saturating);
    // The client sends the same rows again after the wait, as a sync worker does.
    const taken = await sendUntil(
      'the push taken once the database calmed',
      () => pushRows(t.app, rows),
      (response) => response.statusCode !== 503,
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json().conflicts).toEqual([]);
    const stored = (await pullAll(t.app, admin, null, 1000)).documents;
    for (const row of rows) {
      expect(stored.find((doc) => doc.id === row.id)).toMatchObject({ name: row.name, _deleted: false });
    }
  }, 60_000);
});
