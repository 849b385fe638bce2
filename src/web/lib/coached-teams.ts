import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineSchema } from '../../shared/define-schema.ts';
import { teamSchema, type Team } from '../../shared/api/teams.ts';
import { apiRequest } from './api-client.ts';
import { COACHED_TEAMS_PATH } from './api-paths.ts';
import { queryKeys } from './query-client.ts';

// The teams the user runs, read by the shell (the team picker) and by quick-add (it copies only from
// those, docs/product/teams-and-joining.md): one fetch under one key, so whichever screen asks first
// fills it for the other and the page never asks twice.

const teamList = defineSchema(() => z.array(teamSchema));

/** GET /api/teams/coached: the teams a coach runs (an admin: every team of the club). */
export function getCoachedTeams(): Promise<Team[]> {
  return apiRequest(COACHED_TEAMS_PATH, { schema: import.meta.env.DEV ? teamList : undefined });
}

export const coachedTeamsQuery = queryOptions({ queryKey: queryKeys.coachedTeams, queryFn: getCoachedTeams });

/** Parents and players run no team (the server answers them 403, not asked again): none. */
export function useCoachedTeams(enabled = true) {
  return useQuery({ ...coachedTeamsQuery, enabled });
}
