import type { Team } from '../../../../shared/api/teams.ts';
import type { NextUpRsvps } from '../../../lib/next-up-rsvps.ts';
import { AnswerAllUpcoming, QuickRsvp, WhoIsComing } from '../components/QuickRsvp.tsx';
import { RemindRsvps, useRemindersPending } from '../components/RemindRsvps.tsx';
import { useRsvpActions } from './use-rsvp-actions.ts';

/** The dashboard reads the answers again this often while it is visible (as its schedule). */
const REFRESH_MS = 60_000;

/**
 * The RSVPs of the dashboard's 'Next up' (lib/next-up-rsvps.ts): a parent's or player's one-tap answers
 * and 'Answer all upcoming'; for a coach of the team, who answered what and the reminder.
 */
export function useNextUpRsvps(team: Team, userId: number): NextUpRsvps {
  const rsvp = useRsvpActions(userId, team, { filter: null, refetchInterval: REFRESH_MS });
  // Who answers for every player of this team sees names, not a row of buttons per player.
  const forAll = rsvp.answersForAll;
  const remindersPending = useRemindersPending(team);
  return {
    loading: rsvp.status === 'loading' || remindersPending,
    eventRsvp: (event) =>
      forAll ? (
        <>
          <WhoIsComing event={event} rsvp={rsvp} />
          {event.rsvpEventType && event.rsvpEventId !== null && (
            <RemindRsvps team={team} eventType={event.rsvpEventType} eventId={event.rsvpEventId} />
          )}
        </>
      ) : (
        <QuickRsvp event={event} rsvp={rsvp} />
      ),
    answerAll:
      forAll || rsvp.players.length === 0 ? null : (
        <AnswerAllUpcoming teamId={team.id} players={rsvp.players} />
      ),
  };
}
