import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export interface DeleteParentInput {
  playerId: number;
  parentId: number;
}

export function deleteParent(teamId: number, { playerId, parentId }: DeleteParentInput): Promise<unknown> {
  return apiRequest<unknown>(`/teams/${teamId}/players/${playerId}/parents/${parentId}`, {
    method: 'DELETE',
  });
}

export function useDeleteParent(teamId: number) {
  return useRosterMutation(teamId, deleteParent);
}
