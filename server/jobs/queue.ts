import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../db/client';
import { queryRows } from '../db/rows';
import type { AppMetrics } from '../metrics';

// The durable job queue (docs/absence-notices.md, "The job queue"). Jobs are rows of `jobs`, so a job enqueued before a crash or a
// restart runs after it; workers claim due rows with `for update skip locked`, so instances sharing one
// PostgreSQL never run a job twice at once, and PGlite (one connection) runs the same statements. Due times
// are the app's clock (`AppConfig.now`), which tests move.

/** One job to add. */
export interface NewJob {
  /** The handler that runs it. */
  name: string;
  /** JSON the handler receives. */
  payload: unknown;
  /** When it may run; at once when absent. */
  runAt?: Date;
  /** At most one live job per key: adding a key already waiting or running adds nothing. */
  singletonKey?: string;
}

/** What a handler knows of the job it runs. */
export interface JobRun {
  id: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
}

/** How a handler's failures are retried. */
export interface HandlerOptions {
  /** Runs before the job is given up on (kept with `failed_at`); 5 when absent. */
  maxAttempts?: number;
  /** The wait before retry n is this times 2^(n-1), ms; 30 s when absent. */
  retryDelayMs?: number;
  /** How long a run may hold its job before another worker may take it again, ms; 5 minutes when absent. */
  leaseMs?: number;
}

/** When a recurring job runs next, from the instant one run ends (or the queue starts). */
export type NextRun = (after: Date) => Date;

export interface JobQueue {
  /** Registers the handler of a job name. Register every handler before `start`. */
  handle<Payload>(
    name: string,
    run: (payload: Payload, job: JobRun) => Promise<void>,
    options?: HandlerOptions,
  ): void;
  /** Adds a job on `db` (a transaction: it is added only if that commits); false when its key was taken. */
  enqueue(db: Executor, job: NewJob): Promise<boolean>;
  /**
   * Makes `name` recurring: one job of it is kept waiting (key `schedule:<name>`), added at `next(now)` when
   * the queue starts and again after each run. The handler is registered with `handle`.
   */
  schedule(name: string, next: NextRun, payload?: unknown): void;
  /** Adds the waiting job of each recurring schedule that has none (done by `start`; tests call it). */
  ensureSchedules(): Promise<void>;
  /** Runs every job due now, and those that fall due meanwhile, and resolves with how many ran. */
  runDue(): Promise<number>;
  /** Starts a pass without waiting for it (after a commit that enqueued a job due at once). */
  kick(): void;
  /** Polls every `pollMs` (when given) and adds the recurring jobs; without `pollMs`, jobs run only on `runDue`. */
  start(): Promise<void>;
  /** Stops polling and waits for the pass under way. */
  close(): Promise<void>;
}

const DEFAULTS = { maxAttempts: 5, retryDelayMs: 30_000, leaseMs: 5 * 60_000 } as const;
// Jobs claimed per statement: enough to keep a worker busy, few enough that a crash strands little.
const CLAIM_BATCH = 10;
const SCHEDULE_PREFIX = 'schedule:';

const claimedRow = z.object({
  id: z.string(),
  name: z.string(),
  payload: z.unknown(),
  attempts: z.number(),
  singleton_key: z.string().nullable(),
});

/** Adds a job on `db`; false when a live job already holds its key. Usable without a queue (inside a push). */
export async function enqueueJob(db: Executor, job: NewJob, now: Date): Promise<boolean> {
  const runAt = job.runAt ?? now;
  const rows = await queryRows(
    db,
    sql`insert into jobs (name, singleton_key, payload, run_at, created_at)
        values (${job.name}, ${job.singletonKey ?? null}, ${JSON.stringify(job.payload ?? null)}::jsonb,
          ${runAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (singleton_key) where failed_at is null do nothing
        returning id::text`,
    z.object({ id: z.string() }),
  );
  return rows.length > 0;
}

/** Creates the queue over the app's database. */
export function createJobQueue(
  db: Database,
  options: {
    now: () => Date;
    metrics: Pick<AppMetrics, 'job'>;
    onError: (error: unknown, job: { name: string; id: string }) => void;
    /** How often to look for due jobs, ms; absent (tests), jobs run on `runDue` or `kick` only. */
    pollMs?: number;
  },
): JobQueue {
  const handlers = new Map<
    string,
    { run: (payload: never, job: JobRun) => Promise<void>; options: Required<HandlerOptions> }
  >();
  const schedules = new Map<string, { next: NextRun; payload: unknown }>();
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function claim(): Promise<z.infer<typeof claimedRow>[]> {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    const now = options.now();
    // The longest lease of any handler bounds the claim; each run's own lease is what a retry waits for.
    const leaseMs = Math.max(...[...handlers.values()].map((handler) => handler.options.leaseMs));
    const leaseEnd = new Date(now.getTime() + leaseMs);
    return queryRows(
      db,
      sql`update jobs set locked_until = ${leaseEnd.toISOString()}::timestamptz, attempts = attempts + 1
          where id in (
            select id from jobs
            where failed_at is null and run_at <= ${now.toISOString()}::timestamptz
              and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
              and name in (${sql.join(
                names.map((name) => sql`${name}`),
                sql`, `,
              )})
            order by run_at, id
            limit ${CLAIM_BATCH}
            for update skip locked)
          returning id::text, name, payload, attempts, singleton_key`,
      claimedRow,
    );
  }

  async function finish(job: z.infer<typeof claimedRow>): Promise<void> {
    const schedule = job.singleton_key?.startsWith(SCHEDULE_PREFIX) ? schedules.get(job.name) : undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from jobs where id = ${job.id}`);
      if (schedule) await addScheduled(tx, job.name, schedule);
    });
  }

  async function fail(job: z.infer<typeof claimedRow>, error: unknown): Promise<void> {
    const handler = handlers.get(job.name);
    const settings = handler?.options ?? DEFAULTS;
    const now = options.now();
    const message = String(error).slice(0, 500);
    if (job.attempts >= settings.maxAttempts) {
      await db.execute(
        sql`update jobs set failed_at = ${now.toISOString()}::timestamptz, locked_until = null,
            last_error = ${message} where id = ${job.id}`,
      );
      // A recurring job that gave up still recurs: its next run is added afresh.
      const schedule = schedules.get(job.name);
      if (schedule && job.singleton_key?.startsWith(SCHEDULE_PREFIX))
        await addScheduled(db, job.name, schedule);
      return;
    }
    const retryAt = new Date(now.getTime() + settings.retryDelayMs * 2 ** (job.attempts - 1));
    await db.execute(
      sql`update jobs set run_at = ${retryAt.toISOString()}::timestamptz, locked_until = null,
          last_error = ${message} where id = ${job.id}`,
    );
  }

  async function runOne(job: z.infer<typeof claimedRow>): Promise<void> {
    const handler = handlers.get(job.name);
    if (!handler) return;
    try {
      await options.metrics.job(job.name, () =>
        handler.run(job.payload as never, { id: job.id, attempt: job.attempts }),
      );
    } catch (error) {
      options.onError(error, job);
      await fail(job, error);
      return;
    }
    await finish(job);
  }

  async function pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (closed) return ran;
      const claimed = await claim();
      for (const job of claimed) await runOne(job);
      ran += claimed.length;
      if (claimed.length < CLAIM_BATCH) return ran;
    }
  }

  function addScheduled(
    executor: Executor,
    name: string,
    schedule: { next: NextRun; payload: unknown },
  ): Promise<boolean> {
    const now = options.now();
    return enqueueJob(
      executor,
      {
        name,
        payload: schedule.payload,
        runAt: schedule.next(now),
        singletonKey: `${SCHEDULE_PREFIX}${name}`,
      },
      now,
    );
  }

  const runDue = (): Promise<number> => {
    const result = running.then(pass, pass);
    running = result.catch((error: unknown) => {
      options.onError(error, { name: 'claim', id: '' });
      return 0;
    });
    return result;
  };

  return {
    handle(name, run, handlerOptions) {
      handlers.set(name, {
        run: run as (payload: never, job: JobRun) => Promise<void>,
        options: { ...DEFAULTS, ...handlerOptions },
      });
    },
    enqueue: (executor, job) => enqueueJob(executor, job, options.now()),
    schedule(name, next, payload = null) {
      schedules.set(name, { next, payload });
    },
    async ensureSchedules() {
      for (const [name, schedule] of schedules) await addScheduled(db, name, schedule);
    },
    runDue,
    kick() {
      if (!closed) void runDue().catch(() => undefined);
    },
    async start() {
      if (options.pollMs === undefined) return;
      await this.ensureSchedules();
      timer = setInterval(() => void runDue().catch(() => undefined), options.pollMs);
      timer.unref();
      this.kick();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
