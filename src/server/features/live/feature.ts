import { defineFeature } from '../../feature-module.ts';
import { liveRoutes } from './routes.ts';

export const liveFeature = defineFeature({
  name: 'live',
  uses: ['auth', 'teams'],
  routes: (group) => [
    group('signedIn', '/messaging', liveRoutes, (_services, { database }) => ({ database })),
  ],
});
