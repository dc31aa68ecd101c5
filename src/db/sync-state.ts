import { z } from 'zod';
import type { SchoolDatabase } from './open-database';

const MASTER_SYNC_STATE_ID = 'sync-master';

const syncStateSchema = z.object({ syncedAt: z.number() });

/**
 * Records that a master pull completed. It lives in the database (a local document, never replicated) so
 * every tab sees it, including tabs whose worker is not the replicating leader.
 */
export async function markMasterSynced(database: SchoolDatabase, syncedAt: number): Promise<void> {
  await database.upsertLocal(MASTER_SYNC_STATE_ID, { syncedAt });
}

/** Streams the time of the last completed master pull, or null while the collection was never synced. */
export function masterSyncedAt$(database: SchoolDatabase) {
  return database.getLocal$(MASTER_SYNC_STATE_ID);
}

/** Reads the sync time out of a local document's data; unknown shapes count as never synced. */
export function parseSyncedAt(data: unknown): number | null {
  const parsed = syncStateSchema.safeParse(data);
  return parsed.success ? parsed.data.syncedAt : null;
}

const scopeSweepId = (collection: string) => `scope-sweep-${collection}`;

/**
 * Records that a collection's pull started over after a change of the user's scope: when the re-pull
 * completes, the rows it did not bring are dropped. Stored, so a worker restarting in between starts the
 * re-pull over instead of forgetting the drop.
 */
export async function startScopeSweep(database: SchoolDatabase, collection: string): Promise<void> {
  await database.upsertLocal(scopeSweepId(collection), { startedAt: Date.now() });
}

/** Whether a re-pull after a change of scope is unfinished for the collection. */
export async function scopeSweepPending(database: SchoolDatabase, collection: string): Promise<boolean> {
  return (await database.getLocal(scopeSweepId(collection))) !== null;
}

/** Ends a re-pull after a change of scope: its rows are in, the others dropped. */
export async function endScopeSweep(database: SchoolDatabase, collection: string): Promise<void> {
  await (await database.getLocal(scopeSweepId(collection)))?.remove();
}
