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

const pullRewindId = (collection: string) => `pull-rewind-${collection}`;
const pullRewindSchema = z.object({ updatedAt: z.number().int().nonnegative() });

/**
 * Asks the next pull of a collection to start again from the server sequence `updatedAt`, keeping the
 * earliest position asked for. The push side asks it for rows the device holds at a sequence it cannot
 * vouch for having applied in order; stored, so a worker restarting before that pull still makes it.
 */
export async function rewindPull(
  database: SchoolDatabase,
  collection: string,
  updatedAt: number,
): Promise<void> {
  const current = await pullRewind(database, collection);
  if (current !== null && current <= updatedAt) return;
  await database.upsertLocal(pullRewindId(collection), { updatedAt });
}

/** The sequence the next pull of a collection must start from, or null when it goes on from its checkpoint. */
export async function pullRewind(database: SchoolDatabase, collection: string): Promise<number | null> {
  const stored = await database.getLocal(pullRewindId(collection));
  return pullRewindSchema.safeParse(stored?.toJSON().data).data?.updatedAt ?? null;
}

/** Ends a rewind once a pull started from `updatedAt`; an earlier one asked for meanwhile stays. */
export async function endPullRewind(
  database: SchoolDatabase,
  collection: string,
  updatedAt: number,
): Promise<void> {
  if ((await pullRewind(database, collection)) !== updatedAt) return;
  await (await database.getLocal(pullRewindId(collection)))?.remove();
}
