import { DateTime } from 'luxon';

// Dates are shown MM/DD/YYYY (docs/product/shell-and-navigation.md 'Formats'), in the team's time zone.

/** An ISO date-time (or date) as MM/DD/YYYY in the given zone; '' when missing or unreadable. */
export function formatDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return date.isValid ? date.toFormat('MM/dd/yyyy') : '';
}

/** An ISO date-time's time of day, 12-hour with AM/PM ('2:05 PM'), in the given zone; '' when unreadable. */
export function formatTimeOfDay(iso: string, zone: string): string {
  const date = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return date.isValid ? date.toFormat('h:mm a') : '';
}

/** A date input's value (YYYY-MM-DD) as the ISO date-time the server stores, or null when blank. */
export function dateInputToIso(value: string): string | null {
  return value ? `${value}T00:00:00.000Z` : null;
}
