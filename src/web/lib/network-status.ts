import { useSyncExternalStore } from 'react';

// Whether the app can reach the server, for the shell's offline indicator: the browser's online and
// offline events, and also what requests find out (a dropped connection leaves navigator.onLine true).

let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
/**
 * When the oldest answer shown from the service worker's copy was stored (ISO), since the server last
 * answered; null when everything shown came from the server (docs/decisions/047).
 */
let keptSince: string | null = null;
const listeners = new Set<() => void>();

function set(next: boolean, nextKeptSince: string | null = keptSince): void {
  if (online === next && keptSince === nextKeptSince) return;
  online = next;
  keptSince = nextKeptSince;
  listeners.forEach((listener) => listener());
}

/** A request never reached the server. */
export function reportNetworkFailure(): void {
  set(false);
}

/** A request got an answer. */
export function reportNetworkSuccess(): void {
  set(true, null);
}

/** A read got no answer from the server; the service worker gave its copy stored at `storedAt`. */
export function reportOfflineCopy(storedAt: string): void {
  const stored = Date.parse(storedAt);
  if (Number.isNaN(stored)) return set(false);
  set(
    false,
    keptSince !== null && Date.parse(keptSince) <= stored ? keptSince : new Date(stored).toISOString(),
  );
}

const goOnline = () => set(true, null);
const goOffline = () => set(false);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    }
  };
}

/** When the oldest offline copy on screen was stored, or null (see keptSince). */
export function useOfflineCopyTime(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => keptSince,
    () => null,
  );
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => online,
    () => true,
  );
}
