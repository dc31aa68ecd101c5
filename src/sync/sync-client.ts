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
import { endSyncWorkerLoadedAhead, spawnSyncWorker } from './sync-worker';

type Listener<Name extends SyncEventName> = (payload: SyncEvents[Name]) => void;

/** The window's handle on the sync worker. */
export type SyncClient = {
  on<Name extends SyncEventName>(name: Name, listener: Listener<Name>): () => void;
  reSync(): void;
  terminate(): void;
};

// Every running client's ending, so a sign-out can stop them all before it deletes the databases they hold.
const running = new Map<SyncClient, () => Promise<void>>();

// How long a worker is given to stop its replication before it is ended anyway.
const STOP_BOUND_MS = 1000;

/**
 * Stops every sync worker of this page and resolves once they are ended: their open databases close with
 * them, so a sign-out's deletion of the user's databases is neither blocked nor undone by a worker reopening
 * them.
 */
export async function stopSyncWorkers(): Promise<void> {
  endSyncWorkerLoadedAhead();
  await Promise.all([...running.values()].map((end) => end()));
}

// The client started with the page for a user already signed in, until the window takes it up.
let early: { userId: string; role: AccountRole; client: SyncClient } | null = null;
let taken = false;

/**
 * Starts syncing as the page starts, for a user already signed in, in `worker` (spawned by the page before it
 * knew the user), before the window has loaded its screens and opened its own handle on the database: the
 * worker's load, database and first pull no longer wait for them. The window takes the client up with
 * `startSyncClient`; once it has, this only ends the worker.
 */
export function prestartSyncClient(userId: string, role: AccountRole, worker: Worker): void {
  if (taken || early) {
    worker.terminate();
    return;
  }
  early = { userId, role, client: createSyncClient(userId, role, { signedInNow: false, worker }) };
}

/**
 * The sync worker for a signed-in user: the one started with the page when it is that user's, else a new
 * one. What the worker reported before the window listened is replayed to its listeners.
 */
export function startSyncClient(userId: string, role: AccountRole): SyncClient {
  taken = true;
  const started = early;
  early = null;
  if (started && started.userId === userId && started.role === role) return started.client;
  started?.client.terminate();
  return createSyncClient(userId, role, { signedInNow: true });
}

/**
 * Starts the sync worker for a signed-in user and relays the window's network events to it: a worker's
 * replication does not see `online`, so without the relay it would wait out its full retry delay.
 */
function createSyncClient(
  userId: string,
  role: AccountRole,
  { signedInNow, worker = spawnSyncWorker() }: { signedInNow: boolean; worker?: Worker },
): SyncClient {
  const remote: Remote<SyncWorkerApi> = wrap<SyncWorkerApi>(worker);
  const listeners = new Map<SyncEventName, Set<(payload: unknown) => void>>();
  // Each event's latest payload: the worker's state (online, syncing, its build, a refusal) as last reported.
  const latest = new Map<SyncEventName, unknown>();

  function dispatch(raw: unknown) {
    const event = syncEventSchema.safeParse(raw);
    if (!event.success) return;
    latest.set(event.data.type, event.data.payload);
    for (const listener of listeners.get(event.data.type) ?? []) listener(event.data.payload);
  }

  void remote.listen(proxy((event: SyncEvent) => dispatch(event)));
  void remote.start({
    userId,
    role,
    baseUrl: window.location.origin,
    csrfToken: readCsrfCookie(),
    online: navigator.onLine,
    signedInNow,
  });

  const relayOnline = () => void remote.setNetwork({ online: true });
  const relayOffline = () => void remote.setNetwork({ online: false });
  const relayVisible = () => {
    if (document.visibilityState === 'visible') void remote.reSync();
  };
  window.addEventListener('online', relayOnline);
  window.addEventListener('offline', relayOffline);
  document.addEventListener('visibilitychange', relayVisible);

  let ending: Promise<void> | null = null;
  const end = (): Promise<void> => {
    ending ??= (async () => {
      window.removeEventListener('online', relayOnline);
      window.removeEventListener('offline', relayOffline);
      document.removeEventListener('visibilitychange', relayVisible);
      const bound = new Promise<void>((resolve) => setTimeout(resolve, STOP_BOUND_MS));
      await Promise.race([remote.stop().catch(() => undefined), bound]);
      remote[releaseProxy]();
      worker.terminate();
      running.delete(client);
    })();
    return ending;
  };

  const client: SyncClient = {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      if (latest.has(name)) untyped(latest.get(name));
      return () => set.delete(untyped);
    },
    reSync() {
      void remote.reSync();
    },
    terminate() {
      void end();
    },
  };
  running.set(client, end);
  return client;
}
