import { proxy, type Remote, releaseProxy, wrap } from 'comlink';
import type { AccountRole } from '../../domain/roles';
import { readCsrfCookie } from './http';
import {
  type SyncEvent,
  type SyncEventName,
  type SyncEvents,
  type SyncWorkerApi,
  syncEventSchema,
} from './protocol';

type Listener<Name extends SyncEventName> = (payload: SyncEvents[Name]) => void;

/** The window's handle on the sync worker. */
export type SyncClient = {
  on<Name extends SyncEventName>(name: Name, listener: Listener<Name>): () => void;
  reSync(): void;
  terminate(): void;
};

/**
 * Starts the sync worker for a signed-in user and relays the window's network events to it: a worker's
 * replication does not see `online`, so without the relay it would wait out its full retry delay.
 */
export function startSyncClient(userId: string, role: AccountRole): SyncClient {
  const worker = new Worker(new URL('../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sync',
  });
  const remote: Remote<SyncWorkerApi> = wrap<SyncWorkerApi>(worker);
  const listeners = new Map<SyncEventName, Set<(payload: unknown) => void>>();

  function dispatch(raw: unknown) {
    const event = syncEventSchema.safeParse(raw);
    if (!event.success) return;
    for (const listener of listeners.get(event.data.type) ?? []) listener(event.data.payload);
  }

  void remote.listen(proxy((event: SyncEvent) => dispatch(event)));
  void remote.start({
    userId,
    role,
    baseUrl: window.location.origin,
    csrfToken: readCsrfCookie(),
    online: navigator.onLine,
  });

  const relayOnline = () => void remote.setNetwork({ online: true });
  const relayOffline = () => void remote.setNetwork({ online: false });
  const relayVisible = () => {
    if (document.visibilityState === 'visible') void remote.reSync();
  };
  window.addEventListener('online', relayOnline);
  window.addEventListener('offline', relayOffline);
  document.addEventListener('visibilitychange', relayVisible);

  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => set.delete(untyped);
    },
    reSync() {
      void remote.reSync();
    },
    terminate() {
      window.removeEventListener('online', relayOnline);
      window.removeEventListener('offline', relayOffline);
      document.removeEventListener('visibilitychange', relayVisible);
      void remote.stop().finally(() => {
        remote[releaseProxy]();
        worker.terminate();
      });
    },
  };
}
