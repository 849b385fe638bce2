import type { Role } from './roles.ts';

// RSVPs (spec part 1 sections 3-6 and 8; DECISIONS.md 'RSVP targets'): one answer per player and event,
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

/** The overview's column names (part 2 section 2.6: Yes/No/Maybe counts). */
export const RSVP_SHORT_LABELS: Record<RsvpResponse, string> = { yes: 'Yes', maybe: 'Maybe', no: 'No' };

export const RSVP_LIMITS = { notesMax: 500 } as const;

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
} as const;

/** What eligibility needs to know of a roster player (the roster's `is_mine` is computed by the server). */
export interface RsvpCandidate {
  status: string;
  /** The viewer's own child (parent) or the viewer themselves (player): linked, or their verified email. */
  is_mine: boolean;
}

/**
 * Part 1 section 5, with DECISIONS.md's privacy rule: parents answer for their active children, players
 * for themselves, coaches and admins for every active player. A player matched by name only, or a
 * fallback to "the first active player", would let one child answer for another: neither is used
 * (docs/decisions/017).
 */
export function canRsvpFor(role: Role, player: RsvpCandidate): boolean {
  if (player.status !== 'active') return false;
  if (role === 'coach' || role === 'admin') return true;
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
