import { defineFeature } from '../../feature-module.ts';
import {
  invitePreviewRoutes,
  joinRequestRoutes,
  joinTeamRoutes,
  myInviteRoutes,
  setupPasswordRoutes,
} from './routes.ts';
import { createJoiningService } from './service.ts';

export const joiningFeature = defineFeature({
  name: 'joining',
  uses: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  services: ({ db, config, mailQueued }) => ({ joining: createJoiningService({ db, config, mailQueued }) }),
  // Its routes sit under other features' words (/auth, /invites, /teams), so it has a group per prefix.
  routes: (group) => [
    group('public', '/auth', setupPasswordRoutes, ({ joining }, { config }) => ({ joining, config })),
    group('public', '/invites', invitePreviewRoutes, ({ joining }, { config }) => ({ joining, config })),
    group('signedIn', '/teams', joinTeamRoutes, ({ joining }, { config }) => ({ joining, config })),
    group('signedIn', '/invites', myInviteRoutes, ({ joining }) => ({ joining })),
    group('signedIn', '/join-requests', joinRequestRoutes, ({ joining }) => ({ joining })),
  ],
});
