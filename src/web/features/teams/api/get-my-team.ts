import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamSchema, type Team } from '../../../../shared/api/teams.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { MY_TEAM_PATH } from '../../../lib/api-paths.ts';
import { queryKeys } from '../../../lib/query-client.ts';

/** The team of a parent or player; null when they belong to none (the server answers 404). */
export async function getMyTeam(): Promise<Team | null> {
  try {
    return await apiRequest(MY_TEAM_PATH, { schema: import.meta.env.DEV ? teamSchema : undefined });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myTeamQuery = queryOptions({ queryKey: queryKeys.myTeam, queryFn: getMyTeam });

export function useMyTeam(enabled: boolean) {
  return useQuery({ ...myTeamQuery, enabled });
}
