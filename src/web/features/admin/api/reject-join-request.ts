import { joinRequestSchema, type JoinRequest } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { joinRequestReloads } from './get-join-requests.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export interface RejectInput {
  requestId: number;
  reason: string;
}

export function rejectJoinRequest({ requestId, reason }: RejectInput): Promise<JoinRequest> {
  return apiRequest(`/join-requests/${requestId}/reject`, {
    method: 'POST',
    json: { status: 'rejected', rejection_reason: reason.trim() || null },
    schema: import.meta.env.DEV ? joinRequestSchema : undefined,
  });
}

export function useRejectJoinRequest(teamId: number) {
  return useReloadingMutation(rejectJoinRequest, joinRequestReloads(teamId));
}
