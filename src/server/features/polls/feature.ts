import { defineFeature } from '../../feature-module.ts';
import { pollRoutes } from './routes.ts';
import { createPollService } from './service.ts';

export const pollsFeature = defineFeature({
  name: 'polls',
  uses: ['auth', 'teams', 'invites', 'roster'],
  services: ({ db, config, mailQueued }) => ({ polls: createPollService({ db, config, mailQueued }) }),
  routes: (group) => [group('signedIn', '/messaging/polls', pollRoutes, ({ polls }) => ({ polls }))],
});
