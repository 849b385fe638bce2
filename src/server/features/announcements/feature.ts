import { defineFeature } from '../../feature-module.ts';
import { announcementRoutes, chatPostRoutes } from './routes.ts';
import { createAnnouncementService } from './service.ts';

export const announcementsFeature = defineFeature({
  name: 'announcements',
  uses: ['auth', 'teams', 'events', 'notifications'],
  services: ({ db, config, chatPostQueued }) => ({
    announcements: createAnnouncementService({ db, config, chatPostQueued }),
  }),
  routes: (group) => [
    group('signedIn', '/messaging/announcements', announcementRoutes, ({ announcements }) => ({
      announcements,
    })),
    group('signedIn', '/messaging/chat-posts', chatPostRoutes, ({ announcements }) => ({ announcements })),
  ],
});
