import { defineFeature } from '../../feature-module.ts';
import { moderatorRoutes, publicModeratorRoutes } from './routes.ts';
import { createModeratorService } from './service.ts';

export const moderatorsFeature = defineFeature({
  name: 'moderators',
  uses: ['auth', 'teams'],
  services: ({ db }) => ({ moderators: createModeratorService({ db }) }),
  routes: (group) => [
    group('public', '/moderators', publicModeratorRoutes, () => ({})),
    // Also /teams/:teamId/potential-moderators, so mounted at the API's root.
    group('signedIn', '', moderatorRoutes, ({ moderators }) => ({ moderators })),
  ],
});
