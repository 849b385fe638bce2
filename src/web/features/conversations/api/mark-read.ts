import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Conversation } from '../../../../shared/api/conversations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './keys.ts';

/** POST /api/messaging/conversations/{id}/mark-read. */
export function markConversationRead(conversationId: number): Promise<unknown> {
  return apiRequest(`/messaging/conversations/${conversationId}/mark-read`, { method: 'POST' });
}

/**
 * Marks a conversation read: its unread dot and the badge drop at once, then both are read again from
 * the server. A failure changes nothing on screen but that: the next poll shows the truth.
 */
export function useMarkRead(teamId: number): (conversationId: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId: number) => {
      const list = queryClient.getQueryData<Conversation[]>(conversationKeys.list(teamId));
      const unread = list?.find((c) => c.id === conversationId)?.unread_count ?? 0;
      if (unread > 0) {
        queryClient.setQueryData<Conversation[]>(conversationKeys.list(teamId), (old) =>
          old?.map((c) => (c.id === conversationId ? { ...c, unread_count: 0 } : c)),
        );
        queryClient.setQueryData<number>(conversationKeys.unread(teamId), (count) =>
          count === undefined ? count : Math.max(0, count - unread),
        );
      }
      markConversationRead(conversationId)
        .catch((error: unknown) => console.warn('Marking the conversation read failed', error))
        .finally(() => {
          void queryClient.invalidateQueries({ queryKey: conversationKeys.unread(teamId) });
          void queryClient.invalidateQueries({ queryKey: conversationKeys.list(teamId), exact: true });
        });
    },
    [queryClient, teamId],
  );
}
