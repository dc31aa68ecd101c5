import { z } from 'zod';
import { whenNothingUnsaved } from './unsaved-changes';

let registered = false;

/**
 * Registers the PWA service worker in production builds, once per page; it updates itself when a new build
 * ships. Called when a signed-in user's data mounts (after sign-in, or at start with a stored session): offline
 * use matters only to signed-in users, so the sign-in page loads no worker client.
 */
export async function registerServiceWorker(): Promise<void> {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true, onNeedReload: () => void reloadForNewBuild() });
}

/**
 * A service worker other than this page's own took over (vite-plugin-pwa's autoUpdate called it an update or
 * "external"), which it reloaded the page for at once. Issue 42: that reload emptied forms users were filling
 * in, on a device's first pages too, where the worker another page of the same build installed counts as
 * external. Now the page reloads only when the server runs another build than this page, and never over a
 * form's unsaved edits: it waits until none holds any.
 */
async function reloadForNewBuild(): Promise<void> {
  const served = await fetch(`${import.meta.env.BASE_URL}build.json`, { cache: 'no-store' })
    .then((answer) => (answer.ok ? answer.json() : null))
    .catch(() => null);
  const build = z.object({ build: z.string() }).safeParse(served);
  if (!build.success || build.data.build === __BUILD_ID__) return;
  whenNothingUnsaved(() => window.location.reload());
}
