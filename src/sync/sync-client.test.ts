import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../domain/roles';
import type { SyncEvent, SyncWorkerApi } from './protocol';

/**
 * A stand-in for the sync worker: the real comlink bridge over a MessageChannel, the worker's side recording
 * what it is told and reporting the connection as soon as it starts, as the engine does once its socket opens.
 */
function standInWorker() {
  const channel = new MessageChannel();
  const started: unknown[] = [];
  let terminated = false;
  let emit: (event: SyncEvent) => void = () => {};
  const api: SyncWorkerApi = {
    start: async (args) => {
      started.push(args);
      emit({ type: 'connection', payload: { online: true } });
    },
    setNetwork: async () => {},
    reSync: async () => {},
    stop: async () => {},
    listen: (listener) => {
      emit = listener;
    },
  };
  expose(api, channel.port2);
  const worker = Object.assign(channel.port1, {
    terminate: () => {
      terminated = true;
      channel.port1.close();
      channel.port2.close();
    },
  }) as unknown as Worker;
  return { worker, started, terminated: () => terminated };
}

const spawned: ReturnType<typeof standInWorker>[] = [];
vi.mock('./sync-worker', () => ({
  spawnSyncWorker: () => {
    const worker = standInWorker();
    spawned.push(worker);
    return worker.worker;
  },
}));

afterEach(() => {
  vi.resetModules();
  spawned.length = 0;
});

describe('the sync worker started with the page', () => {
  it('is the one the window takes up, and what it reported before the window listened is not lost', async () => {
    const { prestartSyncClient, startSyncClient } = await import('./sync-client');
    const early = standInWorker();
    prestartSyncClient('user-1', Role.admin, early.worker);
    await vi.waitFor(() => expect(early.started).toEqual([expect.objectContaining({ userId: 'user-1' })]));
    // The worker said it is online before the window's provider was there to hear it.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const client = startSyncClient('user-1', Role.admin);
    const heard: unknown[] = [];
    client.on('connection', (payload) => heard.push(payload));
    expect(heard).toEqual([{ online: true }]);
    // No second worker: the one started with the page syncs.
    expect(spawned).toHaveLength(0);
    client.terminate();
  });

  it('is ended when the window signs in someone else, and once taken up no other starts early', async () => {
    const { prestartSyncClient, startSyncClient } = await import('./sync-client');
    const early = standInWorker();
    prestartSyncClient('user-1', Role.admin, early.worker);
    const client = startSyncClient('user-2', Role.teacher);
    await vi.waitFor(() => expect(early.terminated()).toBe(true));
    expect(spawned).toHaveLength(1);
    await vi.waitFor(() =>
      expect(spawned[0]?.started).toEqual([
        expect.objectContaining({ userId: 'user-2', role: Role.teacher }),
      ]),
    );

    // A page start that comes after the window took a worker up ends its own at once.
    const late = standInWorker();
    prestartSyncClient('user-2', Role.teacher, late.worker);
    expect(late.terminated()).toBe(true);
    client.terminate();
  });
});
