import type { AccessLogRecorder } from './access-log/recorder';
import type { AppConfig } from './config';
import type { BatchLanes } from './db/batch-lane';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { AppMetrics } from './metrics';
import type { PasswordHasher } from './modules/auth/passwords';
import type { SubjectRefreshQueue } from './modules/dashboard/refresh';
import type { Mailer } from './modules/mail/outbox';
import type { ChangeFeed } from './sync/change-feed';

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
