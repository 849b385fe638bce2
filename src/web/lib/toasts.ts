import { useSyncExternalStore } from 'react';

// The answer to an action, shown where the user is: a toast fixed in the viewport rather than a notice
// at the top of a long form that a phone has scrolled away from.

export interface Toast {
  id: number;
  /** success goes by itself; a warning (done, with a caveat) and an error stay until dismissed. */
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/** Success toasts go after this; warnings and errors stay until dismissed or replaced. */
export const TOAST_SUCCESS_MS = 6_000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(toast: Toast | null) {
  current = toast;
  clearTimeout(timer);
  if (toast?.tone === 'success') timer = setTimeout(() => set(null), TOAST_SUCCESS_MS);
  listeners.forEach((listener) => listener());
}

export function showToast(tone: Toast['tone'], text: string): void {
  set({ id: nextId++, tone, text });
}

export function dismissToast(): void {
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
