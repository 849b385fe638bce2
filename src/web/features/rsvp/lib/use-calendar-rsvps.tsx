import { useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import type { CalendarRsvps } from '../../../lib/calendar-rsvps.ts';
import { AnswerLine } from '../components/AnswerLine.tsx';
import { EventRsvp } from '../components/EventRsvp.tsx';
import { RemindRsvps, useRemindersPending } from '../components/RemindRsvps.tsx';
import { EVERY_PLAYER, ShowRsvpsFor } from '../components/ShowRsvpsFor.tsx';
import { useRsvpActions } from './use-rsvp-actions.ts';

/** The RSVPs of the team's calendar, for the user: answers, 'Show RSVPs for' and what a tap sends (lib/calendar-rsvps.ts). */
export function useCalendarRsvps(team: Team, userId: number): CalendarRsvps {
  const [showFor, setShowFor] = useState(EVERY_PLAYER);
  // What the user may do goes by this team (a coach account may be a parent here).
  const rsvp = useRsvpActions(userId, team, { filter: showFor === EVERY_PLAYER ? null : Number(showFor) });
  // Those who see the overview get each event's reminder line with the rest: the day appears whole.
  const remindersPending = useRemindersPending(team);
  return {
    loading: rsvp.status === 'loading' || remindersPending,
    players: rsvp.players,
    wholeTeam: rsvp.answersForAll,
    filter:
      rsvp.players.length < 2 ? null : (
        <ShowRsvpsFor
          players={rsvp.players}
          answersForAll={rsvp.answersForAll}
          value={showFor}
          onChange={setShowFor}
        />
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
