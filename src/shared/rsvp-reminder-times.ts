import { formatDate, formatTime, isCalendarDate, isClockTime } from './events.ts';
import { startOfDay, todayIn, wallClock, zonedStart } from './event-dates.ts';
import { rsvpClosesAt, type RsvpWhen } from './rsvp.ts';
import { remindAgainAt, REMINDER_MESSAGES } from './rsvp-reminders.ts';

// RSVP reminders on the team's clocks (docs/product/notifications.md 'RSVP reminders'), through luxon:
// kept apart from rsvp-reminders.ts so what needs only the words loads none.

/**
 * When an event starts for its reminder: its date and time in the team's zone, or the start of its day
 * when the time is not known yet (TBD); undefined for a tournament game without a date.
 */
export function reminderStartsAt(event: Pick<RsvpWhen, 'date' | 'time'>, zone: string): Date | undefined {
  if (!event.date || !isCalendarDate(event.date)) return undefined;
  const at =
    event.time && isClockTime(event.time)
      ? zonedStart(event.date, event.time, zone)
      : startOfDay(event.date, zone);
  return at.isValid ? at.toJSDate() : undefined;
}

/**
 * Whether the automatic reminder of an event is due at `now`: reminders on (`hours` > 0), the event
 * within `hours` of its start and its answers still open (rsvpClosesAt: not started).
 */
export function reminderDue(event: RsvpWhen, hours: number, zone: string, now: Date): boolean {
  if (hours <= 0) return false;
  const starts = reminderStartsAt(event, zone);
  const closes = rsvpClosesAt(event, zone);
  if (!starts || !closes || now.getTime() >= closes.getTime()) return false;
  return now.getTime() >= starts.getTime() - hours * 3_600_000;
}

/** An instant on the team's clocks: the time, and the date when it is not today. */
export function clockWords(instant: Date, zone: string, now: Date): { time: string; date: string | null } {
  const local = wallClock(instant, zone);
  return {
    time: formatTime(local.time),
    date: local.date === todayIn(zone, now) ? null : formatDate(local.date),
  };
}

/** 'at 4:05 PM' today; 'on 11/27/2026 at 4:05 PM' another day. */
export function atWords(instant: Date, zone: string, now: Date): string {
  const { time, date } = clockWords(instant, zone, now);
  return date ? `on ${date} at ${time}` : `at ${time}`;
}

/** 429's detail: when the last coach's reminder went and when the next may. */
export function tooSoonMessage(sentAt: Date, zone: string, now: Date): string {
  const next = clockWords(remindAgainAt(sentAt), zone, now);
  return REMINDER_MESSAGES.tooSoon(
    atWords(sentAt, zone, now),
    next.date ? `${next.time} on ${next.date}` : next.time,
  );
}
