import { defineFeature } from '../../feature-module.ts';
import { publicConfigRoutes } from './routes.ts';

export const configFeature = defineFeature({
  name: 'config',
  uses: [],
  routes: (group) => [
    group('public', '/config', publicConfigRoutes, (_services, { config }) => ({ config })),
  ],
});
