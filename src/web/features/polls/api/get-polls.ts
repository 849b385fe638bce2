import { useQuery } from '@tanstack/react-query';
import { pollListSchema, type PollList } from '../../../../shared/api/polls.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { POLLS_REFRESH_MS, pollKeys } from './keys.ts';

/** GET /api/messaging/polls/{teamId}: newest first, with the players the caller may vote for. */
export function getPolls(teamId: number): Promise<PollList> {
  return apiRequest(`/messaging/polls/${teamId}`, { schema: pollListSchema });
}

/** The team's polls, reloaded every 60 s while the page is visible (not in the background). */
export function usePolls(teamId: number) {
  return useQuery({
    queryKey: pollKeys.list(teamId),
    queryFn: () => getPolls(teamId),
    refetchInterval: POLLS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
