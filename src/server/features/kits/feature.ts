import { defineFeature } from '../../feature-module.ts';
import { kitRoutes } from './routes.ts';
import { createKitService } from './service.ts';

export const kitsFeature = defineFeature({
  name: 'kits',
  uses: ['auth', 'teams'],
  services: ({ db }) => ({ kits: createKitService({ db }) }),
  routes: (group) => [group('signedIn', '/kits', kitRoutes, ({ kits }) => ({ kits }))],
});
