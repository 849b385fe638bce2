import { CALENDAR_KIND_LABELS, type CalendarEvent } from '../../../../shared/calendar.ts';
import { formatTime } from '../../../../shared/events.ts';

// 'Next up' (docs/product/shell-and-navigation.md 'Dashboard'; docs/product/calendar-rsvp-and-feed.md
// 'Next up'): the current team's next three events as the calendar derives them, none cancelled and none
// started yet; a tournament without scheduled games shows once, on its first day still to come.

export const NEXT_UP = {
  title: 'Next up',
  count: 3,
  none: 'Nothing coming up.',
  calendarLink: 'Full schedule',
} as const;

/** The next `count` events of `events` (sorted by date and time, as calendarEvents answers them). */
export function nextUpEvents(
  events: readonly CalendarEvent[],
  notStarted: (event: CalendarEvent) => boolean,
  count: number = NEXT_UP.count,
): CalendarEvent[] {
  const chosen: CalendarEvent[] = [];
  const tournamentsShown = new Set<number>();
  for (const event of events) {
    if (chosen.length >= count) break;
    if (event.status === 'cancelled' || !notStarted(event)) continue;
    if (event.isPlaceholder && event.tournamentId !== null) {
      if (tournamentsShown.has(event.tournamentId)) continue;
    }
    if (event.tournamentId !== null) tournamentsShown.add(event.tournamentId);
    chosen.push(event);
  }
  return chosen;
}

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'Sat 11/28' for a 'YYYY-MM-DD' calendar date (no clock, no zone). */
export function shortDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return `${WEEKDAYS_SHORT[day] ?? ''} ${date.slice(5, 7)}/${date.slice(8, 10)}`;
}

/** 'Sat 11/28 · 10:00 AM' ('TBD' for a time not known yet). */
export function whenText(event: Pick<CalendarEvent, 'date' | 'time'>): string {
  return `${shortDay(event.date)} · ${formatTime(event.time)}`;
}

/** 'League', 'Practice', 'Tournament'. */
export const kindLabel = (event: Pick<CalendarEvent, 'kind'>) => CALENDAR_KIND_LABELS[event.kind];
