import { messageResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

/** DELETE /api/games/{teamId}/{gameId}. */
export function deleteGame(teamId: number, gameId: number) {
  return apiRequest(`/games/${teamId}/${gameId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? messageResponse : undefined,
  });
}

export function useDeleteGame(teamId: number) {
  return useReloadingMutation((gameId: number) => deleteGame(teamId, gameId), [eventKeys.games(teamId)]);
}
