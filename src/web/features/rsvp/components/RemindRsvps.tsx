import { useState } from 'react';
import type { OverviewEvent } from '../../../../shared/api/calendar.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import type { RsvpEventType } from '../../../../shared/rsvp.ts';
import { atWords } from '../../../../shared/rsvp-reminder-times.ts';
import { REMINDER_MESSAGES } from '../../../../shared/rsvp-reminders.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRsvpOverview } from '../api/get-rsvp-overview.ts';
import { useRemindRsvps } from '../api/remind.ts';
import './rsvp.css';

// 'Remind the N who have not answered' (docs/product/notifications.md 'RSVP reminders'): for those who
// see the RSVP overview, on the dashboard's upcoming events, the calendar's day and Event RSVPs. N and
// the last reminder come from the overview (one read, shared by every button of the screen).

/** Whether the reminder line of `team` still waits for its overview (a screen that appears whole waits too). */
export function useRemindersPending(team: Pick<Team, 'id' | 'is_coach'>): boolean {
  const can = useCan(team, 'view_rsvp_overview');
  const overview = useRsvpOverview(team.id, { enabled: can });
  return can && overview.isPending;
}

/** The reminder line of one event of `team`: nothing for those without the overview, or before it loads. */
export function RemindRsvps({
  team,
  eventType,
  eventId,
}: {
  team: Pick<Team, 'id' | 'is_coach'>;
  eventType: RsvpEventType;
  eventId: number;
}) {
  const can = useCan(team, 'view_rsvp_overview');
  const overview = useRsvpOverview(team.id, { enabled: can });
  const event = overview.data?.upcoming_events.find(
    (candidate) => candidate.event_type === eventType && candidate.event_id === eventId,
  );
  if (!can || !event) return null;
  return <RemindLine teamId={team.id} event={event} />;
}

/**
 * The button (while someone needs reminding) and when the last reminder went. One tap sends once: the
 * button waits while it is on its way; the server's refusal (six hours, a started event) shows beside it.
 */
export function RemindLine({ teamId, event }: { teamId: number; event: OverviewEvent }) {
  // Nobody to remind and never reminded: nothing (an event long answered, a cancelled one).
  if (event.to_remind === 0 && !event.last_reminder) return null;
  return <ShownRemindLine teamId={teamId} event={event} />;
}

function ShownRemindLine({ teamId, event }: { teamId: number; event: OverviewEvent }) {
  const zone = useTeamTimeZone();
  const now = useNow();
  const remind = useRemindRsvps(teamId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const last = event.last_reminder;
  const send = () => {
    setRefusal(null);
    remind.mutate(
      { event_type: event.event_type, event_id: event.event_id },
      {
        onSuccess: ({ sent }) => showToast('success', REMINDER_MESSAGES.reminded(sent)),
        onError: (error) => setRefusal(errorMessage(error, 'Failed to send the reminder')),
      },
    );
  };
  return (
    <div className="rsvp-remind">
      {event.to_remind > 0 && (
        <button
          type="button"
          className="button button--small button--secondary rsvp-remind__button"
          disabled={remind.isPending}
          onClick={send}
        >
          {remind.isPending ? REMINDER_MESSAGES.sending : REMINDER_MESSAGES.button(event.to_remind)}
          <span className="visually-hidden"> ({event.event_name})</span>
        </button>
      )}
      <p className="muted rsvp-remind__last" role="status">
        {last &&
          REMINDER_MESSAGES.lastReminder(
            last.recipients,
            last.automatic,
            atWords(new Date(last.sent_at), zone, now),
          )}
      </p>
      {refusal && (
        <p className="rsvp-remind__refusal" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
