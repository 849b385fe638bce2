import type { WebFeature } from '../../lib/web-feature.ts';
import { useUnreadCount } from './api/get-unread-count.ts';
import { conversationKeys } from './api/keys.ts';

// Conversations' part of the app (registered in src/web/app/registry.ts): the unread badge on
// Communication, and what a live change of a message or a conversation makes stale.
export const conversationsFeature: WebFeature = {
  badges: {
    messages: {
      label: 'unread messages',
      useCount: (team) => useUnreadCount(team?.id ?? null),
    },
  },
  live: {
    messages: (teamId, conversationId) => [
      conversationKeys.list(teamId),
      conversationId === undefined
        ? conversationKeys.allMessages(teamId)
        : conversationKeys.messages(teamId, conversationId),
      conversationKeys.unread(teamId),
    ],
    conversations: (teamId) => [conversationKeys.list(teamId), conversationKeys.unread(teamId)],
  },
};
