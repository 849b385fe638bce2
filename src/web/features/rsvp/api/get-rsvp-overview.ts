import { useQuery } from '@tanstack/react-query';
import { overviewSchema } from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rsvpKeys } from './keys.ts';

/** GET /api/team-rsvp/team/{teamId}/overview: upcoming events with their answers (coaches). */
export function getRsvpOverview(teamId: number) {
  return apiRequest(`/team-rsvp/team/${teamId}/overview`, { schema: overviewSchema });
}

/** `enabled`: false for those who may not read it (the screens ask useCan first). */
export function useRsvpOverview(teamId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: rsvpKeys.overview(teamId),
    queryFn: () => getRsvpOverview(teamId),
    enabled,
  });
}
