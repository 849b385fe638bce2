import { useQueryClient } from '@tanstack/react-query';
import {
  conversationSchema,
  type Conversation,
  type ConversationCreateBody,
} from '../../../../shared/api/conversations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { conversationKeys } from './keys.ts';

/** POST /api/messaging/conversations?team_id=: the new conversation, with the participants the server added. */
export function createConversation(teamId: number, body: ConversationCreateBody): Promise<Conversation> {
  return apiRequest(`/messaging/conversations?team_id=${teamId}`, {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? conversationSchema : undefined,
  });
}

/** 'Start New Message': once per tap; the new conversation joins the list at once, then the list reloads. */
export function useCreateConversation(teamId: number) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: ConversationCreateBody) => createConversation(teamId, body),
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(conversationKeys.list(teamId), (list) =>
        list && !list.some((c) => c.id === conversation.id) ? [conversation, ...list] : list,
      );
    },
    // Not awaited: the outcome shows at once, however long the list takes to read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list(teamId) }),
  });
}
