// The app's service worker (docs/product/notifications.md 'Web push'): registered only when someone
// turns notifications on in Account Settings, and only for them. It shows what the server pushes and
// opens the app where the notification points. It has no fetch handler: pages load as they always do,
// never from a cache of its own.

/** Where a notification may lead: a page of this app, never another site. */
function appAddress(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

// Open pages come under this worker at once, so a tap on a notification can move one of them.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Club Teams';
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/favicon.svg',
    data: { link: appAddress(message.link) },
  };
  // A second push with the same tag replaces the first rather than showing twice.
  if (typeof message.tag === 'string' && message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appAddress(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          // Focus first, while the tap still allows it; then move the page to the link.
          await open.focus();
          if (open.url !== link) await open.navigate(link);
          return;
        } catch {
          // A page this worker does not control cannot be moved: open the link beside it.
        }
      }
      await self.clients.openWindow(link);
    })(),
  );
});
