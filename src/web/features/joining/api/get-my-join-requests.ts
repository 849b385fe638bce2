import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { myJoinRequestSchema, type MyJoinRequest } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { joiningKeys } from './keys.ts';

/** How often a pending request is looked at again, so approval shows without a reload. */
export const MY_REQUESTS_REFRESH_MS = 30_000;

export function getMyJoinRequests(): Promise<MyJoinRequest[]> {
  return apiRequest('/join-requests/mine', {
    schema: import.meta.env.DEV ? z.array(myJoinRequestSchema) : undefined,
  });
}

export function useMyJoinRequests(enabled: boolean) {
  return useQuery({
    queryKey: joiningKeys.myJoinRequests,
    queryFn: getMyJoinRequests,
    enabled,
    refetchInterval: MY_REQUESTS_REFRESH_MS,
  });
}
