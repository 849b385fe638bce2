import { defineFeature } from '../../feature-module.ts';
import { conversationRoutes, messageRoutes, recipientRoutes, unreadCountRoutes } from './routes.ts';
import { createConversationService } from './service.ts';
import { UNREAD_MESSAGE_JOB, unreadMessageJob } from './unread-email.ts';

export const conversationsFeature = defineFeature({
  name: 'conversations',
  uses: ['auth', 'teams', 'notifications'],
  services: ({ db, config }) => ({
    conversations: createConversationService({ db, config }),
    unreadMessageJob: unreadMessageJob(db),
  }),
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
  jobs: ({ unreadMessageJob }) => [{ job: UNREAD_MESSAGE_JOB, handler: unreadMessageJob }],
});
