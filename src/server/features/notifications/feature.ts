import { defineFeature } from '../../feature-module.ts';
import { notificationRoutes } from './routes.ts';
import { DIGEST_JOB, digestJob } from './sender.ts';
import { createNotificationService } from './service.ts';

export const notificationsFeature = defineFeature({
  name: 'notifications',
  uses: ['auth'],
  services: ({ db, links, mailQueued }) => ({
    notifications: createNotificationService({ db }),
    notificationDigest: digestJob({ db, links, mailQueued }),
  }),
  routes: (group) => [
    group('signedIn', '/notifications', notificationRoutes, ({ notifications }) => ({ notifications })),
  ],
  jobs: ({ notificationDigest }) => [{ job: DIGEST_JOB, handler: notificationDigest }],
});
