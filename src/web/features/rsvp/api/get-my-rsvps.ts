import { useQuery } from '@tanstack/react-query';
import { rsvpListSchema, type RsvpList } from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rsvpKeys } from './keys.ts';

/**
 * GET /api/team-rsvp/user/{userId}/events?team_id=: the players the user may answer for on the team
 * and their answers, in one request (not one per event).
 */
export function getMyRsvps(userId: number, teamId: number): Promise<RsvpList> {
  return apiRequest(`/team-rsvp/user/${userId}/events?team_id=${teamId}`, {
    schema: import.meta.env.DEV ? rsvpListSchema : undefined,
  });
}

export function useMyRsvps(userId: number, teamId: number, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: rsvpKeys.mine(teamId),
    queryFn: () => getMyRsvps(userId, teamId),
    ...options,
  });
}
