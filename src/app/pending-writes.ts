import { useSyncExternalStore } from 'react';

/**
 * How many local writes are still waiting to reach the server. The sync layer sets it as its push queue
 * grows and drains; the header shows it and logout asks before throwing such writes away.
 */
export type PendingWritesStore = {
  get(): number;
  set(count: number): void;
  subscribe(listener: () => void): () => void;
};

/** Creates a pending-writes counter. */
export function createPendingWritesStore(): PendingWritesStore {
  let count = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set(next) {
      const value = Math.max(0, Math.floor(next));
      if (value === count) return;
      count = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's counter. */
export const pendingWrites = createPendingWritesStore();

/** The current count of writes waiting to sync. */
export function usePendingWrites(store: PendingWritesStore = pendingWrites): number {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** What logout does first (SPEC §4 + issue 4): sign out at once, or ask when writes would be lost. */
export function logoutDecision(pending: number): { kind: 'sign-out' } | { kind: 'ask'; pending: number } {
  return pending > 0 ? { kind: 'ask', pending } : { kind: 'sign-out' };
}
