import { callApi } from '../api/call-api';
import { removeSharedDatabase } from '../db/database-context';
import { deleteUserDatabases } from '../db/device-wipe';
import { LOCALE_STORAGE_KEY } from '../i18n/i18n';
import { stopSyncWorkers } from '../sync/sync-client';

// The service worker's app shell stays: without it a signed-out device could not even show the login page
// offline. Everything else cached for the previous user goes.
const KEPT_CACHE_PREFIX = 'workbox-precache';

async function clearUserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith(KEPT_CACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}

/**
 * Empties local storage but for the device's language, so the sign-in page opens in the language last
 * chosen here. The users' own choices (`lang:<user id>`) go too: they name who used the device, and a
 * user's language comes back with their sign-in.
 */
export function clearLocalStorageKeepingDeviceLanguage(storage: Storage): void {
  const language = storage.getItem(LOCALE_STORAGE_KEY);
  storage.clear();
  if (language !== null) storage.setItem(LOCALE_STORAGE_KEY, language);
}

/**
 * Removes everything of a user from this device: the sync worker is stopped (it holds the databases open,
 * and would reopen them), the RxDB database is removed and its IndexedDB databases deleted, caches and
 * storage cleared but for the device's language. A shared computer keeps nothing of the last user.
 */
export async function wipeUserFromDevice(userId: string | undefined): Promise<void> {
  await stopSyncWorkers();
  if (userId) {
    await removeSharedDatabase(userId).catch(() => undefined);
    await deleteUserDatabases(userId).catch(() => undefined);
  }
  await clearUserCaches().catch(() => undefined);
  clearLocalStorageKeepingDeviceLanguage(localStorage);
  sessionStorage.clear();
}

/**
 * Ends the session on the server (best effort: offline the local sign-out still happens), wipes the user
 * from this device, then reloads on the login page.
 */
export async function signOut(userId: string | undefined): Promise<void> {
  // Offline or already signed out on the server, the call fails: the local sign-out below is what matters.
  await callApi('POST /api/logout');
  // A shared device keeps no copy of the user's data, and never pushes their writes under another user.
  await wipeUserFromDevice(userId);
  window.location.assign(`${import.meta.env.BASE_URL}login`);
}
