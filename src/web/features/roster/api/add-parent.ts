import { addParentResponse, type AddParentBody } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export const MISSING_PARENT_ID = 'Server did not return parent ID';

export interface AddParentInput {
  playerId: number;
  body: AddParentBody;
}

/** Adds a parent contact to a player; with send_invite the server creates an account and emails an invite. */
export async function addParent(teamId: number, { playerId, body }: AddParentInput) {
  const answer = await apiRequest<unknown>(`/teams/${teamId}/players/${playerId}/parents`, {
    method: 'POST',
    json: body,
  });
  const hasId = typeof answer === 'object' && answer !== null && 'id' in answer && answer.id;
  if (!hasId) throw new Error(MISSING_PARENT_ID);
  return addParentResponse.parse(answer);
}

export function useAddParent(teamId: number) {
  return useRosterMutation(teamId, addParent);
}
