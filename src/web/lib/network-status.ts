import { useSyncExternalStore } from 'react';

// Whether the app can reach the server, for the shell's offline indicator: the browser's online and
// offline events, and also what requests find out (a dropped connection leaves navigator.onLine true).

let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (online === next) return;
  online = next;
  listeners.forEach((listener) => listener());
}

/** A request never reached the server. */
export function reportNetworkFailure(): void {
  set(false);
}

/** A request got an answer. */
export function reportNetworkSuccess(): void {
  set(true);
}

const goOnline = () => set(true);
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

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => online,
    () => true,
  );
}
