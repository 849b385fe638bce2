import { queryKeys } from '../../../lib/query-client.ts';

// The calendar's answers, kept under the team's key (like the events' keys) so that switching teams never
// shows another team's calendar.
export const calendarKeys = {
  month: (teamId: number, from: string, to: string) => ['teams', teamId, 'calendar', from, to] as const,
  /** Every month of the team (reloaded together after an event changes). */
  months: (teamId: number) => ['teams', teamId, 'calendar'] as const,
  token: queryKeys.calendarToken,
};
