// The service worker's copies of API answers (docs/product/shell-and-navigation.md 'Installing and offline reading',
// docs/decisions/047): they belong to one signed-in user. Signing out deletes them all; signing in
// deletes every copy but the ones of the token now in use (none, unless the same sign-in comes back).
// The names and the digest match src/web/public/sw.js.

/** Set by the service worker on an answer it gives back from its copy: when that copy was stored. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Stored-At';
const API_CACHE_PREFIX = 'club-api-';
/** The message the worker listens for (FORGET_COPIES in sw.js). */
const FORGET_COPIES_MESSAGE = 'forget-offline-copies';

/** The cache the service worker keeps this token's answers in. */
export async function apiCacheName(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0'));
  return `${API_CACHE_PREFIX}${hex.join('')}`;
}

/** Deletes the kept API answers, except those of `keepToken` when given. Never fails. */
export async function forgetOfflineCopies(keepToken: string | null = null): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    const keep = keepToken ? await apiCacheName(keepToken) : null;
    // The worker stops keeping answers to reads asked before now (a read under way at a sign-out would
    // otherwise put them back) and deletes the copies as well.
    navigator.serviceWorker?.controller?.postMessage({ type: FORGET_COPIES_MESSAGE, keep });
    const names = await caches.keys();
    await Promise.all(
      names
        .filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== keep)
        .map((name) => caches.delete(name)),
    );
  } catch {
    // No Cache Storage (an insecure page, a private window that refuses it): nothing was kept.
  }
}
