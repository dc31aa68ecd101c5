/**
 * Loads the sync worker's script (src/workers/sync.worker.ts) in a worker of its own. It does nothing until
 * the sync client tells it whom to sync for (`startSyncClient`), so the page may load it early.
 */
export function spawnSyncWorker(): Worker {
  return new Worker(new URL('../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
}
