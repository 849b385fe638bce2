import { useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '../../../../shared/api/conversations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { conversationKeys } from './keys.ts';

export interface SendMessageInput {
  conversationId: number;
  content: string;
  /**
   * The `Idempotency-Key` header: made once per message and sent again by Retry, so a send whose answer
   * was lost (the message stored, the connection gone) is stored once.
   */
  key: string;
}

/** POST /api/messaging/messages. */
export function sendMessage({ conversationId, content, key }: SendMessageInput): Promise<Message> {
  return apiRequest('/messaging/messages', {
    method: 'POST',
    json: { content, conversation_id: conversationId },
    headers: { 'Idempotency-Key': key },
    schema: import.meta.env.DEV ? messageSchema : undefined,
  });
}

/** A new key for one message: random, from the browser's generator (any page, secure or not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One send at a time (a second tap or Enter while sending sends nothing); the sent message joins the
 * thread at once, then the thread and the list reload. `onSent` runs even when the composer is gone.
 */
export function useSendMessage(teamId: number, onSent?: (message: Message, input: SendMessageInput) => void) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: sendMessage,
    onSuccess: (message, input) => {
      queryClient.setQueryData<Message[]>(conversationKeys.messages(teamId, input.conversationId), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      onSent?.(message, input);
    },
    // Not awaited: the send's outcome shows at once, however long the thread takes to read again.
    onSettled: (_message, _error, input) => {
      void queryClient.invalidateQueries({
        queryKey: conversationKeys.messages(teamId, input.conversationId),
      });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(teamId) });
    },
  });
}
