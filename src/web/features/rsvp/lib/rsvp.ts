import type { Rsvp } from '../../../../shared/api/calendar.ts';
import { rsvpEventKey, RSVP_MESSAGES, type RsvpEventType } from '../../../../shared/rsvp.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The key of one player's answer to one event. */
export const answerKey = (eventType: RsvpEventType, eventId: number, playerId: number) =>
  `${rsvpEventKey(eventType, eventId)}:${playerId}`;

/** The user's answers by event and player. */
export function answersByKey(rsvps: readonly Rsvp[]): Map<string, Rsvp> {
  return new Map(rsvps.map((rsvp) => [answerKey(rsvp.event_type, rsvp.event_id, rsvp.player_id), rsvp]));
}

/** The catalogue's message for a failed RSVP (docs/product/calendar-rsvp-and-feed.md). */
export function rsvpFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return RSVP_MESSAGES.offline;
    if (error.status === 401) return RSVP_MESSAGES.notSignedIn;
    return RSVP_MESSAGES.failed(error.detail);
  }
  return RSVP_MESSAGES.failed();
}

/** The list with `saved` in place of the answers it replaces (same player and event). */
export function withAnswers(rsvps: readonly Rsvp[], saved: readonly Rsvp[]): Rsvp[] {
  const replaced = new Set(saved.map((r) => answerKey(r.event_type, r.event_id, r.player_id)));
  return [...rsvps.filter((r) => !replaced.has(answerKey(r.event_type, r.event_id, r.player_id))), ...saved];
}
