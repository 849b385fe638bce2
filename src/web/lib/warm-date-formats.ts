// The browser's first date format loads its date and time-zone data: 30-110 ms on this machine in a
// fresh Chromium, some 100-400 ms on the phone Lighthouse emulates, paid inside whichever render first
// shows a date (the dashboard's schedule, the calendar). Loaded once the page is idle instead, in a task
// of its own: the page's inline script (early-reads.ts) asks while the app's files are still downloading;
// main.tsx asks again for a page without it (the dev server), which then costs nothing. Any zone loads
// the data for all.

export function warmDateFormats(): void {
  const load = () => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);
    } catch {
      // No time-zone support: nothing to load.
    }
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 0);
}
