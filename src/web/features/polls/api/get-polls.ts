import { useQuery } from '@tanstack/react-query';
import { pollListSchema, type PollList } from '../../../../shared/api/polls.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollingFallback } from '../../../lib/live-status.ts';
import { visibleOrHidden } from '../../../lib/live-stream.ts';
import { POLLS_REFRESH_MS, pollKeys } from './keys.ts';

/** GET /api/messaging/polls/{teamId}: newest first, with the players the caller may vote for. */
export function getPolls(teamId: number): Promise<PollList> {
  return apiRequest(`/messaging/polls/${teamId}`, {
    schema: import.meta.env.DEV ? pollListSchema : undefined,
  });
}

/**
 * The team's polls, reloaded every 60 s while the page is visible and every 120 s while hidden, only
 * while the team's live stream is not connected (docs/product/conversations.md 'Live updates and
 * polling').
 */
export function usePolls(teamId: number) {
  const interval = usePollingFallback(teamId, POLLS_REFRESH_MS);
  return useQuery({
    queryKey: pollKeys.list(teamId),
    queryFn: () => getPolls(teamId),
    refetchInterval: visibleOrHidden(interval),
    refetchIntervalInBackground: true,
  });
}
