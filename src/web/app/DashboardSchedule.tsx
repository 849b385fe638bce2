import { type ComponentType, type ReactNode, useDeferredValue } from 'react';
import type { Team } from '../../shared/api/teams.ts';
import { rsvpClosedMessage } from '../../shared/rsvp.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import { useMyRsvps } from '../features/rsvp/api/get-my-rsvps.ts';
import type { RosterProgress } from '../features/events/components/TeamNextSteps.tsx';
import { RemindRsvps, useRemindersPending } from '../features/rsvp/components/RemindRsvps.tsx';
import { RsvpSummary } from '../features/rsvp/components/RsvpSummary.tsx';
import { DASHBOARD_REFRESH_MS, DashboardEvents } from '../features/events/components/DashboardEvents.tsx';
import { usePlayers } from '../features/roster/api/get-players.ts';
import { useCan } from '../lib/permissions.ts';
import { useTeamTimeZone } from '../lib/public-config.ts';
import { useNow } from '../lib/use-now.ts';

// The schedule cards are in the signed-in app's file, not a lazy file of their own: on a phone each lazy
// file was one more round trip before the first screen (docs/decisions/040).

interface DashboardScheduleProps {
  team: Team;
  coachLike: boolean;
  /** The features' cards below the schedule (app/registry.tsx). */
  cards: readonly ComponentType<{ team: Team }>[];
  /** What follows the cards (the dashboard's quick actions). */
  tail?: ReactNode;
}

/**
 * The dashboard's schedule cards; for a coach, with the new team's next steps, which need what the
 * roster holds, and on each upcoming event its RSVPs (the roster, events and calendar features may not
 * import each other: the app joins them).
 */
export function DashboardSchedule({ team, coachLike, cards, tail }: DashboardScheduleProps) {
  const me = useMe(true);
  const players = usePlayers(coachLike ? team.id : null);
  const roster = players.data && {
    hasPlayers: players.data.length > 0,
    hasParents: players.data.some((player) => player.parent_contacts.length > 0),
  };
  // The shell shows the dashboard only once the user is known; until then, no RSVP line.
  // Below the schedule, shown with it (not before it, to be pushed down as it fills in).
  const after = (
    <>
      {cards.map((Card, index) => (
        <Card key={index} team={team} />
      ))}
      {tail}
    </>
  );
  // The schedule's first render is the dashboard's heaviest (the team's time zone is first used there):
  // deferred, it runs after the welcome card has painted, in slices, not in one long task with it
  // (docs/decisions/040). Its 'Loading...' line is the one the schedule shows while it loads.
  const started = useDeferredValue(true, false);
  if (!started) return <p role="status">Loading...</p>;
  return me.data ? (
    <ScheduleWithRsvps team={team} coachLike={coachLike} userId={me.data.id} roster={roster} after={after} />
  ) : (
    <DashboardEvents team={team} roster={roster} after={after} />
  );
}

function ScheduleWithRsvps({
  team,
  coachLike,
  userId,
  roster,
  after,
}: Omit<DashboardScheduleProps, 'cards' | 'tail'> & {
  userId: number;
  roster: RosterProgress | undefined;
  after: ReactNode;
}) {
  // One request for every card: the players the user answers for and their answers on this team.
  const rsvps = useMyRsvps(userId, team.id, { refetchInterval: DASHBOARD_REFRESH_MS });
  const zone = useTeamTimeZone();
  const now = useNow();
  // Whose closing time applies: attendance may still be recorded by those who may record it.
  const role = useCan(team, 'record_attendance') ? 'coach' : 'parent';
  // Those who see the RSVP overview get 'Remind' on each event, shown with the schedule.
  const remindersPending = useRemindersPending(team);
  return (
    <DashboardEvents
      team={team}
      roster={roster}
      pending={rsvps.isPending || remindersPending}
      after={after}
      rsvpSummary={(event) => (
        <>
          <RsvpSummary
            list={rsvps.data}
            event={event}
            counts={coachLike}
            closed={rsvpClosedMessage(role, event, zone, now) !== undefined}
          />
          <RemindRsvps team={team} eventType={event.kind} eventId={event.id} />
        </>
      )}
    />
  );
}
