import type { ComponentType, ReactNode } from 'react';
import type { Team } from '../../shared/api/teams.ts';
import { useCan } from '../lib/permissions.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import type { RosterProgress } from '../features/events/components/TeamNextSteps.tsx';
import { NextUp } from '../features/dashboard/components/NextUp.tsx';
import { useNextUpRsvps } from '../features/rsvp/lib/use-next-up-rsvps.tsx';
import { DashboardEvents } from '../features/events/components/DashboardEvents.tsx';
import { usePlayers } from '../features/roster/api/get-players.ts';

// The schedule cards are in the signed-in app's file, not a lazy file of their own: on a phone each lazy
// file was one more round trip before the first screen (docs/decisions/040).

interface DashboardScheduleProps {
  team: Team;
  /** The features' cards below the schedule (app/registry.tsx). */
  cards: readonly ComponentType<{ team: Team }>[];
  /** What follows the cards (the dashboard's quick actions). */
  tail?: ReactNode;
}

/**
 * The dashboard's schedule cards; for a coach of the team (`view_coach_dashboard`), with the new team's
 * next steps, which need what the roster holds, and on each upcoming event its RSVPs (the roster, events
 * and calendar features may not import each other: the app joins them).
 */
export function DashboardSchedule({ team, cards, tail }: DashboardScheduleProps) {
  const me = useMe(true);
  // A moderator, whatever their flags, gets no next steps: the roster is read for a coach of the team only.
  const coachParts = useCan(team, 'view_coach_dashboard');
  const players = usePlayers(coachParts ? team.id : null);
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
  return me.data ? (
    <ScheduleWithRsvps team={team} userId={me.data.id} roster={roster} after={after} />
  ) : (
    <DashboardEvents team={team} roster={roster} after={after} />
  );
}

function ScheduleWithRsvps({
  team,
  userId,
  roster,
  after,
}: Omit<DashboardScheduleProps, 'cards' | 'tail'> & {
  userId: number;
  roster: RosterProgress | undefined;
  after: ReactNode;
}) {
  // 'Next up': the events' next three with the rsvp feature's answers (one request for all of them).
  const rsvps = useNextUpRsvps(team, userId);
  return (
    <DashboardEvents
      team={team}
      roster={roster}
      pending={rsvps.loading}
      after={after}
      nextUp={(events) => <NextUp events={events} rsvps={rsvps} />}
    />
  );
}
