import { inviteNewResponse, type InviteNewResult } from '../../../../shared/api/roster-import.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

/** 'Invite all' after an import: the first invite to every contact never invited. */
export function inviteNewParents(teamId: number): Promise<InviteNewResult> {
  return apiRequest(`/teams/${teamId}/parents/invite-new`, {
    method: 'POST',
    schema: import.meta.env.DEV ? inviteNewResponse : undefined,
  });
}

export function useInviteNewParents(teamId: number) {
  return useRosterMutation(teamId, (id: number, _none: void) => inviteNewParents(id));
}
