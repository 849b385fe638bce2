import { addDays } from './events.ts';
import { RSVP_EVENT_TYPES, type RsvpEventType } from './rsvp.ts';

// The Event RSVPs overview's window and type filter (docs/product/calendar-rsvp-and-feed.md 'Event RSVPs
// (Team Administration)'; docs/decisions/050). The API's optional query: `from` and `to` (inclusive
// dates in the team's time zone), `include_past` and `type`. Without any of them it answers what it
// always did: every event from today on. The screen opens on the next 14 days.

/** The windows the screen offers, in its order; 'custom' is a from-to the coach picks. */
export const OVERVIEW_PRESETS = ['next14', 'next30', 'past14', 'upcoming', 'all', 'custom'] as const;
export type OverviewPreset = (typeof OVERVIEW_PRESETS)[number];

export const OVERVIEW_PRESET_LABELS: Record<OverviewPreset, string> = {
  next14: 'Next 14 days',
  next30: 'Next 30 days',
  past14: 'Past 14 days',
  upcoming: 'All upcoming',
  all: 'All events',
  custom: 'Custom dates',
};

export const DEFAULT_OVERVIEW_PRESET: OverviewPreset = 'next14';

/** The type filter's choices: every kind, or one. */
export const OVERVIEW_TYPE_LABELS: Record<RsvpEventType | 'all', string> = {
  all: 'All types',
  game: 'Games',
  tournament: 'Tournament games',
  practice: 'Practices',
};

export const OVERVIEW_MESSAGES = {
  toBeforeFrom: 'to must be on or after from',
  badType: `type must be one or more of ${RSVP_EVENT_TYPES.join(', ')}, separated by commas`,
  /** The screen's custom window before both dates are chosen, or chosen the wrong way round. */
  chooseDates: 'Choose a start and an end date.',
  endBeforeStart: 'The end date must be on or after the start date.',
} as const;

const EMPTY_WHEN: Record<OverviewPreset, string> = {
  next14: 'in the next 14 days',
  next30: 'in the next 30 days',
  past14: 'in the past 14 days',
  upcoming: 'coming up',
  all: 'yet',
  custom: 'between these dates',
};

/** 'No events in the next 14 days.', 'No practices coming up.': what an empty window says. */
export function overviewEmpty(preset: OverviewPreset, type: RsvpEventType | 'all'): string {
  const what = type === 'all' ? 'events' : OVERVIEW_TYPE_LABELS[type].toLowerCase();
  return `No ${what} ${EMPTY_WHEN[preset]}.`;
}

/** The overview's query as the API reads it (all optional). */
export interface OverviewQuery {
  from?: string;
  to?: string;
  /** Without `from`: events before today too (the window has no start). */
  include_past?: boolean;
  /** Only these kinds of events; every kind when absent. */
  type?: RsvpEventType[];
}

/** The inclusive dates the server reads between; null is an open end. */
export interface DateWindow {
  from: string | null;
  to: string | null;
}

/** The server's window for a query: from today on unless told otherwise (the spec's overview). */
export function windowOfQuery(
  query: Pick<OverviewQuery, 'from' | 'to' | 'include_past'>,
  today: string,
): DateWindow {
  return {
    from: query.from ?? (query.include_past ? null : today),
    to: query.to ?? null,
  };
}

/**
 * The query a preset asks on `today` ('YYYY-MM-DD' in the team's time zone). 'Next N days' counts today
 * as the first; 'Past 14 days' is the 14 days before today, today left to the upcoming windows. A custom
 * window takes the coach's dates as they are.
 */
export function presetQuery(
  preset: OverviewPreset,
  today: string,
  custom: { from: string; to: string } = { from: today, to: today },
): Pick<OverviewQuery, 'from' | 'to' | 'include_past'> {
  switch (preset) {
    case 'next14':
      return { from: today, to: addDays(today, 13) };
    case 'next30':
      return { from: today, to: addDays(today, 29) };
    case 'past14':
      return { from: addDays(today, -14), to: addDays(today, -1) };
    case 'upcoming':
      return { from: today };
    case 'all':
      return { include_past: true };
    case 'custom':
      return { from: custom.from, to: custom.to };
  }
}

/** The query string of an overview query ('' for the spec's default), in a stable order. */
export function overviewSearch(query: OverviewQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.include_past) params.set('include_past', 'true');
  if (query.type && query.type.length > 0) params.set('type', query.type.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}
