// Times shown 12-hour with dates MM/DD/YYYY (docs/product/announcements.md), in the team's time zone,
// through Intl (no luxon: the dashboard card uses these too).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/** '11/24/2026, 3:05 PM'. */
export function formatDateTime(iso: string, zone: string): string {
  return formatter(zone, true).format(new Date(iso));
}

/** '11/24/2026'. */
export function formatDay(iso: string, zone: string): string {
  return formatter(zone, false).format(new Date(iso));
}

/** A calendar date 'YYYY-MM-DD' as '12/01/2026'. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return y && m && d ? `${m}/${d}/${y}` : date;
}
