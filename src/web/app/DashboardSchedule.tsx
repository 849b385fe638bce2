import type { Team } from '../../shared/api/teams.ts';
import { usePlayers } from '../features/roster/api/get-players.ts';
import { DashboardEvents } from './screens.ts';

/**
 * The dashboard's schedule cards; for a coach, with the new team's next steps, which need what the
 * roster holds (the roster and events features may not import each other: the app joins them).
 */
export function DashboardSchedule({ team, coachLike }: { team: Pick<Team, 'id'>; coachLike: boolean }) {
  const players = usePlayers(coachLike ? team.id : null);
  const roster = players.data && {
    hasPlayers: players.data.length > 0,
    hasParents: players.data.some((player) => player.parent_contacts.length > 0),
  };
  return <DashboardEvents team={team} roster={roster} />;
}
