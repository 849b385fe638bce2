import { addDays, isCalendarDate, isClockTime } from './events.ts';
import { plusDaysIn, startOfDay, zonedStart } from './event-dates.ts';
import { roleOnTeamHolds } from './permissions.ts';
import type { Role } from './roles.ts';

// RSVPs (docs/product/calendar-rsvp-and-feed.md 'RSVPs'): one answer per player and event,
// given by whoever may answer for that player. The same eligibility rule decides what the page offers
// and what the server accepts.

export const RSVP_RESPONSES = ['yes', 'maybe', 'no'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

/** 'game' is an individual game; 'tournament' is a tournament game (its id); placeholders take none. */
export const RSVP_EVENT_TYPES = ['game', 'tournament', 'practice'] as const;
export type RsvpEventType = (typeof RSVP_EVENT_TYPES)[number];

export const RSVP_LABELS: Record<RsvpResponse, string> = {
  yes: 'Attending',
  maybe: 'Maybe Attending',
  no: 'Not Attending',
};

/** The overview's column names (docs/product/calendar-rsvp-and-feed.md: Yes/No/Maybe counts). */
export const RSVP_SHORT_LABELS: Record<RsvpResponse, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

export const RSVP_LIMITS = {
  notesMax: 500,
  /** 'Answer all upcoming' requests per user per hour (each may answer a whole season). */
  upcomingPerHour: 60,
} as const;

/** How long after an event starts a coach may still record or correct an answer (attendance). */
export const RSVP_COACH_DAYS = 7;

export const RSVP_MESSAGES = {
  submitted: (player: string, response: RsvpResponse) =>
    `✓ RSVP submitted for ${player}: ${RSVP_LABELS[response].toLowerCase()}`,
  submittedAll: (count: number, response: RsvpResponse) =>
    `✓ RSVP submitted for ${count} players: ${RSVP_LABELS[response].toLowerCase()}`,
  notSignedIn: 'Please log in to submit RSVP',
  failed: (detail?: string) => `Failed to submit RSVP: ${detail || 'Unknown error'}`,
  offline: 'Failed to submit RSVP - please check your connection',
  noPlayers: 'No players available for RSVP',
  allMine: 'All my players',
  // Server answers (4xx detail).
  eventNotFound: 'Event not found',
  playerNotFound: 'Player not found',
  notEligible: 'You cannot RSVP for this player',
  inactivePlayer: 'This player is not active on the team',
  placeholder: 'Tournament days without a game take no RSVP',
  choosePlayers: 'Choose at least one player',
  coachesOnly: 'Only coaches and admins can see the RSVP overview',
  // docs/product/calendar-rsvp-and-feed.md 'RSVPs close when the event starts'.
  closed: 'This event has started; RSVPs are closed.',
  closedForCoaches: `This event started more than ${RSVP_COACH_DAYS} days ago; its RSVPs can no longer be changed.`,
  /** Beside a started event's answers, where the buttons were. */
  closedNote: 'RSVPs closed',
  /** What a coach sees on a started event while the coaches' days last. */
  coachesStillOpen: (until: string) =>
    `RSVPs are closed for parents and players. You can still record attendance until ${until}.`,
} as const;

/** What eligibility needs to know of a roster player (the roster's `is_mine` is computed by the server). */
export interface RsvpCandidate {
  status: string;
  /** The viewer's own child (parent) or the viewer themselves (player): linked, or their verified email. */
  is_mine: boolean;
}

/**
 * docs/product/calendar-rsvp-and-feed.md 'Who answers for whom', with the privacy rule of
 * parents answer for their active children, players for themselves, coaches and admins for every active
 * player. A player matched by name only, or a fallback to "the first active player", would let one child
 * answer for another: neither is used (docs/decisions/017).
 */
export function canRsvpFor(role: Role, player: RsvpCandidate): boolean {
  if (player.status !== 'active') return false;
  if (roleOnTeamHolds(role, 'answer_for_all_players')) return true;
  return player.is_mine;
}

export function rsvpEligible<P extends RsvpCandidate>(role: Role, players: readonly P[]): P[] {
  return players.filter((player) => canRsvpFor(role, player));
}

/** Counts by answer, for the overview and the dashboard's summary. */
export function rsvpCounts(responses: readonly { response: RsvpResponse }[]): Record<RsvpResponse, number> {
  const counts: Record<RsvpResponse, number> = { yes: 0, maybe: 0, no: 0 };
  for (const { response } of responses) counts[response] += 1;
  return counts;
}

/** The key of an event's answers: `${event_type}:${event_id}`. */
export const rsvpEventKey = (eventType: RsvpEventType, eventId: number) => `${eventType}:${eventId}`;

/** Where an event's answers stand: open to all, open to coaches only, or closed to everyone. */
export type RsvpWindow = 'open' | 'coaches' | 'closed';

/** What the closing rule reads of an event: its date in the team's zone and 'HH:MM', or none. */
export interface RsvpWhen {
  date: string | null;
  /** 'HH:MM'; 'TBD', blank or null mean the time is not known yet. */
  time: string | null;
  /**
   * A tournament game's tournament's last day ('YYYY-MM-DD'), which bounds a game not given a date yet;
   * null for other events. Required, so every place that applies the rule has it.
   */
  tournamentEndDate: string | null;
}

/**
 * When answers close for parents and players (docs/product/calendar-rsvp-and-feed.md 'RSVPs close when
 * the event starts'): the event's start in the team's time zone (an autumn-overlap time is its first
 * occurrence), or, for an event without a known time (all-day, TBD), the end of its day. A tournament
 * game without a date is played by the end of its tournament: it closes at the end of the tournament's
 * last day. Undefined only for an event with no day at all.
 */
export function rsvpClosesAt(event: RsvpWhen, zone: string): Date | undefined {
  const dated = event.date && isCalendarDate(event.date);
  const day = dated ? event.date : event.tournamentEndDate;
  if (!day || !isCalendarDate(day)) return undefined;
  const at =
    dated && event.time && isClockTime(event.time)
      ? zonedStart(day, event.time, zone)
      : startOfDay(addDays(day, 1), zone);
  return at.isValid ? at.toJSDate() : undefined;
}

/** The moment a coach's last correction is refused: RSVP_COACH_DAYS after closing, on the wall clock. */
export function rsvpCoachesCloseAt(event: RsvpWhen, zone: string): Date | undefined {
  const closes = rsvpClosesAt(event, zone);
  return closes && plusDaysIn(closes, RSVP_COACH_DAYS, zone);
}

/** Open until the event starts, then open to coaches for RSVP_COACH_DAYS, then closed (`now` is passed in). */
export function rsvpWindow(event: RsvpWhen, zone: string, now: Date): RsvpWindow {
  const closes = rsvpClosesAt(event, zone);
  if (!closes || now.getTime() < closes.getTime()) return 'open';
  const coachesUntil = rsvpCoachesCloseAt(event, zone);
  return coachesUntil && now.getTime() < coachesUntil.getTime() ? 'coaches' : 'closed';
}

/**
 * Whether someone in `role` may answer for this event now; undefined when they may, else the message
 * that refuses it. Coaches and admins (those who answer for every player, `canRsvpFor`) keep their days
 * after the start; parents and players do not.
 */
export function rsvpClosedMessage(role: Role, event: RsvpWhen, zone: string, now: Date): string | undefined {
  const window = rsvpWindow(event, zone, now);
  if (window === 'open') return undefined;
  if (!roleOnTeamHolds(role, 'record_attendance')) return RSVP_MESSAGES.closed;
  return window === 'coaches' ? undefined : RSVP_MESSAGES.closedForCoaches;
}
