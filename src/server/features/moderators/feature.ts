import { defineFeature } from '../../feature-module.ts';
import { moderatorRoutes, potentialModeratorRoutes, publicModeratorRoutes } from './routes.ts';
import { createModeratorService } from './service.ts';

export const moderatorsFeature = defineFeature({
  name: 'moderators',
  uses: ['auth', 'teams'],
  services: ({ db }) => ({ moderators: createModeratorService({ db }) }),
  routes: (group) => [
    group('public', '/moderators', publicModeratorRoutes, () => ({})),
    group('signedIn', '/moderators', moderatorRoutes, ({ moderators }) => ({ moderators })),
    group('signedIn', '/teams', potentialModeratorRoutes, ({ moderators }) => ({ moderators })),
  ],
});
