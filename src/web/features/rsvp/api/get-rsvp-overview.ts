import { useQuery } from '@tanstack/react-query';
import { overviewSchema } from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rsvpKeys } from './keys.ts';

/** GET /api/team-rsvp/team/{teamId}/overview: upcoming events with their answers (coaches). */
export function getRsvpOverview(teamId: number) {
  return apiRequest(`/team-rsvp/team/${teamId}/overview`, { schema: overviewSchema });
}

export function useRsvpOverview(teamId: number) {
  return useQuery({ queryKey: rsvpKeys.overview(teamId), queryFn: () => getRsvpOverview(teamId) });
}
