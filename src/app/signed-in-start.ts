import type { StoredUser } from '../../domain/schemas/auth-account';
import { loadDatabaseModules, sharedDatabase } from '../db/database-context';
import { prestartSyncClient } from '../sync/sync-client';
import { loadSyncWorkerAhead } from '../sync/sync-worker';
import { isWindowOffline } from './connection-context';

/**
 * Starts, as the page starts, the two things a signed-in page waits for before its first screen: the sync
 * worker (spawned by the page as `worker`) syncing, and the window's own database opening. Both go on
 * beside the loading of the screens instead of after their first render; the providers then take them up
 * (`startSyncClient`, `sharedDatabase`). On an admin's new device the first working screen came at 1.03 to
 * 1.26 s, against 1.22 to 1.34 s when both waited for the first render (`npm run bench -- on-demand`).
 */
export function startSignedInData(user: StoredUser, worker: Worker): void {
  prestartSyncClient(user.id, user.role, worker);
  void sharedDatabase(user.id, isWindowOffline).catch(() => undefined);
}

/**
 * Loads, while a sign-in waits for its last step (the two-step code or the passkey), what the signed-in start
 * needs that names no user: the sync worker's script and the modules that open the window's database. Nothing
 * is opened or stored before the sign-in completes; once it does, syncing starts from a worker already loaded
 * (docs/on-demand-sync.md, "The start after the code").
 */
export function prepareSignedInStart(): void {
  loadSyncWorkerAhead();
  void loadDatabaseModules().catch(() => undefined);
}
