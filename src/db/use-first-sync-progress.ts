import { type FirstPullProgress, firstSyncProgress$ } from './sync-state';
import { useLiveQuery } from './use-live-query';

/**
 * How far this device's first sync has got, by collection, as the replicating tab recorded it: the same in
 * every tab. Empty while unknown or before the first record.
 */
export function useFirstSyncProgress(): readonly FirstPullProgress[] {
  return useLiveQuery((database) => firstSyncProgress$(database), []) ?? [];
}
