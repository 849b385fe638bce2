import { DateTime } from 'luxon';
import { ANNOUNCEMENT_EXPIRY_DAYS, type ExpiryType } from './announcements.ts';

// Announcement expiry in the team's time zone (docs/product/announcements.md), through luxon: kept apart
// from announcements.ts so the dashboard card loads its rules without luxon.

export interface ExpiryChoice {
  type: ExpiryType;
  /** For 'days'. */
  days?: number | null;
  /** For 'date': 'YYYY-MM-DD', a day in the team's time zone. */
  date?: string | null;
}

export type InferredExpiry =
  { type: 'never' } | { type: 'days'; days: number } | { type: 'date'; date: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expires_at a choice means: now + N days, the end of the chosen day in `zone`, or null. */
export function expiresAtFor(choice: ExpiryChoice, zone: string, now: Date = new Date()): string | null {
  if (choice.type === 'never') return null;
  if (choice.type === 'days') {
    const days = choice.days ?? 0;
    if (!Number.isInteger(days) || days < 1) throw new Error(`Invalid expiry days: ${String(days)}`);
    return new Date(now.getTime() + days * DAY_MS).toISOString();
  }
  const day = DateTime.fromISO(choice.date ?? '', { zone });
  if (!day.isValid) throw new Error(`Invalid expiry date: ${String(choice.date)}`);
  const iso = day.endOf('day').toUTC().toISO();
  if (!iso) throw new Error(`Invalid expiry date: ${String(choice.date)}`);
  return iso;
}

/**
 * The choice an edit dialog opens with: 'days' only when the days left are exactly one of the
 * offered choices (1, 3, 7, 14, 30, 60, 90), otherwise the date it ends on in `zone`.
 */
export function inferExpiry(expiresAt: string | null, now: Date, zone: string): InferredExpiry {
  if (expiresAt === null) return { type: 'never' };
  const end = Date.parse(expiresAt);
  // Days left, counting a started day as one: an announcement set to 7 days and edited an hour later
  // still opens as '7 days'.
  const days = Math.ceil((end - now.getTime()) / DAY_MS);
  if ((ANNOUNCEMENT_EXPIRY_DAYS as readonly number[]).includes(days)) {
    return { type: 'days', days };
  }
  const date = DateTime.fromMillis(end, { zone }).toISODate();
  if (!date) throw new Error(`Unknown time zone: ${zone}`);
  return { type: 'date', date };
}
