import { useEffect } from 'react';

// Offline reading (docs/product/shell-and-navigation.md 'Installing and offline reading', docs/decisions/047): every
// signed-in visit registers the app's service worker (/sw.js), which keeps this release's app shell and
// the user's last answers to the schedule, roster and messages. It is registered once the page has
// loaded, so its download and the shell it keeps never compete with the first page.

const SERVICE_WORKER = '/sw.js';

function register(): void {
  navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' }).catch((error: unknown) => {
    // The app works as before without it: nothing is read offline.
    console.warn('The service worker could not be registered', error);
  });
}

/** Registers the service worker, where the browser has them, after the page's load event. */
export function useOfflineReading(): void {
  useEffect(() => {
    if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
    if (document.readyState === 'complete') {
      register();
      return;
    }
    window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}
