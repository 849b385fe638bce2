import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export function deletePlayer(teamId: number, playerId: number): Promise<unknown> {
  return apiRequest<unknown>(`/teams/${teamId}/players/${playerId}`, { method: 'DELETE' });
}

export function useDeletePlayer(teamId: number) {
  return useRosterMutation(teamId, deletePlayer);
}
