import { defineFeature } from '../../feature-module.ts';
import { createGameService } from './games-service.ts';
import { createPracticeService } from './practices-service.ts';
import { gameRoutes, practiceRoutes, tournamentRoutes } from './routes.ts';
import { createTournamentService } from './tournaments-service.ts';

export const eventsFeature = defineFeature({
  name: 'events',
  uses: ['auth', 'teams', 'notifications'],
  // The events lists, also read by the calendar (one instance each: calendar/feature.ts).
  services: ({ db, config }) => ({
    tournaments: createTournamentService({ db, config }),
    games: createGameService({ db, config }),
    practices: createPracticeService({ db, config }),
  }),
  routes: (group) => [
    group('signedIn', '/tournaments', tournamentRoutes, ({ tournaments }) => ({ tournaments })),
    group('signedIn', '/games', gameRoutes, ({ games }) => ({ games })),
    group('signedIn', '/practices', practiceRoutes, ({ practices }) => ({ practices })),
  ],
});

export type EventServices = ReturnType<NonNullable<typeof eventsFeature.services>>;
