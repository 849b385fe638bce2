import { queryKeys } from '../../../lib/query-client.ts';

// The calendar's answers, kept under the team's key (like the events' keys) so that switching teams never
// shows another team's calendar.
export const calendarKeys = {
  month: (teamId: number, from: string, to: string) => ['teams', teamId, 'calendar', from, to] as const,
  /** Every month of the team (reloaded together after an event changes). */
  months: (teamId: number) => ['teams', teamId, 'calendar'] as const,
  token: queryKeys.calendarToken,
};

// RSVPs are named rsvp in the code, as on the server (features/rsvp) and in the URL (/api/team-rsvp):
// the calendar screen is where they are given (docs/decisions/038). An RSVP reloads both.
export const rsvpKeys = {
  /** The players the user answers for on the team and their answers. */
  mine: (teamId: number) => ['teams', teamId, 'my-rsvps'] as const,
  /** The coaches' RSVP overview (Team Administration). */
  overview: (teamId: number) => ['teams', teamId, 'rsvp-overview'] as const,
};
