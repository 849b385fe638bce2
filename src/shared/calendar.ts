import {
  addDays,
  compareByDateTime,
  type GameStatus,
  type GameType,
  isClockTime,
  type PracticeStatus,
  tournamentStatus,
  type TournamentStatus,
} from './events.ts';
import type { RsvpEventType } from './rsvp.ts';

// The derived calendar event (docs/product/calendar-rsvp-and-feed.md 'The calendar event'): one rule that
// turns a team's tournaments, games and practices into what the month grid, the day panel, the print
// page and the iCalendar feed show. Dates are calendar dates in the team's time zone; nothing here
// converts a clock time between zones.

export const CALENDAR_MESSAGES = {
  noTeam: 'Please select a team to view calendar events.',
  noUpcoming: 'No upcoming events to export',
  popupBlocked: 'Please allow popups to export the schedule',
  notSignedIn: 'Please log in to get calendar subscription',
  subscriptionFailed: 'Failed to generate calendar subscription',
  copied: 'Calendar URL copied to clipboard!',
  regenerateConfirm:
    'Make a new calendar link? The old link stops working: every calendar app subscribed with it stops updating until you subscribe again with the new one.',
  regenerated: 'New calendar link made. Subscribe again with it in your calendar apps.',
  noEvents: 'No events on this day.',
  placeholderTitle: 'Tournament (TBD)',
  kitNotSpecified: 'Not specified',
  kitNotApplicable: 'N/A',
  /**
   * A cancelled event's title in the feed starts with it (docs/product/calendar-rsvp-and-feed.md 'The
   * calendar feed').
   */
  cancelledPrefix: 'Cancelled: ',
  // Server answers.
  rangeInvalid: 'from and to must be dates (YYYY-MM-DD), from not after to, at most 100 days apart',
  feedNotFound: 'Calendar not found',
} as const;

export const CALENDAR_LIMITS = {
  /** Mobile day cells show at most this many dots, then '+N' (docs/product/calendar-rsvp-and-feed.md). */
  phoneDots: 6,
  /** The longest range one calendar read may ask for (a month grid is 42 days). */
  maxRangeDays: 100,
} as const;

/** How long a timed event lasts in the feed and on the print page when it says nothing itself. */
export const EVENT_MINUTES = { game: 90, tournamentGame: 60, practice: 90 } as const;

/**
 * Legend and chip labels (docs/product/calendar-rsvp-and-feed.md: Game (default), Friendly, League,
 * Tournament, Other, Practice).
 */
export const CALENDAR_KINDS = ['friendly', 'league', 'other', 'tournament', 'practice'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  friendly: 'Friendly',
  league: 'League',
  other: 'Other',
  tournament: 'Tournament',
  practice: 'Practice',
};
/** The calendar's word for a tournament in progress. */
export const CALENDAR_STATUS_LABELS: Record<TournamentStatus, string> = {
  upcoming: 'Upcoming',
  active: 'In Progress',
  completed: 'Completed',
};

// What the derivation reads: the fields of the API's Tournament, Game and Practice (shared/api/events.ts)
// that the calendar needs, so both the API objects and the server's rows mapped to them fit.
export interface CalendarTournamentGameInput {
  id: number;
  opponent: string;
  round_name?: string | null;
  date: string | null;
  time: string | null;
  field: string | null;
  kit: string | null;
  notes: string | null;
  status: GameStatus;
  arrival_time?: string | null;
  our_score?: number | null;
  opponent_score?: number | null;
}
export interface CalendarTournamentInput {
  id: number;
  name: string;
  location: string;
  address: string | null;
  notes: string | null;
  start_date: string;
  end_date: string;
  games: readonly CalendarTournamentGameInput[];
}
export interface CalendarGameInput {
  id: number;
  opponent: string;
  date: string;
  time: string;
  location: string;
  address: string | null;
  kit: string | null;
  notes: string | null;
  type: GameType;
  status: GameStatus;
  is_home: boolean;
  arrival_time?: string | null;
  our_score?: number | null;
  opponent_score?: number | null;
}
export interface CalendarPracticeInput {
  id: number;
  title: string;
  date: string;
  time: string;
  location: string;
  address: string | null;
  notes: string | null;
  duration: number | null;
  status: PracticeStatus;
  focus?: string | null;
  equipment_needed?: string | null;
  arrival_time?: string | null;
}

export type CalendarSource = 'game' | 'tournament_game' | 'tournament_day' | 'practice';

export interface CalendarEvent {
  /** Stable and unique within a team: 'game-12', 'tournament-game-5', 'tournament-3-2026-06-01', 'practice-9'. */
  id: string;
  source: CalendarSource;
  /** The row's id (the tournament's for a tournament day). */
  sourceId: number;
  title: string;
  date: string;
  /** 'HH:MM', or null for an event without a known time (shown 'TBD', all-day in the feed). */
  time: string | null;
  /** Minutes, for the feed's end time; null when `time` is null. */
  durationMinutes: number | null;
  location: string | null;
  address: string | null;
  kit: string;
  type: 'game' | 'practice';
  kind: CalendarKind;
  /** 'friendly' | 'league' | 'other' | 'tournament' for games; null for practices. */
  gameType: GameType | 'tournament' | null;
  /** The game's status; 'cancelled' for a cancelled practice; otherwise null for practices and tournament days. */
  status: GameStatus | null;
  tournamentId: number | null;
  tournamentName: string | null;
  tournamentStatus: TournamentStatus | null;
  /** The tournament's last day, for a tournament game or day (the RSVP closing rule reads it); else null. */
  tournamentEndDate: string | null;
  notes: string | null;
  tournamentNotes: string | null;
  isPlaceholder: boolean;
  /** What an RSVP names; null for placeholders. */
  rsvpEventType: RsvpEventType | null;
  rsvpEventId: number | null;
  /** 'HH:MM' when the coach set when to arrive (any game or practice), else null. */
  arrivalTime: string | null;
  /** A game's scores (null when not recorded, and for practices and tournament days). */
  ourScore: number | null;
  opponentScore: number | null;
}

const knownTime = (time: string | null) => (time && isClockTime(time) ? time : null);

/** Every calendar event of a team, sorted by date then time (TBD last), with tournament-day placeholders. */
export function calendarEvents(
  input: {
    tournaments: readonly CalendarTournamentInput[];
    games: readonly CalendarGameInput[];
    practices: readonly CalendarPracticeInput[];
  },
  today: string,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const tournament of input.tournaments) {
    const status = tournamentStatus(tournament.start_date, tournament.end_date, today);
    const shared = {
      address: tournament.address,
      type: 'game' as const,
      kind: 'tournament' as const,
      gameType: 'tournament' as const,
      tournamentId: tournament.id,
      tournamentName: tournament.name,
      tournamentStatus: status,
      tournamentEndDate: tournament.end_date,
      tournamentNotes: tournament.notes,
    };
    const gameDays = new Set<string>();
    for (const game of tournament.games) {
      if (!game.date) continue;
      gameDays.add(game.date);
      const time = knownTime(game.time);
      events.push({
        ...shared,
        id: `tournament-game-${game.id}`,
        source: 'tournament_game',
        sourceId: game.id,
        title: `vs ${game.opponent}`,
        date: game.date,
        time,
        durationMinutes: time ? EVENT_MINUTES.tournamentGame : null,
        location: game.field ? `${tournament.location}, ${game.field}` : tournament.location,
        kit: game.kit || CALENDAR_MESSAGES.kitNotSpecified,
        status: game.status,
        notes: game.notes,
        isPlaceholder: false,
        rsvpEventType: 'tournament',
        rsvpEventId: game.id,
        arrivalTime: game.arrival_time ?? null,
        ourScore: game.our_score ?? null,
        opponentScore: game.opponent_score ?? null,
      });
    }
    for (let day = tournament.start_date; day <= tournament.end_date; day = addDays(day, 1)) {
      if (gameDays.has(day)) continue;
      events.push({
        ...shared,
        id: `tournament-${tournament.id}-${day}`,
        source: 'tournament_day',
        sourceId: tournament.id,
        title: CALENDAR_MESSAGES.placeholderTitle,
        date: day,
        time: null,
        durationMinutes: null,
        location: tournament.location,
        kit: CALENDAR_MESSAGES.kitNotSpecified,
        status: null,
        notes: null,
        isPlaceholder: true,
        rsvpEventType: null,
        rsvpEventId: null,
        arrivalTime: null,
        ourScore: null,
        opponentScore: null,
      });
    }
  }
  for (const game of input.games) {
    const time = knownTime(game.time);
    events.push({
      id: `game-${game.id}`,
      source: 'game',
      sourceId: game.id,
      title: `vs ${game.opponent}`,
      date: game.date,
      time,
      durationMinutes: time ? EVENT_MINUTES.game : null,
      location: game.location,
      address: game.address,
      kit: game.kit || CALENDAR_MESSAGES.kitNotSpecified,
      type: 'game',
      kind: game.type,
      gameType: game.type,
      status: game.status,
      tournamentId: null,
      tournamentName: null,
      tournamentStatus: null,
      tournamentEndDate: null,
      notes: game.notes,
      tournamentNotes: null,
      isPlaceholder: false,
      rsvpEventType: 'game',
      rsvpEventId: game.id,
      arrivalTime: game.arrival_time ?? null,
      ourScore: game.our_score ?? null,
      opponentScore: game.opponent_score ?? null,
    });
  }
  for (const practice of input.practices) {
    const time = knownTime(practice.time);
    events.push({
      id: `practice-${practice.id}`,
      source: 'practice',
      sourceId: practice.id,
      title: practice.title,
      date: practice.date,
      time,
      durationMinutes: time ? (practice.duration ?? EVENT_MINUTES.practice) : null,
      location: practice.location,
      address: practice.address,
      kit: CALENDAR_MESSAGES.kitNotApplicable,
      type: 'practice',
      kind: 'practice',
      gameType: null,
      // Only a cancelled practice says so: a scheduled one shows no status, as before.
      status: practice.status === 'cancelled' ? 'cancelled' : null,
      tournamentId: null,
      tournamentName: null,
      tournamentStatus: null,
      tournamentEndDate: null,
      notes: practice.notes,
      tournamentNotes: null,
      isPlaceholder: false,
      rsvpEventType: 'practice',
      rsvpEventId: practice.id,
      arrivalTime: practice.arrival_time ?? null,
      ourScore: null,
      opponentScore: null,
    });
  }
  const when = (event: CalendarEvent) => ({ date: event.date, time: event.time, id: 0 });
  return events.sort((a, b) => compareByDateTime(when(a), when(b)) || a.id.localeCompare(b.id));
}

/** The events from `from` to `to`, both dates inclusive. */
export function eventsBetween<E extends { date: string }>(
  events: readonly E[],
  from: string,
  to: string,
): E[] {
  return events.filter((event) => event.date >= from && event.date <= to);
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month before or after 'YYYY-MM'. */
export function shiftMonth(month: string, by: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The month grid of 'YYYY-MM': whole weeks, Sunday first, from the Sunday on or before the 1st to the
 * Saturday on or after the last day (4 to 6 weeks); each day says whether it belongs to the month.
 */
export function monthGrid(month: string): { date: string; inMonth: boolean }[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  const start = addDays(first, -weekday(first));
  const end = addDays(last, 6 - weekday(last));
  const weeks: { date: string; inMonth: boolean }[][] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (weekday(day) === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({ date: day, inMonth: monthOf(day) === month });
  }
  return weeks;
}

/** 'November 2026'. */
export function monthTitle(month: string): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const names = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${names[m - 1] ?? ''} ${y}`;
}

/** Dots for a phone's day cell: at most six, and how many more there are. */
export function phoneDots<E>(events: readonly E[]): { shown: E[]; more: number } {
  const max = CALENDAR_LIMITS.phoneDots;
  return { shown: events.slice(0, max), more: Math.max(0, events.length - max) };
}
