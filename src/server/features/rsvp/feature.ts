import { defineFeature } from '../../feature-module.ts';
import { createReminderService } from './reminders.ts';
import { answerLinkRoutes, rsvpRoutes, teamRsvpRoutes } from './routes.ts';
import { createRsvpService } from './service.ts';

export const rsvpFeature = defineFeature({
  name: 'rsvp',
  uses: ['auth', 'teams', 'invites', 'roster', 'notifications'],
  services: ({ db, config, links, log }) => ({
    rsvp: createRsvpService({ db, config, links }),
    rsvpReminders: createReminderService({ db, config, log }),
  }),
  routes: (group) => [
    group('signedIn', '/team-rsvp', rsvpRoutes, ({ rsvp, rsvpReminders }) => ({ rsvp, rsvpReminders })),
    group('signedIn', '/team-rsvp/team', teamRsvpRoutes, ({ rsvp }) => ({ rsvp })),
    // An email's answer links work without signing in (docs/product/notifications.md 'Answer from the email').
    group('public', '/team-rsvp/answer-link', answerLinkRoutes, ({ rsvp }, { config }) => ({ rsvp, config })),
  ],
  // The automatic RSVP reminders: each process looks this often; one of them runs each sweep.
  jobs: ({ rsvpReminders }, config) => [
    {
      job: 'rsvp-reminders',
      everyMs: config.NOTIFY_POLL_SECONDS * 1000,
      run: () => rsvpReminders.sweep().then(() => {}),
    },
  ],
});
