import { useSyncExternalStore } from 'react';
import { AUTH_TOKEN_KEY } from './auth-token-key.ts';
import { forgetOfflineCopies } from './offline-copies.ts';

// The bearer token of the signed-in user, kept in local storage under `auth_token`
// (docs/product/accounts-and-sign-in.md). Components follow it through useAuthToken, so signing in or out
// re-renders the app.

export { AUTH_TOKEN_KEY };

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Signs in: answers kept offline for anyone else on this browser are deleted. */
export function setToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  void forgetOfflineCopies(token);
  notify();
}

/** Signs out: every answer kept offline is deleted. */
export function clearToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  void forgetOfflineCopies();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another browser tab signing in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
