import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccountRole } from '../../../domain/roles';
import { OFFLINE_PRESET_PAGES } from '../../../domain/schemas/offline';
import { SYNC_COLLECTION_ROLES, SyncCollection } from '../../../domain/sync';

/** Where the built app is served (vite's `base`); the service worker's precache URLs are relative to it. */
export const APP_BASE = '/admin/';

// workbox-build writes each precache entry as `{url:"…",revision:…}` into the generated sw.js.
const PRECACHE_ENTRY = /\{\s*"?url"?\s*:\s*"([^"\\]+)"\s*,\s*"?revision"?\s*:/g;

/** The URLs of the precache entries in a generated service worker's source, in its order, without repeats. */
export function precacheUrls(serviceWorker: string): string[] {
  const urls = [...serviceWorker.matchAll(PRECACHE_ENTRY)].map((match) => match[1] ?? '');
  return [...new Set(urls.filter((url) => url.length > 0))];
}

/**
 * `GET /api/offline/get-files-render`: the files the service worker of the served build precaches, as
 * absolute paths, read from the build's own `sw.js` on each call (a rebuild shows without a restart). A
 * server without a build (development, tests) has none.
 */
export async function readOfflineFiles(staticDir: string): Promise<{ files: string[] }> {
  let source: string;
  try {
    source = await readFile(path.join(staticDir, 'sw.js'), 'utf8');
  } catch {
    return { files: [] };
  }
  return { files: precacheUrls(source).map((url) => new URL(url, `http://app${APP_BASE}`).pathname) };
}

/**
 * `GET /api/offline/get-data-caches`: what a role keeps for offline use, so another client can prepare the
 * same set: the preset pages of SPEC §4 (the app's pages under its base; `/master-data` is a call) and the
 * first pull of every collection the role replicates.
 */
export function offlineDataUrls(role: AccountRole): { urls: string[] } {
  const pages = OFFLINE_PRESET_PAGES.map((page) =>
    page === '/master-data' ? page : `${APP_BASE}${page.slice(1)}`,
  );
  const pulls = Object.values(SyncCollection)
    .filter((collection) => SYNC_COLLECTION_ROLES[collection].pull.includes(role))
    .map((collection) => `/api/sync/${collection}/pull`);
  return { urls: [...pages, ...pulls] };
}
