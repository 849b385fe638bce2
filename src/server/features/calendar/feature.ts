import { defineFeature } from '../../feature-module.ts';
import type { EventServices } from '../events/feature.ts';
import { calendarFeedRoutes } from './feed-routes.ts';
import { createCalendarMonthService } from './month-service.ts';
import { calendarMonthRoutes } from './month-routes.ts';
import { calendarTokenRoutes } from './token-routes.ts';
import { createCalendarTokenService } from './token-service.ts';

/** The events' services made before this feature's (features.ts lists events first). */
function eventsOf(earlier: Readonly<Record<string, unknown>>): EventServices {
  const { tournaments, games, practices } = earlier as Partial<EventServices>;
  if (!tournaments || !games || !practices) throw new Error('The calendar is listed before the events');
  return { tournaments, games, practices };
}

export const calendarFeature = defineFeature({
  name: 'calendar',
  uses: ['auth', 'teams', 'invites', 'roster', 'events'],
  services: ({ config }, earlier) => ({
    calendarMonth: createCalendarMonthService({ events: eventsOf(earlier), config }),
  }),
  routes: (group) => [
    // The feed: its secret is in the path, no bearer token (calendar apps send none).
    group('public', '/calendar/feed', calendarFeedRoutes, (_services, { database, config, answers }) => ({
      database,
      config,
      answers,
    })),
    group('signedIn', '/calendar', calendarMonthRoutes, ({ calendarMonth }) => ({ calendarMonth })),
    group('signedIn', '/calendar/token', calendarTokenRoutes, (_services, { database, signingSecret }) => ({
      calendarTokens: createCalendarTokenService({ db: database.db, signingSecret }),
    })),
  ],
});
