import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendanceStatus } from '../../domain/attendance';
import { ErrorCode } from '../../domain/errors';
import type { SyncActor } from '../../server/sync/engine';
import { createTaughtSchool, markOf, type SchoolFixture } from '../../server/testing/school-fixture';
import { createTestDatabase, type TestApp, type TestDatabase } from '../../server/testing/test-app';
import type { FetchLike } from '../../src/sync/http';
import {
  allSent,
  openAttendanceDevice,
  replicateAttendance,
  serverMark,
  startLiveAppAsAdmin,
  withCookie,
} from './live-app';

// Issue 46, "Done when": a test that saturates the database thread and sees 503s, then the sync worker's
// writes all land. The real server sheds load on its database queue (`@fastify/under-pressure`,
// server/plugins/load-shed.test.ts shows the answer); here the app's own replication (src/sync) pushes a
// device's marks into it while the database is held, is refused with Retry-After, waits, and sends them again
// until every mark is on the server, none lost and none left waiting on the device.

// More than this many statements waiting for the database and the server sheds load.
const MAX_QUEUE = 2;
const RETRY_AFTER_S = 1;
const MARKS = 3;

let database: TestDatabase;
let t: TestApp;
let appUrl: string;
let admin: SyncActor;
let session: { cookie: string; csrf: string };
const schools: SchoolFixture[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({
    t,
    url: appUrl,
    admin,
    session,
  } = await startLiveAppAsAdmin({
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
  }));
  for (let index = 0; index < MARKS; index += 1) schools.push(await createTaughtSchool(t.app.appDeps.db));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

/** Asks `probe` every 20 ms until it holds; fails naming `what` after `ms`. */
async function waitFor(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a device syncing while the server sheds load', () => {
  it('is refused with 503 and Retry-After while the database thread is saturated, then every mark it wrote lands', async () => {
    const device = await openAttendanceDevice(`load-shed-${Date.now()}`);
    // Every push the device's worker sends, and the answers it got: the real fetch, with the admin's cookie.
    const pushes: { status: number; retryAfter: string | null; code?: string }[] = [];
    const fetchImpl: FetchLike = async (input, init) => {
      const response = await withCookie(session.cookie)(input, init);
      if (!input.includes('/push')) return response;
      const copy = response.clone();
      const answer = response.status === 503 ? ((await copy.json()) as { code?: string }) : {};
      pushes.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        ...(answer.code ? { code: answer.code } : {}),
      });
      return response;
    };
    const replication = replicateAttendance(device, { url: appUrl, fetchImpl, csrf: session.csrf });
    try {
      await replication.state.awaitInitialReplication();

      // Long statements hold the database while more wait behind them: the queue is past its limit for about
      // three seconds, long enough for the device's push. PGlite's thread runs them one after another;
      // PostgreSQL's pool runs them side by side, so each sleeps the whole time there.
      // (A drizzle query runs when it is awaited: `Promise.resolve` starts each one now.)
      const sleepS = database.config.kind === 'postgres' ? 3 : 0.5;
      const saturating = Array.from({ length: MAX_QUEUE + 4 }, () =>
        Promise.resolve(t.db.execute(sql`select pg_sleep(${sleepS})`)),
      );
      await waitFor('the server to see the saturated database', 10_000, async () => {
        const answer = await t.app.inject({ method: 'GET', url: '/get-version-build' });
        return answer.statusCode === 503;
      });

      // The teacher marks three students late on the device while the server is shedding load.
      const marks = schools.map((school) =>
        markOf(school, { status: AttendanceStatus.late, lateMinutes: 5 }),
      );
      for (const mark of marks) {
        const { _deleted, ...stored } = mark;
        await device.attendance.insert(stored);
      }
      await waitFor('a push refused while the database is saturated', 10_000, async () =>
        pushes.some((push) => push.status === 503),
      );
      await Promise.all(saturating);

      await waitFor('every mark to leave the device', 60_000, async () => {
        await allSent(device);
        return true;
      });
      replication.reSync();
      await replication.state.awaitInSync();

      const refused = pushes.filter((push) => push.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]).toEqual({
        status: 503,
        retryAfter: String(RETRY_AFTER_S),
        code: ErrorCode.serverBusy,
      });
      expect(pushes.at(-1)?.status).toBe(200);
      for (const mark of marks) {
        expect(await serverMark(t, admin, mark.id)).toMatchObject({
          status: AttendanceStatus.late,
          lateMinutes: 5,
          _deleted: false,
        });
      }
    } finally {
      await replication.cancel();
      await device.remove();
    }
  }, 120_000);
});
