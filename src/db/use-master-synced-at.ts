import { map } from 'rxjs';
import { masterSyncedAt$, parseSyncedAt } from './sync-state';
import { useLiveQuery } from './use-live-query';

/**
 * When the master collection last finished a pull (epoch ms): undefined while unknown, null when it was
 * never synced on this device.
 */
export function useMasterSyncedAt(): number | null | undefined {
  return useLiveQuery(
    (database) =>
      masterSyncedAt$(database).pipe(
        map((document) => (document ? parseSyncedAt(document.toJSON().data) : null)),
      ),
    [],
  );
}
