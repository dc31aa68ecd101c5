import { combineLatest, map, of } from 'rxjs';
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

/**
 * Whether every one of `collections` has had its first pull completed on this device: what a local list
 * needs before it may say it is empty (a list joined from several collections needs all of them). Undefined
 * while unknown, false while one is still arriving.
 */
export function useFirstPullsDone(collections: readonly SyncCollection[]): boolean | undefined {
  return useLiveQuery(
    (database) =>
      // None to wait for: nothing can still be arriving.
      collections.length === 0
        ? of(true)
        : combineLatest(collections.map((collection) => firstPullDone$(database, collection))).pipe(
            map((done) => done.every(Boolean)),
          ),
    [collections.join(',')],
  );
}
