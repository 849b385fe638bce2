import { parentContactSchema, type ParentContact } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export interface UpdateParentInput {
  parentId: number;
  body: { name: string; email: string; phone: string | null };
}

export function updateParent(teamId: number, { parentId, body }: UpdateParentInput): Promise<ParentContact> {
  return apiRequest(`/teams/${teamId}/parents/${parentId}`, {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? parentContactSchema : undefined,
  });
}

export function useUpdateParent(teamId: number) {
  return useRosterMutation(teamId, updateParent);
}
