import { useSyncExternalStore } from 'react';
import { onApiActivity } from '../sync/http';

/** SPEC §7: the master-data call shows no loading indicator (it is non-blocking). */
const UNCOUNTED_PATHS = ['/master-data'];

/** Counts the calls in flight; the header shows a spinner while the count is above zero. */
export type LoadingCounter = {
  count(): number;
  start(path: string): void;
  end(path: string): void;
  subscribe(listener: () => void): () => void;
};

function counted(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return !UNCOUNTED_PATHS.includes(bare);
}

/** A loading counter; starts and ends of uncounted calls are ignored. */
export function createLoadingCounter(): LoadingCounter {
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const change = (delta: number) => {
    inFlight = Math.max(0, inFlight + delta);
    for (const listener of listeners) listener();
  };
  return {
    count: () => inFlight,
    start: (path) => {
      if (counted(path)) change(1);
    },
    end: (path) => {
      if (counted(path)) change(-1);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's counter, fed by every call made through `apiRequest`. */
export const loadingCounter = createLoadingCounter();

onApiActivity(({ phase, path }) => {
  if (phase === 'start') loadingCounter.start(path);
  else loadingCounter.end(path);
});

/** The number of calls in flight, re-rendering as it changes. */
export function useCallsInFlight(): number {
  return useSyncExternalStore(loadingCounter.subscribe, loadingCounter.count);
}
