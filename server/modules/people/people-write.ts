import { sql } from 'drizzle-orm';
import type { SyncCollection } from '../../../domain/sync';
import type { Database, Transaction } from '../../db/client';
import type { ChangeFeed } from '../../sync/change-feed';
import type { PasswordHasher } from '../auth/passwords';
import type { Mailer } from '../mail/outbox';

/** What the people calls need: the database, the change feed, mail (invitations) and the clock. */
export interface PeopleDeps {
  db: Database;
  feed: ChangeFeed;
  mailer: Mailer;
  passwords: PasswordHasher;
  now: () => Date;
  /** Origin of the links in invitation mail. */
  publicUrl: string;
}

/**
 * Tells every device that people changed (and the collections a placement or a removal also touched), after
 * the transaction committed. Everybody hears it: each pull is narrowed by its user's scope, and a name is
 * shown on every sheet that lists the person.
 */
export async function publishPeopleChange(
  deps: Pick<PeopleDeps, 'feed'>,
  also: readonly SyncCollection[] = [],
): Promise<void> {
  await deps.feed.publishChange(['people', ...also], 'all');
}

/**
 * Serialises writes of accounts (new students, invitations, edits of an email or a student number) within a
 * transaction, so two of them cannot both find the same address or number free.
 */
export async function lockAccountWrites(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('people:accounts'))`);
}
