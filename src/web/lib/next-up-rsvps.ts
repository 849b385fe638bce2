import type { ReactNode } from 'react';
import type { Team } from '../../shared/api/teams.ts';
import type { CalendarEvent } from '../../shared/calendar.ts';

// What the dashboard's 'Next up' shows of RSVPs (docs/product/calendar-rsvp-and-feed.md 'Next up'). The
// rsvp feature makes it (features/rsvp/lib/use-next-up-rsvps.tsx) and the app hands it to the
// dashboard's card (app/DashboardSchedule.tsx): features never import each other (docs/decisions/038).

export interface NextUpRsvps {
  /** True until the user's RSVP list (and, for a coach, the overview) has answered. */
  loading: boolean;
  /**
   * One event's answers: Going / Maybe / Can't go for each player the user answers for, or, for a
   * coach of the team, the names under each answer and the reminder.
   */
  eventRsvp: (event: CalendarEvent) => ReactNode;
  /** Per player, 'Answer all upcoming'; null for a coach of the team and for no player. */
  answerAll: ReactNode;
}

/** A hook: the dashboard calls it once per render for the team on screen. */
export type UseNextUpRsvps = (team: Team, userId: number) => NextUpRsvps;
