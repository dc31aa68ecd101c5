import { callApi } from '../api/call-api';
import { removeSharedDatabase } from '../db/database-context';
import { isLocaleStorageKey } from '../i18n/i18n';

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

// Language choices (the device's and each user's) stay, so the next sign-in opens in the user's language.
function clearLocalStorageExceptLanguage(): void {
  const kept = Object.keys(localStorage)
    .filter(isLocaleStorageKey)
    .map((key) => [key, localStorage.getItem(key) ?? ''] as const);
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
}

/**
 * Ends the session on the server (best effort: offline the local sign-out still happens), removes the user's
 * local database, clears caches and local storage except the language choices, then reloads on the login
 * page.
 */
export async function signOut(userId: string | undefined): Promise<void> {
  // Offline or already signed out on the server, the call fails: the local sign-out below is what matters.
  await callApi('POST /api/logout');
  // A shared device keeps no copy of the user's data, and never pushes their writes under another user.
  if (userId) await removeSharedDatabase(userId).catch(() => undefined);
  await clearUserCaches();
  clearLocalStorageExceptLanguage();
  sessionStorage.clear();
  window.location.assign(`${import.meta.env.BASE_URL}login`);
}
