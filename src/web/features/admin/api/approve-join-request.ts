import { joinRequestSchema, type JoinRequest } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { joinRequestReloads } from './get-join-requests.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export interface ApproveInput {
  requestId: number;
  /** Links the new member to a player of the team. */
  playerId: number | null;
}

export function approveJoinRequest({ requestId, playerId }: ApproveInput): Promise<JoinRequest> {
  return apiRequest(`/join-requests/${requestId}/approve`, {
    method: 'POST',
    json: playerId === null ? {} : { player_id: playerId },
    schema: import.meta.env.DEV ? joinRequestSchema : undefined,
  });
}

export function useApproveJoinRequest(teamId: number) {
  return useReloadingMutation(approveJoinRequest, joinRequestReloads(teamId));
}
