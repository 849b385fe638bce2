import type { WebFeature } from '../../lib/web-feature.ts';
import { notificationKeys } from './api/keys.ts';

// Notifications' part of the app (registered in src/web/app/registry.tsx): a new notification for the
// signed-in user, told over the event stream of whichever team the page shows, reloads the bell.
export const notificationsFeature: WebFeature = {
  live: {
    notifications: () => [notificationKeys.list],
  },
};
