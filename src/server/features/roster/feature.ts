import { defineFeature } from '../../feature-module.ts';
import { createImportService } from './import-service.ts';
import { createParentService } from './parents-service.ts';
import { createPlayerService } from './players-service.ts';
import { rosterRoutes } from './routes.ts';

export const rosterFeature = defineFeature({
  name: 'roster',
  uses: ['auth', 'teams', 'invites'],
  services: ({ db, config, mailQueued }) => ({
    players: createPlayerService({ db }),
    parents: createParentService({ db, config, mailQueued }),
    imports: createImportService({ db }),
  }),
  routes: (group) => [
    group('signedIn', '/teams', rosterRoutes, ({ players, parents, imports }) => ({
      players,
      parents,
      imports,
    })),
  ],
});
