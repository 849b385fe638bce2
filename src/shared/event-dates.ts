import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { formatDate, formatTime, isCalendarDate, isClockTime } from './events.ts';

// Dates and clock times in the team's time zone, through luxon (no hand-made time-zone arithmetic).
// Kept apart from events.ts so the pure rules load without luxon; the screens that need these load it
// with them.

/** The day last worked out in each zone, with the instants (ms) it runs from and until. */
const knownDays = new Map<string, { date: string; from: number; until: number }>();

/**
 * The calendar date 'YYYY-MM-DD' that it is in `zone` at `instant` (now by default). Every list and
 * feed asks it on every read, and luxon's zone arithmetic was a tenth of a calendar feed's 304: the
 * day is worked out once per zone and served until its last millisecond.
 */
export function todayIn(zone: string, instant: Date = new Date()): string {
  const at = instant.getTime();
  const known = knownDays.get(zone);
  if (known && at >= known.from && at < known.until) return known.date;
  const local = DateTime.fromMillis(at, { zone });
  const date = local.toISODate();
  if (!date) throw new Error(`Unknown time zone: ${zone}`);
  const from = local.startOf('day').toMillis();
  const until = local.startOf('day').plus({ days: 1 }).toMillis();
  // Kept only when the bounds hold that date (a zone whose midnight a clock change skips is asked anew).
  if (
    from <= at &&
    at < until &&
    DateTime.fromMillis(from, { zone }).toISODate() === date &&
    DateTime.fromMillis(until - 1, { zone }).toISODate() === date
  ) {
    knownDays.set(zone, { date, from, until });
  }
  return date;
}

/**
 * The instant that a local date and 'HH:MM' time name in `zone` (docs/product/events.md 'Times'). A time
 * the autumn overlap holds twice is its first occurrence, as RFC 5545 reads it (luxon alone would take
 * the second). A time in the spring-forward gap names no instant: every write refuses it
 * (`nonexistentTimeMessage`), and one stored earlier is luxon's shift past the gap.
 */
export function zonedStart(date: string, time: string, zone: string): DateTime {
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid) return local;
  return local
    .getPossibleOffsets()
    .reduce((first, candidate) => (candidate.toMillis() < first.toMillis() ? candidate : first), local);
}

/** The start of a date in `zone` (the first instant of that day). */
export function startOfDay(date: string, zone: string): DateTime {
  return DateTime.fromISO(date, { zone }).startOf('day');
}

/** The date 'YYYY-MM-DD' and time 'HH:MM' of an instant on the wall clocks of `zone`. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const local = DateTime.fromJSDate(instant, { zone });
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
}

/** `days` calendar days after `instant` in `zone`, at the same wall-clock time (across a clock change too). */
export function plusDaysIn(instant: Date, days: number, zone: string): Date {
  return DateTime.fromJSDate(instant, { zone }).plus({ days }).toJSDate();
}

/** Whether the wall-clock time of `instant` happens twice in its zone (the autumn overlap). */
export function isRepeatedLocalTime(instant: DateTime): boolean {
  return instant.isValid && instant.getPossibleOffsets().length > 1;
}

/** A spring-forward gap: the wall clock jumps from `from` to `to` ('HH:MM'). */
export interface ClockGap {
  from: string;
  to: string;
}

/** The gap that swallows `time` on `date` in `zone`, or undefined when that local time exists. */
export function clockGap(date: string, time: string, zone: string): ClockGap | undefined {
  if (!isCalendarDate(date) || !isClockTime(time) || !IANAZone.isValidZone(zone)) return undefined;
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (local.toFormat('yyyy-MM-dd HH:mm') === `${date} ${time}`) return undefined;
  // Luxon moved the time forward by the gap's length. The clocks change somewhere between the time
  // read with the later offset and the time read with the earlier one: the first minute of the later
  // offset is found by halving that interval.
  const iana = IANAZone.create(zone);
  const wall = DateTime.fromISO(`${date}T${time}`, { zone: 'utc' }).toMillis();
  const after = local.offset;
  let low = wall - after * 60_000;
  let high = wall - iana.offset(low) * 60_000;
  if (iana.offset(low) === after || iana.offset(high) !== after) return undefined;
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (iana.offset(middle) === after) high = middle;
    else low = middle;
  }
  const before = iana.offset(low);
  const clock = (offset: number) =>
    DateTime.fromMillis(high, { zone: FixedOffsetZone.instance(offset) }).toFormat('HH:mm');
  return { from: clock(before), to: clock(after) };
}

/**
 * docs/product/events.md 'Times': the sentence that refuses a time in the team zone's
 * spring-forward gap, or undefined for a time that exists (and for anything that is not a date and a
 * clock time: TBD, blank). The server's validation and the event forms both ask it.
 */
export function nonexistentTimeMessage(date: string, time: string, zone: string): string | undefined {
  const gap = clockGap(date, time, zone);
  if (!gap) return undefined;
  return (
    `${formatTime(time)} does not exist on ${formatDate(date)} in ${zone}: clocks go from ` +
    `${formatTime(gap.from)} to ${formatTime(gap.to)}. Please choose another time.`
  );
}
