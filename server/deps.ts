import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { PasswordHasher } from './modules/auth/passwords';
import type { SubjectRefreshQueue } from './modules/dashboard/refresh';
import type { Mailer } from './modules/mail/outbox';
import type { ChangeFeed } from './sync/change-feed';
import type { PushLanes } from './sync/push-lanes';

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
  /** Where concurrent pushes of grouped collections (attendance) meet to share a transaction. */
  pushLanes: PushLanes;
}
