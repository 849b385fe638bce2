import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import type { Team } from '../types.ts';

/** The teams a coach runs (an admin: every team of the club). */
export function getCoachedTeams(): Promise<Team[]> {
  return apiRequest<Team[]>('/teams/coached');
}

export function useCoachedTeams(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.coachedTeams, queryFn: getCoachedTeams, enabled });
}
