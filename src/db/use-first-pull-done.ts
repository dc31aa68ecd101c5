import { useEffect, useState } from 'react';
import type { SyncCollection } from '../../domain/sync';
import { useDatabase } from './database-context';
import { firstPullDone$ } from './sync-state';

/**
 * Whether the first pull of `collection` has completed on this device: undefined while unknown, false while
 * its rows are still arriving. Read from the database, so every tab knows, not only the replicating one.
 */
export function useFirstPullDone(collection: SyncCollection): boolean | undefined {
  const database = useDatabase();
  const [state, setState] = useState<{ collection: SyncCollection; done: boolean } | undefined>(undefined);

  useEffect(() => {
    if (!database) return;
    const subscription = firstPullDone$(database, collection).subscribe((done) =>
      setState({ collection, done }),
    );
    return () => subscription.unsubscribe();
  }, [database, collection]);

  return state?.collection === collection ? state.done : undefined;
}
