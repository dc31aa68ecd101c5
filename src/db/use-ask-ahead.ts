import { useEffect } from 'react';
import type { SyncCollection } from '../../domain/sync';
import { askAheadForRows } from './ahead-asks';
import { useDatabase } from './database-context';
import { useFirstPullDone } from './use-first-pull-done';

/**
 * Asks for rows a screen waits for to come ahead of the rest of `collection`'s first pull, while that pull
 * runs (docs/on-demand-sync.md, "Ahead of the first pull"); nothing once it is done, or with no rows.
 */
export function useAskAhead(collection: SyncCollection, rowIds: readonly string[] | undefined): void {
  const database = useDatabase();
  const done = useFirstPullDone(collection);
  const asked = rowIds?.join(',') ?? '';
  useEffect(() => {
    if (!database || done !== false || asked === '') return;
    void askAheadForRows(database, collection, asked.split(',')).catch(() => undefined);
  }, [database, done, collection, asked]);
}
