import { defineFeature } from '../../feature-module.ts';
import { conversationRoutes, messageRoutes, recipientRoutes, unreadCountRoutes } from './routes.ts';
import { createConversationService } from './service.ts';

export const conversationsFeature = defineFeature({
  name: 'conversations',
  uses: ['auth', 'teams'],
  services: ({ db, config }) => ({ conversations: createConversationService({ db, config }) }),
  routes: (group) => [
    group('signedIn', '/messaging/conversations', conversationRoutes, ({ conversations }) => ({
      conversations,
    })),
    group('signedIn', '/messaging/recipients', recipientRoutes, ({ conversations }) => ({ conversations })),
    group('signedIn', '/messaging/messages', messageRoutes, ({ conversations }) => ({ conversations })),
    group('signedIn', '/messaging/unread-count', unreadCountRoutes, ({ conversations }) => ({
      conversations,
    })),
  ],
});
