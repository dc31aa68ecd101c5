import type { SyncCollection } from '../../domain/sync';
import { firstPullDone$ } from './sync-state';
import { useLiveQuery } from './use-live-query';

/**
 * Whether the first pull of `collection` has completed on this device: undefined while unknown, false while
 * its rows are still arriving. Read from the database, so every tab knows, not only the replicating one.
 */
export function useFirstPullDone(collection: SyncCollection): boolean | undefined {
  return useLiveQuery((database) => firstPullDone$(database, collection), [collection]);
}
