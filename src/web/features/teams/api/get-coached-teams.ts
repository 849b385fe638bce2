import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { teamSchema, type Team } from '../../../../shared/api/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';

const teamList = z.array(teamSchema);

/** The teams a coach runs (an admin: every team of the club). */
export function getCoachedTeams(): Promise<Team[]> {
  return apiRequest('/teams/coached', { schema: teamList });
}

export function useCoachedTeams(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.coachedTeams, queryFn: getCoachedTeams, enabled });
}
