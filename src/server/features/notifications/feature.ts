import { defineFeature } from '../../feature-module.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService } from './service.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  uses: ['auth'],
  services: ({ db }) => ({ notifications: createNotificationService({ db }) }),
  routes: (group) => [
    group('signedIn', '/notifications', notificationRoutes, ({ notifications }) => ({ notifications })),
  ],
});
