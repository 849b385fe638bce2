import { defineFeature } from '../../feature-module.ts';
import { rsvpRoutes } from './routes.ts';
import { createRsvpService } from './service.ts';

export const rsvpFeature = defineFeature({
  name: 'rsvp',
  uses: ['auth', 'teams', 'invites', 'roster'],
  services: ({ db, config }) => ({ rsvp: createRsvpService({ db, config }) }),
  routes: (group) => [group('signedIn', '/team-rsvp', rsvpRoutes, ({ rsvp }) => ({ rsvp }))],
});
