import { defineFeature } from '../../feature-module.ts';
import { healthRoutes } from './routes.ts';

export const healthFeature = defineFeature({
  name: 'health',
  uses: [],
  routes: (group) => [group('public', '/health', healthRoutes, (_services, { health }) => ({ health }))],
});
