import { DateTime } from 'luxon';
import { POLL_LIMITS, type PollExpiryChoice } from './polls.ts';

// Poll expiry through luxon (docs/product/polls.md 'Fields and rules'). Kept apart from polls.ts
// so the dashboard card, which only needs isArchived, loads without luxon (docs/decisions/011, 019).

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a poll made now with this choice expires (ISO, UTC), or null for 'never'. 'days' is now plus that
 * many days; 'date' is the END of that day in the team's zone (the poll runs through the whole day).
 */
export function pollExpiresAt(choice: PollExpiryChoice, zone: string, now: Date = new Date()): string | null {
  if (choice.type === 'never') return null;
  if (choice.type === 'days') {
    return DateTime.fromJSDate(now, { zone }).plus({ days: choice.days }).toUTC().toISO();
  }
  const day = DateTime.fromISO(choice.date, { zone });
  if (!day.isValid) throw new Error(`Not a date: ${choice.date}`);
  return day.endOf('day').toUTC().toISO();
}

/** The date 'YYYY-MM-DD' of an instant in the zone. */
function dateIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/**
 * The choice the Edit Poll dialog starts from: no expiry is 'never'; 1 to 365 days remaining (rounded up)
 * is 'days'; anything else (already expired, or further away) is 'date', on the day it expires.
 */
export function inferPollExpiry(
  expiresAt: string | null,
  now: Date = new Date(),
  zone: string,
): PollExpiryChoice {
  const fallbackDays = POLL_LIMITS.defaultExpiryDays;
  if (expiresAt === null) return { type: 'never', days: fallbackDays, date: dateIn(now, zone) };
  const expires = new Date(expiresAt);
  const date = dateIn(expires, zone);
  const remaining = Math.ceil((expires.getTime() - now.getTime()) / DAY_MS);
  if (remaining >= POLL_LIMITS.expiryDaysMin && remaining <= POLL_LIMITS.expiryDaysMax) {
    return { type: 'days', days: remaining, date };
  }
  return { type: 'date', days: fallbackDays, date };
}
