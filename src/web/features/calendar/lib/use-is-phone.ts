import { useSyncExternalStore } from 'react';

/** Narrower than this is a phone: dots in the day cells and the day's events in a bottom sheet. */
export const PHONE_QUERY = '(max-width: 599.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

function subscribe(listener: () => void): () => void {
  const list = media();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/** True while the viewport is phone-sized (follows rotation and resizing). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
