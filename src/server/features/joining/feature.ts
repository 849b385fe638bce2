import { defineFeature } from '../../feature-module.ts';
import { joiningMemberRoutes, joiningRoutes, joiningTeamRoutes } from './routes.ts';
import { createJoiningService } from './service.ts';

export const joiningFeature = defineFeature({
  name: 'joining',
  uses: ['auth', 'teams', 'invites', 'roster'],
  services: ({ db, config, mailQueued }) => ({ joining: createJoiningService({ db, config, mailQueued }) }),
  // Its routes sit under other features' words (/auth, /invites, /teams, /join-requests), so each
  // group is mounted at the API's root and its paths say where.
  routes: (group) => [
    group('public', '', joiningRoutes, ({ joining }, { config }) => ({ joining, config })),
    group('signedIn', '', joiningMemberRoutes, ({ joining }, { config }) => ({ joining, config })),
    group('signedIn', '', joiningTeamRoutes, ({ joining }) => ({ joining })),
  ],
});
