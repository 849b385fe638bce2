import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { teamSchema } from '../../../../shared/api/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';

/**
 * The teams the user runs (GET /api/teams/coached), read under the shell's own key, so a coach's list
 * is already there and never asked twice. Quick-add copies only from those (DECISIONS.md): GET
 * /api/tournaments/all also holds the teams the user is a parent or player on. Parents and players
 * run no team (the server answers them 403): none.
 */
export function useCoachedTeamIds(): { ids: ReadonlySet<number>; pending: boolean } {
  const coached = useQuery({
    queryKey: queryKeys.coachedTeams,
    queryFn: () => apiRequest('/teams/coached', { schema: z.array(teamSchema) }),
    retry: false,
  });
  return {
    ids: new Set((coached.data ?? []).map((team) => team.id)),
    pending: coached.isPending,
  };
}
