import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineSchema } from '../../../../shared/define-schema.ts';
import { joinRequestSchema, type JoinRequest } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { joinRequestKeys } from './keys.ts';

/** While the Join Requests tab is open (docs/product/teams-and-joining.md). */
export const JOIN_REQUESTS_REFRESH_MS = 15_000;
/** The Admin badge's count (docs/product/teams-and-joining.md). */
export const PENDING_COUNT_REFRESH_MS = 10_000;

const joinRequestList = defineSchema(() => z.array(joinRequestSchema));

/** The team's join requests, pending first. */
export function getJoinRequests(teamId: number): Promise<JoinRequest[]> {
  return apiRequest(`/join-requests/${teamId}`, {
    schema: import.meta.env.DEV ? joinRequestList : undefined,
  });
}

function joinRequestsQuery(teamId: number) {
  return { queryKey: joinRequestKeys.list(teamId), queryFn: () => getJoinRequests(teamId) };
}

export function useJoinRequests(teamId: number, enabled = true) {
  return useQuery({ ...joinRequestsQuery(teamId), enabled, refetchInterval: JOIN_REQUESTS_REFRESH_MS });
}

const pendingCount = defineSchema(() => z.object({ count: z.number().int() }));

/** How many requests wait: a count the server answers without sending the list. */
export async function getPendingCount(teamId: number): Promise<number> {
  return (
    await apiRequest(`/join-requests/${teamId}/pending-count`, {
      schema: import.meta.env.DEV ? pendingCount : undefined,
    })
  ).count;
}

/** The Admin badge: pending requests of the selected team, for those who review them; 0 otherwise. */
export function usePendingJoinRequestCount(teamId: number | null, enabled: boolean): number {
  const query = useQuery({
    // Under the list's key, so a decision reloads it too; polled every 10 s while the tab is open
    // (the list, when its tab is open, every 15 s).
    queryKey: joinRequestKeys.pendingCount(teamId ?? 0),
    queryFn: () => getPendingCount(teamId ?? 0),
    enabled: enabled && teamId !== null,
    refetchInterval: PENDING_COUNT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  return query.data ?? 0;
}

/**
 * What a decision changes: the list (and with it the Admin badge), and the roster, where an approved
 * parent may now be linked to a player.
 */
export function joinRequestReloads(teamId: number) {
  return [joinRequestKeys.list(teamId), queryKeys.team(teamId)];
}
