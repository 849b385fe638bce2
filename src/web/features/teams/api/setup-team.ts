import { useQueryClient } from '@tanstack/react-query';
import { teamSchema, type SetupTeamBody, type Team } from '../../../../shared/api/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

/** Creates a team from the four wizard steps; the signed-in coach coaches it. */
export function setupTeam(body: SetupTeamBody): Promise<Team> {
  return apiRequest('/teams/setup-complete', {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? teamSchema : undefined,
  });
}

/** Adds the new team to the coached list at once (so it can be selected), then reloads every team answer. */
export function useSetupTeam() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: setupTeam,
    onSuccess: (team) => {
      queryClient.setQueryData<Team[]>(queryKeys.coachedTeams, (teams) => [
        ...(teams ?? []).filter((t) => t.id !== team.id),
        team,
      ]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.teams });
    },
  });
}
