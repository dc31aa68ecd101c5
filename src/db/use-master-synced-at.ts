import { useEffect, useState } from 'react';
import { useDatabase } from './database-context';
import { masterSyncedAt$, parseSyncedAt } from './sync-state';

/**
 * When the master collection last finished a pull (epoch ms): undefined while unknown, null when it was
 * never synced on this device.
 */
export function useMasterSyncedAt(): number | null | undefined {
  const database = useDatabase();
  const [syncedAt, setSyncedAt] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    if (!database) return;
    const subscription = masterSyncedAt$(database).subscribe((document) => {
      setSyncedAt(document ? parseSyncedAt(document.toJSON().data) : null);
    });
    return () => subscription.unsubscribe();
  }, [database]);

  return syncedAt;
}
