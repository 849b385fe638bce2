import { useQuery } from '@tanstack/react-query';
import { messageListSchema, type Message } from '../../../../shared/api/conversations.ts';
import { MESSAGING_POLL_MS } from '../../../../shared/conversations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePollingFallback } from '../../../lib/live-status.ts';
import { conversationKeys } from './keys.ts';

/** GET /api/messaging/conversations/{id}/messages: the newest messages, oldest first. */
export function getMessages(conversationId: number): Promise<Message[]> {
  return apiRequest(`/messaging/conversations/${conversationId}/messages`, {
    schema: import.meta.env.DEV ? messageListSchema : undefined,
  });
}

/**
 * An open conversation's messages, polled every 3 s while it is open and the page visible
 * (docs/product/conversations.md) and no live stream is connected; `polling` false reads them once.
 */
export function useMessages(teamId: number, conversationId: number | null, polling: boolean) {
  const interval = usePollingFallback(teamId, MESSAGING_POLL_MS.openConversation);
  return useQuery({
    queryKey: conversationKeys.messages(teamId, conversationId ?? 0),
    queryFn: () => getMessages(conversationId ?? 0),
    enabled: conversationId !== null,
    refetchInterval: polling ? interval : false,
    refetchIntervalInBackground: false,
  });
}
