import { defineFeature } from '../../feature-module.ts';
import { pollRoutes } from './routes.ts';
import { createPollService } from './service.ts';

export const pollsFeature = defineFeature({
  name: 'polls',
  uses: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  services: ({ db, config }) => ({ polls: createPollService({ db, config }) }),
  routes: (group) => [group('signedIn', '/messaging/polls', pollRoutes, ({ polls }) => ({ polls }))],
});
