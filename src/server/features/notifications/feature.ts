import { defineFeature } from '../../feature-module.ts';
import { notificationPreferenceRoutes, unsubscribeRoutes } from './preferences-routes.ts';
import { createPreferenceService } from './preferences-service.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService } from './service.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  uses: ['auth'],
  services: ({ db, links }) => ({
    notifications: createNotificationService({ db }),
    notificationPreferences: createPreferenceService({ db, links }),
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
});
