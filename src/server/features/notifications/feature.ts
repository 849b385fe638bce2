import { defineFeature } from '../../feature-module.ts';
import { notificationPreferenceRoutes, unsubscribeRoutes } from './preferences-routes.ts';
import { createPreferenceService } from './preferences-service.ts';
import { notificationRoutes } from './routes.ts';
import { DIGEST_JOB, digestJob } from './sender.ts';
import { createNotificationService } from './service.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  uses: ['auth'],
  services: ({ db, links, mailQueued }) => ({
    notifications: createNotificationService({ db }),
    notificationPreferences: createPreferenceService({ db, links }),
    notificationDigest: digestJob({ db, links, mailQueued }),
  }),
  routes: (group) => [
    group('public', '/notifications', unsubscribeRoutes, ({ notificationPreferences }, { config }) => ({
      preferences: notificationPreferences,
      config,
    })),
    group('signedIn', '/notifications', notificationRoutes, ({ notifications }) => ({ notifications })),
    group('signedIn', '/notifications', notificationPreferenceRoutes, ({ notificationPreferences }) => ({
      preferences: notificationPreferences,
    })),
  ],
  jobs: ({ notificationDigest }) => [{ job: DIGEST_JOB, handler: notificationDigest }],
});
