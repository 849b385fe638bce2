import { messageResponse } from '../../../../shared/api/roster.ts';
import type { Relationship } from '../../../../shared/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export interface AssignParentInput {
  userId: number;
  body: { player_id: number; relationship: Relationship; is_primary: boolean };
}

/** Links a parent account to a player; answers 'Parent assigned to player successfully'. */
export async function assignParent(teamId: number, { userId, body }: AssignParentInput): Promise<string> {
  const answer = await apiRequest(`/teams/${teamId}/parents/${userId}/assign-player`, {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? messageResponse : undefined,
  });
  return answer.message;
}

export function useAssignParent(teamId: number) {
  return useRosterMutation(teamId, assignParent);
}
