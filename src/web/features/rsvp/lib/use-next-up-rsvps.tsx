import type { Team } from '../../../../shared/api/teams.ts';
import type { NextUpRsvps } from '../../../lib/next-up-rsvps.ts';
import { useCan } from '../../../lib/permissions.ts';
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
  // Who runs this team answers for everyone: they see names, not a row of buttons per player.
  const runsTeam = useCan(team, 'record_attendance');
  const rsvp = useRsvpActions(userId, team.id, {
    filter: null,
    coachLike: runsTeam,
    runsTeam,
    refetchInterval: REFRESH_MS,
  });
  const remindersPending = useRemindersPending(team);
  return {
    loading: rsvp.status === 'loading' || remindersPending,
    eventRsvp: (event) =>
      runsTeam ? (
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
      runsTeam || rsvp.players.length === 0 ? null : (
        <AnswerAllUpcoming teamId={team.id} players={rsvp.players} />
      ),
  };
}
