import type { SyncCollection } from '../../domain/sync';
import type { Database, Transaction } from '../db/client';
import { nextSequence } from '../db/sequence';
import type { ChangeAudience, ChangeFeed } from '../feed/change-feed';

/** What a stamped write answers: its result, and who must hear that the collection changed (null: nobody). */
export interface StampedOutcome<T> {
  result: T;
  audience: ChangeAudience | null;
}

/**
 * A server-side write of synced rows outside the push (a REST call, a rule): runs `work` in one transaction
 * with the sequence to stamp on every row it writes, then tells the audience that `collection` changed (or
 * each of several, when the rows feed more than one). The notice goes out only after the commit, so a client
 * that pulls on it finds the rows.
 */
export async function writeStamped<T>(
  deps: { db: Database; feed: ChangeFeed },
  collection: SyncCollection | readonly SyncCollection[],
  work: (tx: Transaction, seq: number) => Promise<StampedOutcome<T>>,
): Promise<T> {
  const { result, audience } = await deps.db.transaction(async (tx) => work(tx, await nextSequence(tx)));
  if (audience !== null)
    await deps.feed.publishChange(typeof collection === 'string' ? [collection] : [...collection], audience);
  return result;
}
