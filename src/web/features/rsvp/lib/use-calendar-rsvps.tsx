import { useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import type { CalendarRsvps } from '../../../lib/calendar-rsvps.ts';
import { useCan } from '../../../lib/permissions.ts';
import { AnswerLine } from '../components/AnswerLine.tsx';
import { EventRsvp } from '../components/EventRsvp.tsx';
import { RemindRsvps, useRemindersPending } from '../components/RemindRsvps.tsx';
import { EVERY_PLAYER, ShowRsvpsFor } from '../components/ShowRsvpsFor.tsx';
import { useRsvpActions } from './use-rsvp-actions.ts';

/** The RSVPs of the team's calendar, for the user: answers, 'Show RSVPs for' and what a tap sends (lib/calendar-rsvps.ts). */
export function useCalendarRsvps(team: Team, userId: number, coachLike: boolean): CalendarRsvps {
  const [showFor, setShowFor] = useState(EVERY_PLAYER);
  const rsvp = useRsvpActions(userId, team.id, {
    filter: showFor === EVERY_PLAYER ? null : Number(showFor),
    coachLike,
    // Who answers after an event starts goes by this team (a coach may be a parent here).
    runsTeam: useCan(team, 'record_attendance'),
  });
  // Those who see the overview get each event's reminder line with the rest: the day appears whole.
  const remindersPending = useRemindersPending(team);
  return {
    loading: rsvp.status === 'loading' || remindersPending,
    players: rsvp.players,
    filter:
      rsvp.players.length < 2 ? null : (
        <ShowRsvpsFor players={rsvp.players} coachLike={coachLike} value={showFor} onChange={setShowFor} />
      ),
    answers: (event) => <AnswerLine event={event} rsvp={rsvp} />,
    eventRsvp: (event) => (
      <EventRsvp
        event={event}
        rsvp={rsvp}
        footer={
          event.rsvpEventType &&
          event.rsvpEventId !== null && (
            <RemindRsvps team={team} eventType={event.rsvpEventType} eventId={event.rsvpEventId} />
          )
        }
      />
    ),
  };
}
