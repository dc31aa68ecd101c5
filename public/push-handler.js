// Web Push of notices (issue 43), imported by the service worker vite-plugin-pwa generates (vite.config.ts,
// `workbox.importScripts`). The server words each message in its reader's language and sends
// `{ title, body, url, tag }`; a tap opens `url`, a path of this app, in a window of the app if one is open.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'School Admin', {
      body: message.body || '',
      tag: message.tag,
      data: { url: message.url },
      icon: new URL('icon-192.png', self.registration.scope).href,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const scope = self.registration.scope;
  const asked = event.notification.data?.url;
  // Only a page of this app: a message naming another origin opens the app's start page instead.
  const target = asked ? new URL(asked, scope) : new URL(scope);
  const url = target.origin === self.location.origin ? target.href : scope;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.startsWith(scope));
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
