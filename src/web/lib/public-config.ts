import { useQuery } from '@tanstack/react-query';
import { publicConfigResponse, type PublicConfig } from '../../shared/api/auth.ts';
import { DEFAULT_TEAM_TIME_ZONE } from '../../shared/teams.ts';
import { apiRequest } from './api-client.ts';
import { CONFIG_PATH } from './api-paths.ts';
import { queryKeys } from './query-client.ts';

// The deployment's public settings (club name, team time zone); needs no sign-in.

export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest(CONFIG_PATH, {
    token: null,
    schema: import.meta.env.DEV ? publicConfigResponse : undefined,
  });
}

export function usePublicConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: getPublicConfig, staleTime: Infinity });
}

/** The club's name, or '' until it is known. */
export function useClubName(): string {
  return usePublicConfig().data?.club_name ?? '';
}

/** The teams' time zone (TEAM_TIME_ZONE), in which dates are shown. */

export function useTeamTimeZone(): string {
  return usePublicConfig().data?.team_time_zone ?? DEFAULT_TEAM_TIME_ZONE;
}
