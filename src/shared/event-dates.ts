import { DateTime } from 'luxon';

// "Today" in the team's time zone, through luxon (no hand-made time-zone arithmetic). Kept apart from
// events.ts so the pure rules load without luxon; the screens that need today load it with them.

/** The calendar date 'YYYY-MM-DD' that it is in `zone` at `instant` (now by default). */
export function todayIn(zone: string, instant: Date = new Date()): string {
  const date = DateTime.fromJSDate(instant, { zone }).toISODate();
  if (!date) throw new Error(`Unknown time zone: ${zone}`);
  return date;
}
