import { DateTime } from 'luxon';
import {
  inQuietHours,
  type KindPreference,
  minutesOfClock,
  NOTIFICATION_LIMITS,
  type NotificationKind,
} from '../../../shared/notifications.ts';

// What a delivery becomes when its sender takes it (docs/decisions/043, docs/product/notifications.md
// 'Preferences', 'Quiet hours', 'Budget'): pure, so the rules are tested without a clock or a database.

export interface QuietHours {
  start: string;
  end: string;
}

/** What the plan needs to know of the notification. */
export interface PlannedNotification {
  kind: NotificationKind;
  /** When the event it is about starts (a change on that day is not held back). */
  eventStartsAt: Date | null;
}

export type Plan =
  | { action: 'send' }
  /** Email: listed in the next digest instead. */
  | { action: 'digest' }
  /** The user turned this kind off on this channel. */
  | { action: 'off' }
  /** Wait (quiet hours, or the hour's pushes are spent) and look again then. */
  | { action: 'defer'; until: Date };

/** A change or cancellation of an event happening today (in the team's zone) cannot wait for morning. */
export function isSameDayChange(notification: PlannedNotification, now: Date, zone: string): boolean {
  if (notification.kind !== 'event_changed' && notification.kind !== 'event_cancelled') return false;
  if (!notification.eventStartsAt) return false;
  const day = (instant: Date) => DateTime.fromJSDate(instant, { zone }).toISODate();
  return day(notification.eventStartsAt) === day(now);
}

/** When the quiet hours that hold `now` end (the next `end` clock time in the zone), or undefined if not quiet. */
export function quietUntil(now: Date, quiet: QuietHours | null, zone: string): Date | undefined {
  if (!quiet) return undefined;
  const local = DateTime.fromJSDate(now, { zone });
  if (!inQuietHours(local.hour * 60 + local.minute, quiet)) return undefined;
  const endMinutes = minutesOfClock(quiet.end);
  let end = local.set({
    hour: Math.floor(endMinutes / 60),
    minute: endMinutes % 60,
    second: 0,
    millisecond: 0,
  });
  if (end <= local) end = end.plus({ days: 1 });
  return end.toJSDate();
}

export interface EmailContext {
  preference: KindPreference;
  quiet: QuietHours | null;
  zone: string;
  now: Date;
  /** Immediate notification emails this user was sent in the last 24 hours. */
  sentLastDay: number;
}

/** An email: off, into the digest, wait for quiet hours to end, or send now (within the day's budget). */
export function planEmail(notification: PlannedNotification, context: EmailContext): Plan {
  if (context.preference.email === 'off') return { action: 'off' };
  if (context.preference.email === 'digest') return { action: 'digest' };
  if (!isSameDayChange(notification, context.now, context.zone)) {
    const until = quietUntil(context.now, context.quiet, context.zone);
    if (until) return { action: 'defer', until };
  }
  if (context.sentLastDay >= NOTIFICATION_LIMITS.emailsPerDay) return { action: 'digest' };
  return { action: 'send' };
}

export interface PushContext {
  preference: KindPreference;
  quiet: QuietHours | null;
  zone: string;
  now: Date;
  /** Pushes this user was sent in the last hour, oldest first. */
  sentLastHour: readonly Date[];
}

/** A push: off, wait for quiet hours or for the hour's budget to free up, or send now. */
export function planPush(notification: PlannedNotification, context: PushContext): Plan {
  if (!context.preference.push) return { action: 'off' };
  if (!isSameDayChange(notification, context.now, context.zone)) {
    const until = quietUntil(context.now, context.quiet, context.zone);
    if (until) return { action: 'defer', until };
  }
  const spent = context.sentLastHour.length;
  if (spent >= NOTIFICATION_LIMITS.pushesPerHour) {
    // The hour frees up when the oldest push of the window is an hour old.
    const oldest = context.sentLastHour[spent - NOTIFICATION_LIMITS.pushesPerHour] ?? context.now;
    return { action: 'defer', until: new Date(oldest.getTime() + 3600_000) };
  }
  return { action: 'send' };
}

/**
 * Whether the pushes waiting for a user go out as one ('3 updates from U12 Lions'): when more than one
 * waits and the hour's budget has room for only one more.
 */
export function coalescePushes(waiting: number, sentLastHour: number): boolean {
  return waiting > 1 && NOTIFICATION_LIMITS.pushesPerHour - sentLastHour <= 1;
}

/** When a user's digest for the day of `now` goes: their digest hour today, or tomorrow if it has passed. */
export function nextDigestAt(now: Date, digestHour: number, zone: string): Date {
  const local = DateTime.fromJSDate(now, { zone });
  let at = local.set({ hour: digestHour, minute: 0, second: 0, millisecond: 0 });
  if (at <= local) at = at.plus({ days: 1 });
  return at.toJSDate();
}
