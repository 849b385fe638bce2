import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineSchema } from '../../../../shared/define-schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollingFallback } from '../../../lib/live-status.ts';
import { conversationKeys } from './keys.ts';

// The Communication badge (side bar, and the Messages tab): loaded with the shell, so it stays tiny and
// imports nothing else of the conversations feature. The schema is the contract's unreadCountSchema,
// restated so the first load carries none of the other messaging schemas.

/** docs/product/conversations.md: the unread count every 30 s, while no live stream is connected. */
export const UNREAD_COUNT_POLL_MS = 30_000;

const unreadCount = defineSchema(() => z.object({ unread_count: z.number() }));

/** GET /api/messaging/unread-count/{teamId}: messages from others since the user last read each. */
export async function getUnreadCount(teamId: number): Promise<number> {
  return (
    await apiRequest(`/messaging/unread-count/${teamId}`, {
      schema: import.meta.env.DEV ? unreadCount : undefined,
    })
  ).unread_count;
}

/** The selected team's unread count; 0 while unknown or without a team. */
export function useUnreadCount(teamId: number | null): number {
  const interval = usePollingFallback(teamId, UNREAD_COUNT_POLL_MS);
  const query = useQuery({
    queryKey: conversationKeys.unread(teamId ?? 0),
    queryFn: () => getUnreadCount(teamId ?? 0),
    enabled: teamId !== null,
    refetchInterval: interval,
    refetchIntervalInBackground: false,
  });
  return query.data ?? 0;
}
