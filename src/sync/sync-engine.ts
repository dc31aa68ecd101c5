import type { SchoolDatabase } from '../db/open-database';
import { markMasterSynced } from '../db/sync-state';
import { type ChangeSocket, connectChangeSocket } from './change-socket';
import type { FetchLike } from './http';
import { type MasterReplication, replicateMaster } from './master-replication';
import type { SyncCommands, SyncEvent } from './protocol';

export type SyncEngineDeps = {
  openDatabase(userId: string): Promise<SchoolDatabase>;
  fetchImpl: FetchLike;
  emit(event: SyncEvent): void;
  /** Prepares the worker's RxDB realm for replication (leader election, cleanup). */
  preparePlugins(): void;
};

type Running = { database: SchoolDatabase; replication: MasterReplication; socket: ChangeSocket };

function socketUrl(baseUrl: string): string {
  const url = new URL('/ws', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The worker's side of the bridge: one handler per command of the protocol, as plain functions over
 * injected dependencies.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncCommands {
  let running: Running | null = null;
  let starting: Promise<void> | null = null;

  async function start({ userId, baseUrl }: { userId: string; baseUrl: string }) {
    deps.preparePlugins();
    const database = await deps.openDatabase(userId);
    const replication = replicateMaster({
      collection: database.master,
      fetchImpl: deps.fetchImpl,
      baseUrl,
      onSignInRequired: () => deps.emit({ type: 'signInRequired', payload: {} }),
      onPulled: () => markMasterSynced(database, Date.now()),
    });
    const socket = connectChangeSocket({
      url: socketUrl(baseUrl),
      onConnection: (online) => {
        deps.emit({ type: 'connection', payload: { online } });
        // Reconnecting means changes may have been missed: pull everything since the checkpoint.
        if (online) replication.reSync();
      },
      onMessage: (message) => {
        if (message.type === 'hello') {
          deps.emit({ type: 'serverBuild', payload: { build: message.build } });
          return;
        }
        if (message.collections.includes('master')) replication.reSync();
      },
    });
    running = { database, replication, socket };
  }

  return {
    start(args) {
      if (running || starting) return;
      starting = start(args).finally(() => {
        starting = null;
      });
    },
    setNetwork({ online }) {
      if (!online || !running) return;
      running.socket.wake();
      running.replication.reSync();
    },
    reSync() {
      running?.replication.reSync();
    },
    stop() {
      const current = running;
      running = null;
      if (!current) return;
      current.socket.close();
      void current.replication.cancel().then(() => current.database.close());
    },
  };
}
