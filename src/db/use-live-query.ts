import { type DependencyList, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { useDatabase } from './database-context';
import type { SchoolDatabase } from './open-database';

/**
 * The latest value of a live query on the local database: undefined until its first answer (or while the
 * database opens). `query` returns null when there is nothing to ask yet. Re-subscribes when `deps` change.
 */
export function useLiveQuery<T>(
  query: (database: SchoolDatabase) => Observable<T> | null,
  deps: DependencyList,
): T | undefined {
  const database = useDatabase();
  const [state, setState] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  // The caller names the query's inputs in `deps`; the query function itself is new on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for the query
  useEffect(() => {
    if (!database) return;
    const observable = query(database);
    if (!observable) return;
    const subscription = observable.subscribe((value) => setState({ deps, value }));
    return () => subscription.unsubscribe();
  }, [database, ...deps]);
  if (!state || state.deps.length !== deps.length || state.deps.some((dep, i) => !Object.is(dep, deps[i])))
    return undefined;
  return state.value;
}
