import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * The durable job queue (server/jobs/queue.ts, docs/absence-notices.md, "The job queue"): one row per job waiting to run, running, or
 * given up on. A job that succeeds is deleted; one that keeps failing stays with `failed_at` for an operator.
 * Times are the app's clock (`AppConfig.now`), so tests move them.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The handler that runs it (`JobQueue.handle`). */
    name: text('name').notNull(),
    /** At most one live job per key: enqueueing a key already waiting or running adds nothing. */
    singletonKey: text('singleton_key'),
    payload: jsonb('payload').notNull(),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** While a worker runs it: the end of its lease, after which another worker may take it again. */
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    /** Set when it failed its last attempt: it runs no more and frees its key. */
    failedAt: instant('failed_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('jobs_singleton_key_idx').on(table.singletonKey).where(sql`${table.failedAt} is null`),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.failedAt} is null`),
  ],
);
