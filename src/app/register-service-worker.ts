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
  registerSW({ immediate: true });
}
