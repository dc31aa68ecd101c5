// A worker spawned ahead of its start (`loadSyncWorkerAhead`), until a client takes it.
let loadedAhead: Worker | null = null;

function newSyncWorker(): Worker {
  return new Worker(new URL('../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
}

/**
 * Loads the sync worker's script (src/workers/sync.worker.ts) in a worker of its own: the one loaded ahead if
 * there is one, else a new one. It does nothing until the sync client tells it whom to sync for
 * (`startSyncClient`), so the page may load it early.
 */
export function spawnSyncWorker(): Worker {
  const worker = loadedAhead ?? newSyncWorker();
  loadedAhead = null;
  return worker;
}

/**
 * Spawns the sync worker before anyone is signed in, for a sign-in about to complete (the two-step code's
 * screen): its script, about 460 KB, is fetched and compiled while the user reads the code, and the sync
 * client started once the code is taken gets it (`spawnSyncWorker`). On an admin's new device that load was
 * the longest step between the code and the first screen (docs/on-demand-sync.md).
 */
export function loadSyncWorkerAhead(): void {
  loadedAhead ??= newSyncWorker();
}

/** Ends the worker loaded ahead that no client took (a sign-out). */
export function endSyncWorkerLoadedAhead(): void {
  loadedAhead?.terminate();
  loadedAhead = null;
}
