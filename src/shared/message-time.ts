import { DateTime } from 'luxon';

// Message timestamps (docs/product/conversations.md), in the team's time zone: the time alone for today,
// 'Yesterday' and the time, otherwise MM/DD/YYYY and the time; times 12-hour with AM/PM. Kept apart from
// conversations.ts so code that needs only the rules loads no luxon.

export function messageTimestamp(iso: string, zone: string, now: Date = new Date()): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  if (!at.isValid) return '';
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  const time = at.toFormat('h:mm a');
  const day = at.startOf('day');
  if (day.equals(today)) return time;
  if (day.equals(today.minus({ days: 1 }))) return `Yesterday ${time}`;
  return `${at.toFormat('MM/dd/yyyy')} ${time}`;
}
