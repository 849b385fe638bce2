import { useQuery } from '@tanstack/react-query';
import { conversationListSchema, type Conversation } from '../../../../shared/api/conversations.ts';
import { MESSAGING_POLL_MS } from '../../../../shared/conversations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollingFallback } from '../../../lib/live-status.ts';
import { usePageVisible } from '../lib/use-page-visible.ts';
import { conversationKeys } from './keys.ts';

/** GET /api/messaging/conversations/{teamId}: the user's conversations, most recent activity first. */
export function getConversations(teamId: number): Promise<Conversation[]> {
  return apiRequest(`/messaging/conversations/${teamId}`, {
    schema: import.meta.env.DEV ? conversationListSchema : undefined,
  });
}

/**
 * The list, polled (docs/product/conversations.md) every 30 s on the conversations tab, 60 s otherwise
 * while the page is visible and 120 s while hidden; not at all while the live stream is connected.
 */
export function useConversations(teamId: number, onTab: boolean) {
  const visible = usePageVisible();
  const ms = !visible
    ? MESSAGING_POLL_MS.hidden
    : onTab
      ? MESSAGING_POLL_MS.conversationsTab
      : MESSAGING_POLL_MS.otherwiseVisible;
  const interval = usePollingFallback(teamId, ms);
  return useQuery({
    queryKey: conversationKeys.list(teamId),
    queryFn: () => getConversations(teamId),
    refetchInterval: interval,
    refetchIntervalInBackground: true,
  });
}
