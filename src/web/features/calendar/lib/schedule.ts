import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { addDays, formatTime } from '../../../../shared/events.ts';

// The schedule list (docs/product/calendar-rsvp-and-feed.md 'Schedule list'): the team's events in a
// window (the next 2 weeks, all upcoming, past), of one type or all, grouped by week. Pure and without
// luxon: dates are 'YYYY-MM-DD' calendar dates in the team's zone, formatted by string arithmetic once
// per row.

export const SCHEDULE_WINDOWS = ['next2weeks', 'upcoming', 'past'] as const;
export type ScheduleWindow = (typeof SCHEDULE_WINDOWS)[number];
export const SCHEDULE_WINDOW_LABELS: Record<ScheduleWindow, string> = {
  next2weeks: 'Next 2 weeks',
  upcoming: 'All upcoming',
  past: 'Past',
};

export const SCHEDULE_TYPES = ['all', 'games', 'practices', 'tournaments'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const SCHEDULE_TYPE_LABELS: Record<ScheduleType, string> = {
  all: 'All types',
  games: 'Games',
  practices: 'Practices',
  tournaments: 'Tournaments',
};

export const SCHEDULE_TEXT = {
  list: 'List',
  month: 'Month',
  viewLabel: 'Calendar view',
  windowLabel: 'Show',
  typeLabel: 'Type',
  none: 'No events in this window.',
  more: 'Show more weeks',
  /** The desktop's side panel before an event of the list is chosen. */
  pickEvent: 'Choose an event to see its details and answers.',
  loading: 'Loading events...',
  failed: 'The schedule could not be loaded.',
  /** 'All upcoming' and 'Past' reach this many days from today (a season and more). */
  reachDays: 364,
} as const;

/** The calendar reads at most CALENDAR_LIMITS.maxRangeDays at once: a long window is read in parts. */
const PART_DAYS = 91;

/** The date ranges a window reads, each within the API's limit. */
export function windowRanges(window: ScheduleWindow, today: string): { from: string; to: string }[] {
  if (window === 'next2weeks') return [{ from: today, to: addDays(today, 13) }];
  const parts: { from: string; to: string }[] = [];
  for (let start = 0; start <= SCHEDULE_TEXT.reachDays; start += PART_DAYS) {
    const end = Math.min(start + PART_DAYS - 1, SCHEDULE_TEXT.reachDays);
    parts.push(
      window === 'upcoming'
        ? { from: addDays(today, start), to: addDays(today, end) }
        : { from: addDays(today, -end - 1), to: addDays(today, -start - 1) },
    );
  }
  // Oldest first either way: the parts' events join in date order.
  return window === 'past' ? parts.reverse() : parts;
}

export function ofType(event: CalendarEvent, type: ScheduleType): boolean {
  if (type === 'all') return true;
  if (type === 'practices') return event.type === 'practice';
  if (type === 'tournaments') return event.kind === 'tournament';
  return event.type === 'game' && event.kind !== 'tournament';
}

/** The Sunday that starts the week of `date` (the month grid's weeks start on Sunday too). */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -day);
}

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 22' */
const monthDay = (date: string) =>
  `${MONTHS_SHORT[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;

/** 'Week of Nov 22 - 28', 'Week of Nov 29 - Dec 5'. */
export function weekTitle(start: string): string {
  const end = addDays(start, 6);
  const sameMonth = start.slice(0, 7) === end.slice(0, 7);
  return `Week of ${monthDay(start)} - ${sameMonth ? Number(end.slice(8, 10)) : monthDay(end)}`;
}

/** 'Sat, Nov 28' */
export function rowDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return `${WEEKDAYS_SHORT[day] ?? ''}, ${monthDay(date)}`;
}

export interface ScheduleRow {
  event: CalendarEvent;
  day: string;
  time: string;
}

export interface ScheduleWeek {
  start: string;
  title: string;
  rows: ScheduleRow[];
}

/**
 * The events of the window and type, grouped by week, each row's words made once: earliest first, or
 * for the past, the latest first. Tournament days without a game show once per tournament and week.
 */
export function scheduleWeeks(
  events: readonly CalendarEvent[],
  window: ScheduleWindow,
  type: ScheduleType,
  today: string,
): ScheduleWeek[] {
  const inWindow = events.filter((event) => {
    if (!ofType(event, type)) return false;
    if (window === 'past') return event.date < today;
    if (event.date < today) return false;
    return window === 'upcoming' || event.date <= addDays(today, 13);
  });
  const ordered = window === 'past' ? [...inWindow].reverse() : inWindow;
  const weeks: ScheduleWeek[] = [];
  const placeholders = new Set<string>();
  let current: ScheduleWeek | undefined;
  for (const event of ordered) {
    const start = weekStart(event.date);
    if (event.isPlaceholder) {
      const key = `${event.tournamentId ?? ''}:${start}`;
      if (placeholders.has(key)) continue;
      placeholders.add(key);
    }
    if (!current || current.start !== start) {
      current = { start, title: weekTitle(start), rows: [] };
      weeks.push(current);
    }
    current.rows.push({ event, day: rowDay(event.date), time: formatTime(event.time) });
  }
  return weeks;
}

/**
 * Rows the list renders at first, and adds at each 'Show more weeks': whole weeks up to at least this
 * many rows. A club's usual week (3 or 4 events) shows some 6 weeks; a tournament-heavy season's 20
 * rows a week show two, so the first render stays small on a phone (docs/decisions/045).
 */
export const ROWS_AT_ONCE = 20;

/** How many of `weeks` to show for a budget of `rows`: whole weeks, at least one. */
export function weeksWithin(weeks: readonly ScheduleWeek[], rows: number): number {
  let shown = 0;
  let count = 0;
  for (const week of weeks) {
    if (shown > 0 && count >= rows) break;
    shown += 1;
    count += week.rows.length;
  }
  return shown;
}

/** The phone grid's words for a day: a count per type ('2 G', 'P', 'T'), not dots alone. */
export function dayTally(
  events: readonly CalendarEvent[],
): { type: Exclude<ScheduleType, 'all'>; count: number }[] {
  const counts = { games: 0, practices: 0, tournaments: 0 };
  for (const event of events) {
    if (event.type === 'practice') counts.practices += 1;
    else if (event.kind === 'tournament') counts.tournaments += 1;
    else counts.games += 1;
  }
  return (['games', 'practices', 'tournaments'] as const)
    .filter((type) => counts[type] > 0)
    .map((type) => ({ type, count: counts[type] }));
}
