import { defineFeature } from '../../feature-module.ts';
import { createPushChannel } from './channel.ts';
import { pushRoutes } from './routes.ts';
import { createPushService } from './service.ts';
import { vapidDetailsLoader } from './vapid.ts';

// Web push (docs/product/notifications.md 'Web push'): the devices a user turned notifications on for,
// and `pushChannel`, which the notification sender calls to push to them.
export const pushFeature = defineFeature({
  name: 'push',
  uses: ['auth'],
  services: ({ db, config, log }) => {
    const vapid = vapidDetailsLoader(db, config);
    return {
      push: createPushService({ db, config, vapid }),
      pushChannel: createPushChannel({ db, config, vapid, ...(log ? { log } : {}) }),
    };
  },
  routes: (group) => [group('signedIn', '/push', pushRoutes, ({ push }) => ({ push }))],
});
