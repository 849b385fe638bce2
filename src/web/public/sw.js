// The app's service worker. It does two things:
// - Web push (docs/product/notifications.md 'Web push'): it shows what the server pushes and opens the
//   app where the notification points.
// - Offline reading (docs/product/shell-and-navigation.md 'Installing and offline reading', docs/decisions/047): it keeps
//   this release's app shell, and the signed-in user's last answers to the reads of the schedule, the
//   roster's contact sheet and the messages, and gives them back only when the network fails.
// It is registered on every signed-in visit (src/web/lib/offline-reading.ts). Hand-written and small on
// purpose (decision 047): every rule below is a pure function that tests/unit/service-worker.test.ts
// runs in a sandbox.

// The release's shell: written by the build (scripts/vite-offline-shell.ts) in place of this line. In
// `vite` (development) it stays empty: no file is kept (pages and scripts come from vite as always),
// while API reads are kept as in a build.
const SHELL = { version: 'dev', files: [] };

/** This release's shell cache; older releases' are deleted when this worker takes over. */
const SHELL_CACHE = `club-shell-${SHELL.version}`;
/** Every cache of API answers starts so; one per signed-in user (see apiCacheName). */
const API_CACHE_PREFIX = 'club-api-';
/** The deployment's public settings (GET /api/config), kept apart from any user's answers. */
const PUBLIC_API_CACHE = `${API_CACHE_PREFIX}public`;
/** Set on a kept API answer: when it was stored. The page shows 'Offline - as of' that time. */
const STORED_AT_HEADER = 'X-Offline-Stored-At';

/**
 * The API reads kept for offline reading (paths under /api): the shell's own (who is signed in, their
 * teams and rights), the schedule, the roster's contact sheet and the messages. Nothing else, and
 * never the live stream, files, calendar feeds or anything a sign-in flow reads.
 */
const KEPT_READS = [
  /^\/auth\/me$/,
  /^\/teams\/(coached|my-team)$/,
  /^\/teams\/\d+(\/players|\/parents|\/parents\/synced|\/players\/\d+\/parents|\/contact-sheet)?$/,
  /^\/moderators\/my-permissions\/\d+$/,
  /^\/calendar\/team\/\d+\/events$/,
  /^\/(games|practices)\/\d+$/,
  /^\/games\/\d+\/\d+$/,
  /^\/tournaments\/(all|\d+|team\/\d+)$/,
  /^\/team-rsvp\/(user\/\d+\/events|team\/\d+\/overview)$/,
  /^\/kits\/team\/\d+$/,
  /^\/messaging\/(conversations|announcements|polls)$/,
  /^\/messaging\/(conversations|announcements|polls|unread-count|recipients)\/\d+$/,
  /^\/messaging\/conversations\/\d+\/messages$/,
  /^\/messaging\/announcements\/\d+\/comments$/,
];

/**
 * What this worker does with a request: 'page' (a page of the app: network first, else this release's
 * index.html), 'shell' (a file of this release: kept copy first), 'api' (a kept read: network first,
 * else the user's kept answer), 'public-api' (the same for GET /api/config), 'file' (the manifest:
 * network first, else this release's kept copy), or 'pass' (not touched:
 * the browser sends it as if there were no worker). Only GETs of this origin are ever touched: writes
 * are never kept, queued or replayed.
 */
function requestPolicy(method, url, mode, origin, shellFiles) {
  if (method !== 'GET') return 'pass';
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return 'pass';
  }
  if (parsed.origin !== origin) return 'pass';
  const path = parsed.pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    const apiPath = path.slice('/api'.length);
    if (mode === 'navigate') return 'pass';
    if (apiPath === '/config') return 'public-api';
    return KEPT_READS.some((pattern) => pattern.test(apiPath)) ? 'api' : 'pass';
  }
  if (path === '/sw.js') return 'pass';
  if (mode === 'navigate') return 'page';
  // The manifest carries the club's name and colour from the server's configuration, which may change
  // without a release: the server's first, this release's copy offline.
  if (path === '/manifest.webmanifest' && shellFiles.includes(path)) return 'file';
  return shellFiles.includes(path) ? 'shell' : 'pass';
}

/** Only a whole, successful answer of this origin is kept: never an error, a redirect or a 304. */
function isKeepable(response) {
  return Boolean(response) && response.status === 200 && response.type === 'basic' && !response.redirected;
}

/** The bearer token of an Authorization header, or null. */
function bearerToken(authorization) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization || '');
  return match ? match[1] : null;
}

/** Hex of the first 16 bytes of a SHA-256 digest. */
function hex(digest) {
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The cache of the user this token belongs to: named by a digest of the token (never the token
 * itself), so an answer is only ever given back to a request carrying the same token. A request with
 * no token has no cache.
 */
async function apiCacheName(authorization) {
  const token = bearerToken(authorization);
  if (!token) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return `${API_CACHE_PREFIX}${hex(digest)}`;
}

/** Caches to delete when `keep` (this release's shell) takes over: older shells. */
function staleShellCaches(names, keep) {
  return names.filter((name) => name.startsWith('club-shell-') && name !== keep);
}

/** Other users' caches, deleted when a user's first answer is kept: one user's answers at a time. */
function otherUsersCaches(names, keep) {
  return names.filter(
    (name) => name.startsWith(API_CACHE_PREFIX) && name !== keep && name !== PUBLIC_API_CACHE,
  );
}

/** A copy of a kept answer that says when it was stored. */
async function stamped(response, now) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, now.toISOString());
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Counts the page's sign-ins and sign-outs (the FORGET_COPIES message): an answer to a read asked
 * before the latest one is not kept, or a read still under way at a sign-out would put that user's
 * answers back after the page deleted them.
 */
let signInsAndOuts = 0;
const FORGET_COPIES = 'forget-offline-copies';

async function keepAnswer(cacheName, request, response, askedAt) {
  const forgotten = () => cacheName !== PUBLIC_API_CACHE && askedAt !== signInsAndOuts;
  if (forgotten()) return;
  if (!(await caches.has(cacheName)) && cacheName !== PUBLIC_API_CACHE) {
    const names = await caches.keys();
    await Promise.all(otherUsersCaches(names, cacheName).map((name) => caches.delete(name)));
  }
  const cache = await caches.open(cacheName);
  const copy = await stamped(response, new Date());
  if (forgotten()) return;
  await cache.put(request.url, copy);
}

/** Network first; the kept answer only when the network fails; a failure stays a failure otherwise. */
async function networkFirstApi(event, policy) {
  const { request } = event;
  const askedAt = signInsAndOuts;
  const cacheName =
    policy === 'public-api' ? PUBLIC_API_CACHE : await apiCacheName(request.headers.get('Authorization'));
  try {
    const response = await fetch(request);
    if (cacheName && isKeepable(response)) {
      event.waitUntil(keepAnswer(cacheName, request, response.clone(), askedAt).catch(() => undefined));
    }
    return response;
  } catch (error) {
    if (cacheName && (await caches.has(cacheName))) {
      const kept = await (await caches.open(cacheName)).match(request.url);
      if (kept) return kept;
    }
    throw error;
  }
}

/** A page: the network's, else this release's index.html (the app routes by its address). */
async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** The manifest: the server's, else this release's kept copy. */
async function networkFirstFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** A file of this release: its names change with its content, so the kept copy is the right one. */
async function keptFirst(request) {
  const kept = await caches.match(request, { cacheName: SHELL_CACHE });
  return kept || fetch(request);
}

/**
 * The requests that fetch this release's shell: from the server, never the browser's HTTP cache. The
 * unhashed files (the manifest, the icons: an hour's max-age) keep their names from release to release,
 * and a copy the browser kept from the release before would otherwise be kept as this release's: a mix
 * of two releases (tests/e2e/offline-release.spec.ts). 'reload' also refreshes the HTTP cache's copy.
 */
function shellRequests(files, origin) {
  return files.map((file) => new Request(new URL(file, origin).href, { cache: 'reload' }));
}

self.addEventListener('install', (event) => {
  // The whole shell or nothing: a release whose files cannot all be fetched is not installed.
  event.waitUntil(
    (async () => {
      if (SHELL.files.length) {
        await (await caches.open(SHELL_CACHE)).addAll(shellRequests(SHELL.files, self.location.origin));
      }
      await self.skipWaiting();
    })(),
  );
});

// Open pages come under this worker at once (a tap on a notification can move one of them), and the
// shells of older releases go: their pages loaded what they needed, and the next visit is this one's.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleShellCaches(names, SHELL_CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// The page signed someone in or out (src/web/lib/offline-copies.ts): reads under way are not kept, and
// the users' copies go (the page deletes them too; this covers a copy written meanwhile).
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== FORGET_COPIES) return;
  signInsAndOuts += 1;
  const keep = typeof event.data.keep === 'string' ? event.data.keep : null;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(otherUsersCaches(names, keep ?? '').map((name) => caches.delete(name)))),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const policy = requestPolicy(request.method, request.url, request.mode, self.location.origin, SHELL.files);
  if (policy === 'pass') return;
  if (policy === 'page') event.respondWith(networkFirstPage(request));
  else if (policy === 'shell') event.respondWith(keptFirst(request));
  else if (policy === 'file') event.respondWith(networkFirstFile(request));
  else event.respondWith(networkFirstApi(event, policy));
});

/** Where a notification may lead: a page of this app, never another site. */
function appAddress(link) {
  try {
    const url = new URL(typeof link === 'string' && link ? link : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

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
