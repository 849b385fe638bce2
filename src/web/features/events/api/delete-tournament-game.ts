import { messageResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

export interface DeleteTournamentGameInput {
  tournamentId: number;
  gameId: number;
}

/** DELETE /api/tournaments/{id}/games/{gameId}. */
export function deleteTournamentGame({ tournamentId, gameId }: DeleteTournamentGameInput) {
  return apiRequest(`/tournaments/${tournamentId}/games/${gameId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? messageResponse : undefined,
  });
}

export function useDeleteTournamentGame(teamId: number) {
  return useReloadingMutation(deleteTournamentGame, [eventKeys.tournaments(teamId)]);
}
