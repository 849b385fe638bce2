import { defineFeature } from '../../feature-module.ts';
import { conversationRoutes } from './routes.ts';
import { createConversationService } from './service.ts';

export const conversationsFeature = defineFeature({
  name: 'conversations',
  uses: ['auth', 'teams'],
  services: ({ db, config }) => ({ conversations: createConversationService({ db, config }) }),
  routes: (group) => [
    group('signedIn', '/messaging', conversationRoutes, ({ conversations }) => ({ conversations })),
  ],
});
