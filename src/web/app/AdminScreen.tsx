import type { Team } from '../../shared/api/teams.ts';
import { AdminPage } from '../features/admin/components/AdminPage.tsx';
import { usePlayers } from '../features/roster/api/get-players.ts';

interface AdminScreenProps {
  coachLike: boolean;
  team: Team | null;
  loading: boolean;
}

/** Team Administration, given the roster's players so an approved request can be linked to one. */
export function AdminScreen({ coachLike, team, loading }: AdminScreenProps) {
  const players = usePlayers(coachLike && team ? team.id : null);
  return <AdminPage coachLike={coachLike} team={team} players={players.data ?? []} loading={loading} />;
}
