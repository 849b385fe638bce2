import { useSyncExternalStore } from 'react';

// Whether the page is in view (document.visibilityState): polling slows down and nothing is marked read
// while it is hidden.

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
