// The browser's first date format in a time zone loads its time-zone data: about 16 ms here, some
// 100 ms on the phone Lighthouse emulates, paid inside whichever render first shows a date (the
// dashboard's schedule, the calendar). Loaded once the page is idle instead, in a short task of its own
// that usually runs while the first screen's data is still on its way. Any zone loads the data for all.

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
