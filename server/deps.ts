import type { AccessLogRecorder } from './access-log/recorder';
import type { AppConfig } from './config';
import type { BatchLanes } from './db/batch-lane';
import type { Database } from './db/client';
import type { ChangeFeed } from './feed/change-feed';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/outbox';
import type { AppMetrics } from './metrics';
import type { PasswordHasher } from './passwords';

/**
 * The subject refreshes that writes of marks and scores ask for, run one at a time after the write has
 * answered (a refresh of a busy subject takes longer than the write itself). A subject asked for again while
 * it waits is refreshed once; asked for while it runs, once more afterwards, so the last write is always seen.
 * The dashboard module builds it (`createSubjectRefreshQueue`); it is declared here so this file imports no
 * module.
 */
export interface SubjectRefreshQueue {
  request(subjectIds: Iterable<string>): void;
  /** Resolves once nothing waits or runs: for tests, and before the database closes. */
  settled(): Promise<void>;
}

/** What route modules and services receive: explicit dependencies instead of reaching into the app. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  passwords: PasswordHasher;
  feed: ChangeFeed;
  mailer: Mailer;
  now: () => Date;
  /** Dashboard cards of subjects whose marks or scores were written, refreshed after the write answers. */
  cardRefresh: SubjectRefreshQueue;
  /** Where concurrent work of one kind meets to share a statement or a transaction: grouped pushes, session
   * lookups, attendance save checks (`server/db/batch-lane.ts`). */
  lanes: BatchLanes;
  /** What `/metrics` reports: sync pulls and pushes, mail, jobs (requests are counted by a hook). */
  metrics: AppMetrics;
  /** The durable job queue (server/jobs/queue.ts): absence notices, Web Push sends, nightly work. */
  jobs: JobQueue;
  /** Who read which students' records (docs/access-log.md): buffered, chained, append-only. */
  accessLog: AccessLogRecorder;
}
