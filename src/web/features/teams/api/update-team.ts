import { teamSchema, type Team, type UpdateTeamBody } from '../../../../shared/api/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

/** Team Settings: the bot id or the team's details (PUT /api/teams/{teamId}). */
export function updateTeam(teamId: number, body: UpdateTeamBody): Promise<Team> {
  return apiRequest(`/teams/${teamId}`, {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? teamSchema : undefined,
  });
}

export function useUpdateTeam(teamId: number) {
  return useReloadingMutation((body: UpdateTeamBody) => updateTeam(teamId, body), [queryKeys.teams]);
}

/** A fresh invite code; the old one stops working. */
export function regenerateInviteCode(teamId: number): Promise<Team> {
  return apiRequest(`/teams/${teamId}/invite-code/regenerate`, {
    method: 'POST',
    schema: import.meta.env.DEV ? teamSchema : undefined,
  });
}

export function useRegenerateInviteCode(teamId: number) {
  return useReloadingMutation(() => regenerateInviteCode(teamId), [queryKeys.teams]);
}
