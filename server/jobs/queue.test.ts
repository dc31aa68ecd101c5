import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createDurableTestDatabase } from '../testing/durable-database';
import { buildTestApp, createTestClock, type TestApp } from '../testing/test-app';

const MINUTE = 60_000;

describe('job queue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('runs a job once its time has come, by the app clock, and deletes it', async () => {
    const queue = t.app.appDeps.jobs;
    const seen: unknown[] = [];
    queue.handle<{ n: number }>('test_later', async (payload) => {
      seen.push(payload.n);
    });
    expect(
      await queue.enqueue(t.db, {
        name: 'test_later',
        payload: { n: 7 },
        runAt: new Date(t.clock.now().getTime() + 5 * MINUTE),
      }),
    ).toBe(true);
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(5 * MINUTE);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([7]);
    expect(await t.db.select().from(jobs).where(eq(jobs.name, 'test_later'))).toEqual([]);
  });

  it('adds one live job per singleton key, and the key is free again once it ran', async () => {
    const queue = t.app.appDeps.jobs;
    let runs = 0;
    queue.handle('test_single', async () => {
      runs += 1;
    });
    const job = { name: 'test_single', payload: null, singletonKey: 'single:1' };
    expect(await queue.enqueue(t.db, job)).toBe(true);
    expect(await queue.enqueue(t.db, job)).toBe(false);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await queue.enqueue(t.db, job)).toBe(true);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it('retries a failing job later and keeps it, failed, after its last attempt', async () => {
    const queue = t.app.appDeps.jobs;
    let runs = 0;
    queue.handle(
      'test_failing',
      async () => {
        runs += 1;
        throw new Error('service down');
      },
      { maxAttempts: 2, retryDelayMs: MINUTE },
    );
    await queue.enqueue(t.db, { name: 'test_failing', payload: null, singletonKey: 'failing' });
    expect(await queue.runDue()).toBe(1);
    // Not again before its retry time.
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(MINUTE);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(2);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.name, 'test_failing'));
    expect(row?.failedAt).not.toBeNull();
    expect(row?.lastError).toContain('service down');
    t.clock.advance(60 * MINUTE);
    expect(await queue.runDue()).toBe(0);
    // The failed job no longer holds its key.
    expect(await queue.enqueue(t.db, { name: 'test_failing', payload: null, singletonKey: 'failing' })).toBe(
      true,
    );
  });

  it('keeps one job of a recurring schedule waiting, and adds the next after each run', async () => {
    const queue = t.app.appDeps.jobs;
    let runs = 0;
    queue.handle('test_hourly', async () => {
      runs += 1;
    });
    queue.schedule('test_hourly', (after) => new Date(after.getTime() + 60 * MINUTE));
    await queue.ensureSchedules();
    await queue.ensureSchedules();
    expect(await t.db.select().from(jobs).where(eq(jobs.name, 'test_hourly'))).toHaveLength(1);
    t.clock.advance(60 * MINUTE);
    await queue.runDue();
    expect(runs).toBe(1);
    const waiting = await t.db.select().from(jobs).where(eq(jobs.name, 'test_hourly'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.runAt.getTime()).toBe(t.clock.now().getTime() + 60 * MINUTE);
  });
});

describe('job queue across a restart', () => {
  it('runs after a restart a job enqueued before it', async () => {
    const database = await createDurableTestDatabase();
    const clock = createTestClock();
    try {
      const first = await buildTestApp({ now: clock.now }, { database });
      await first.app.appDeps.jobs.enqueue(first.db, {
        name: 'test_durable',
        payload: { hello: 'again' },
        runAt: new Date(clock.now().getTime() + MINUTE),
      });
      await first.close();

      const second = await buildTestApp({ now: clock.now }, { database });
      try {
        const seen: unknown[] = [];
        second.app.appDeps.jobs.handle('test_durable', async (payload) => {
          seen.push(payload);
        });
        clock.advance(MINUTE);
        expect(await second.app.appDeps.jobs.runDue()).toBe(1);
        expect(seen).toEqual([{ hello: 'again' }]);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
