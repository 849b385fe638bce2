// Team events: tournaments, their games, individual games and practices (docs/product/events.md and
// 'Events ...'). Pure rules on calendar dates written 'YYYY-MM-DD' and times 'HH:MM': "today" is always
// passed in, worked out in the team's time zone by `todayIn` (event-dates.ts), so these rules need no
// clock and no time-zone library, and both sides share them.

export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'completed'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_STATUS_LABELS: Record<TournamentStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Active',
  completed: 'Completed',
};

export const GAME_STATUSES = ['scheduled', 'in_progress', 'completed', 'conditional', 'cancelled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const GAME_STATUS_LABELS: Record<GameStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  completed: 'Completed',
  conditional: 'Conditional',
  cancelled: 'Cancelled',
};
/** The Add Tournament Game dialog offers these; Edit offers all five. */
export const NEW_TOURNAMENT_GAME_STATUSES = [
  'scheduled',
  'conditional',
] as const satisfies readonly GameStatus[];
/** Individual games are never conditional (that is a tournament bracket's state). */
export const INDIVIDUAL_GAME_STATUSES = [
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const satisfies readonly GameStatus[];
export const DEFAULT_GAME_STATUS: GameStatus = 'scheduled';

/** A practice is scheduled or cancelled; a cancelled one stays on every schedule, marked. */
export const PRACTICE_STATUSES = ['scheduled', 'cancelled'] as const satisfies readonly GameStatus[];
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];

export const GAME_TYPES = ['friendly', 'league', 'other'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const GAME_TYPE_LABELS: Record<GameType, string> = {
  friendly: 'Friendly',
  league: 'League',
  other: 'Other',
};
export const DEFAULT_GAME_TYPE: GameType = 'friendly';

export const EVENT_LIMITS = {
  /** Practice repeat: 0 is a single practice, N from 1 to 15 is N weekly practices. */
  repeatWeeksMax: 15,
  /** A game date this many days before a tournament's start, or after its end, is only a notice. */
  warnDaysBefore: 3,
  warnDaysAfter: 7,
  scoreMax: 999,
  durationMaxMinutes: 24 * 60,
  nameMax: 100,
  locationMax: 200,
  addressMax: 300,
  urlMax: 500,
  notesMax: 2000,
} as const;

/** Dashboard windows (docs/product/events.md). */
export const DASHBOARD_LIMITS = {
  upcomingDays: 7,
  upcomingMax: 5,
  resultsDays: 7,
  resultsMax: 10,
} as const;

export const EVENT_MESSAGES = {
  tournamentRequired: 'Please fill in all required fields (name, location, start date, end date).',
  opponentRequired: 'Opponent is required',
  scoresInvalid: 'Please enter valid scores (0 or greater)',
  conditionalNoScore: 'A conditional game takes no score',
  endBeforeStart: 'End date must be on or after the start date',
  noTeam: 'Please select a team first.',
  tournamentCreated: 'Tournament created successfully!',
  tournamentUpdated: 'Tournament updated successfully!',
  gameCreated: 'Game created successfully!',
  gameUpdated: 'Game updated successfully!',
  gameDeleted: 'Game deleted successfully.',
  practiceCreated: 'Practice created successfully.',
  practiceCancelled: 'Practice cancelled. It stays on the schedule, marked cancelled.',
  practiceRestored: 'Practice restored.',
  practicesCreated: (n: number) => `Successfully created ${n} practices.`,
  scoreSaved: 'Score Saved',
  scoreFailed: 'Failed to save score. Please check your connection and try again.',
  tournamentNotFound: 'Tournament not found',
  gameNotFound: 'Game not found',
  practiceNotFound: 'Practice not found',
  /** docs/product/events.md 'Quick-add': a tournament already added to the team is not added twice. */
  tournamentAlreadyAdded: (name: string) =>
    `${name} is already on this team's schedule (same tournament and dates).`,
  alreadyAdded: 'Already added',
  /** docs/product/events.md 'Arrival time'. */
  arrivalInvalid: 'Arrival time must be a time (HH:MM), or blank',
  arrivalAfterStart: 'Arrival time must be at or before the start time',
} as const;

/**
 * 'Arrive by 9:15 AM' (the team's zone, 12-hour as every event time on the screens, which show it as
 * the fact 'Arrive by'), or null when none was set: the calendar feed's first description line.
 */
export function arrivalText(arrival: string | null | undefined): string | null {
  return arrival && isClockTime(arrival) ? `Arrive by ${formatTime(arrival)}` : null;
}

/**
 * The arrival time against the start ('HH:MM' both, the same day): undefined when fine or either is
 * missing; otherwise the refusal.
 */
export function arrivalCheck(
  arrival: string | null | undefined,
  start: string | null | undefined,
): string | undefined {
  if (!arrival || !start || !isClockTime(arrival) || !isClockTime(start)) return undefined;
  return arrival > start ? EVENT_MESSAGES.arrivalAfterStart : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** What a tournament game's time may say when it is not known yet. */
export const TBD = 'TBD';

/** True for a real calendar date 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** True for a 24-hour clock time 'HH:MM'. */
export function isClockTime(value: string): boolean {
  return CLOCK_TIME.test(value);
}

/** Whole days from `from` to `to` (both calendar dates; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The calendar date `days` days after `date` (dates only: no clock, so no daylight-saving shift). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * docs/product/events.md: completed when today is after the end date, active from the start to the end
 * date inclusive, otherwise upcoming; today in the team's time zone.
 */
export function tournamentStatus(startDate: string, endDate: string, today: string): TournamentStatus {
  if (today > endDate) return 'completed';
  if (today >= startDate) return 'active';
  return 'upcoming';
}

const STATUS_ORDER: Record<TournamentStatus, number> = { active: 0, upcoming: 1, completed: 2 };

/** Active first, then upcoming (both by start ascending), then completed (start descending). */
export function compareTournaments(
  a: { status: TournamentStatus; start_date: string; id: number },
  b: { status: TournamentStatus; start_date: string; id: number },
): number {
  const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (byStatus !== 0) return byStatus;
  const byStart =
    a.status === 'completed'
      ? b.start_date.localeCompare(a.start_date)
      : a.start_date.localeCompare(b.start_date);
  return byStart !== 0 ? byStart : a.id - b.id;
}

/** A time that sorts: 'HH:MM', or undefined for TBD, empty or anything else. */
function sortableTime(time: string | null | undefined): string | undefined {
  return time && isClockTime(time) ? time : undefined;
}

/** By date, then time; games without a date, and times that are TBD or empty, come last. */
export function compareByDateTime(
  a: { date: string | null; time: string | null; id: number },
  b: { date: string | null; time: string | null; id: number },
): number {
  if (a.date !== b.date) {
    if (!a.date) return 1;
    if (!b.date) return -1;
    return a.date.localeCompare(b.date);
  }
  const [ta, tb] = [sortableTime(a.time), sortableTime(b.time)];
  if (ta !== tb) {
    if (ta === undefined) return 1;
    if (tb === undefined) return -1;
    return ta.localeCompare(tb);
  }
  return a.id - b.id;
}

export type GameResult = 'won' | 'lost' | 'tied';
export const GAME_RESULT_LABELS: Record<GameResult, string> = { won: 'Won', lost: 'Lost', tied: 'Tied' };

interface Scored {
  status: GameStatus;
  our_score: number | null;
  opponent_score: number | null;
}

/** Won, Lost or Tied: only for a completed game with both scores. */
export function gameResult(game: Scored): GameResult | undefined {
  if (game.status !== 'completed' || game.our_score === null || game.opponent_score === null)
    return undefined;
  if (game.our_score > game.opponent_score) return 'won';
  if (game.our_score < game.opponent_score) return 'lost';
  return 'tied';
}

export interface GameRecord {
  wins: number;
  losses: number;
  draws: number;
}

/** The W/L/D record of the completed games with both scores. */
export function gameRecord(games: readonly Scored[]): GameRecord {
  const record = { wins: 0, losses: 0, draws: 0 };
  for (const game of games) {
    const result = gameResult(game);
    if (result === 'won') record.wins += 1;
    else if (result === 'lost') record.losses += 1;
    else if (result === 'tied') record.draws += 1;
  }
  return record;
}

/** '3-1-2' as the cards show it (W-L-D). */
export function recordText(record: GameRecord): string {
  return `${record.wins}-${record.losses}-${record.draws}`;
}

/**
 * A tournament game's date against the tournament's dates: 'warning' more than 3 days before its start
 * or more than 7 days after its end (the 'Game Date Warning' confirmation), 'notice' outside the dates
 * but within that margin (the softer 'Date Notice'), undefined within the dates.
 */
export function gameDateCheck(
  gameDate: string,
  startDate: string,
  endDate: string,
): 'warning' | 'notice' | undefined {
  if (gameDate >= startDate && gameDate <= endDate) return undefined;
  if (gameDate < startDate) {
    return daysBetween(gameDate, startDate) > EVENT_LIMITS.warnDaysBefore ? 'warning' : 'notice';
  }
  return daysBetween(endDate, gameDate) > EVENT_LIMITS.warnDaysAfter ? 'warning' : 'notice';
}

/** Upcoming means today or later; past means earlier than today. */
export function isUpcoming(date: string | null, today: string): boolean {
  return date !== null && date >= today;
}

/** MM/DD/YYYY. */
export function formatDate(date: string | null): string {
  if (!date) return 'TBD';
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}

/** 12-hour time with AM/PM ('3:05 PM'); TBD for a missing or unknown time. */
export function formatTime(time: string | null): string {
  if (!time || !isClockTime(time)) return TBD;
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '06/01/2026 - 06/03/2026', or one date when the tournament lasts a day. */
export function formatDateRange(start: string, end: string): string {
  return start === end ? formatDate(start) : `${formatDate(start)} - ${formatDate(end)}`;
}

/** The dates of a practice series: the first date and then every 7 days, `count` in all. */
export function weeklyDates(first: string, repeatWeeks: number): string[] {
  const count = Math.max(1, repeatWeeks);
  return Array.from({ length: count }, (_, week) => addDays(first, week * 7));
}

/** A tournament as quick-add compares it: its name, its dates, and the tournament it was copied from. */
export interface TournamentIdentity {
  /** 0 for a tournament not stored yet. */
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  /** The original a copy was made from (the original's own original, for a copy of a copy). */
  source_tournament_id?: number | null;
}

const comparableName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** The tournament a copy stands for: its original, else itself. */
const originalOf = (t: TournamentIdentity) => t.source_tournament_id ?? t.id;

/**
 * docs/product/events.md 'Quick-add': whether `candidate` (a tournament of another team, or one about to
 * be created) is already on the team as `existing`: both copies of one original (or one the other's), or
 * the same name (ignoring case and spacing) with the same dates. The server refuses such a create (409),
 * whether a copy or not, and the quick-add list marks it.
 */
export function isAlreadyAdded(existing: TournamentIdentity, candidate: TournamentIdentity): boolean {
  if (originalOf(candidate) !== 0 && originalOf(existing) === originalOf(candidate)) return true;
  return (
    existing.start_date === candidate.start_date &&
    existing.end_date === candidate.end_date &&
    comparableName(existing.name) === comparableName(candidate.name)
  );
}
