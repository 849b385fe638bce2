import { announcementsFeature } from './features/announcements/feature.ts';
import { authFeature } from './features/auth/feature.ts';
import { calendarFeature } from './features/calendar/feature.ts';
import { configFeature } from './features/config/feature.ts';
import { conversationsFeature } from './features/conversations/feature.ts';
import { documentsFeature } from './features/documents/feature.ts';
import { eventsFeature } from './features/events/feature.ts';
import { healthFeature } from './features/health/feature.ts';
import { invitesFeature } from './features/invites/feature.ts';
import { joiningFeature } from './features/joining/feature.ts';
import { kitsFeature } from './features/kits/feature.ts';
import { liveFeature } from './features/live/feature.ts';
import { notificationsFeature } from './features/notifications/feature.ts';
import { moderatorsFeature } from './features/moderators/feature.ts';
import { pollsFeature } from './features/polls/feature.ts';
import { pushFeature } from './features/push/feature.ts';
import { rosterFeature } from './features/roster/feature.ts';
import { rsvpFeature } from './features/rsvp/feature.ts';
import { teamsFeature } from './features/teams/feature.ts';

// Every server feature, once (docs/decisions/037). Its services are made in this order (a feature may
// read those of the features before it: the calendar the events') and its route groups are registered
// in this order, public ones before sign-in and signed-in ones behind it (app.ts).
export const SERVER_FEATURES = [
  healthFeature,
  configFeature,
  authFeature,
  teamsFeature,
  invitesFeature,
  rosterFeature,
  moderatorsFeature,
  kitsFeature,
  pushFeature,
  notificationsFeature,
  eventsFeature,
  rsvpFeature,
  calendarFeature,
  joiningFeature,
  pollsFeature,
  announcementsFeature,
  conversationsFeature,
  liveFeature,
  documentsFeature,
] as const;

/** Each feature's name and the features it may use: what a layer rule reads (features/<name>/feature.ts). */
export const SERVER_LAYERS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  SERVER_FEATURES.map((feature) => [feature.name, feature.uses]),
);
