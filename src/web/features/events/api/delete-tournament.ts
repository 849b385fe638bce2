import { messageResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

/** DELETE /api/tournaments/{id}: the tournament and its games. */
export function deleteTournament(tournamentId: number): Promise<{ message: string }> {
  return apiRequest(`/tournaments/${tournamentId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? messageResponse : undefined,
  });
}

export function useDeleteTournament(teamId: number) {
  return useReloadingMutation(deleteTournament, [eventKeys.tournaments(teamId), eventKeys.allTournaments]);
}
