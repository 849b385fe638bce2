import { queryKeys } from '../../../lib/query-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

/**
 * A roster write on one team. Afterwards every answer about that team (players, parent accounts) is
 * reloaded, since a parent or player change shows in both.
 */
export function useRosterMutation<TVariables, TResult>(
  teamId: number,
  write: (teamId: number, variables: TVariables) => Promise<TResult>,
) {
  return useReloadingMutation((variables: TVariables) => write(teamId, variables), [queryKeys.team(teamId)]);
}
