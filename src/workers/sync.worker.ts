// First: it configures zod before any schema of the app is built.
import '../zod-jitless';
import { expose } from 'comlink';
import { addRxPlugin } from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { openDatabase } from '../db/open-database';
import type { SyncEvent, SyncWorkerApi } from '../sync/protocol';
import { createSyncEngine } from '../sync/sync-engine';

// The sync worker: a thin shell that wires the engine to the real database, fetch and the bridge.
// Leader election and cleanup are added here only; if the window joined the election it could win it, and
// the worker would never replicate (STACK gotcha).
const listeners = new Set<(event: SyncEvent) => void>();

const engine = createSyncEngine({
  openDatabase: (userId) => openDatabase(userId),
  fetchImpl: (input, init) => fetch(input, init),
  clientBuild: __BUILD_ID__,
  emit: (event) => {
    for (const listener of listeners) listener(event);
  },
  preparePlugins: () => {
    addRxPlugin(RxDBLeaderElectionPlugin);
    addRxPlugin(RxDBCleanupPlugin);
  },
});

const api: SyncWorkerApi = {
  start: async (args) => engine.start(args),
  setNetwork: async (args) => engine.setNetwork(args),
  reSync: async () => engine.reSync(),
  stop: async () => engine.stop(),
  listen: (listener) => {
    listeners.add(listener);
  },
};

expose(api);
