import type { ReactNode } from 'react';
import type { RsvpPlayer } from '../../shared/api/calendar.ts';
import type { Team } from '../../shared/api/teams.ts';
import type { CalendarEvent } from '../../shared/calendar.ts';

// What the Team Calendar shows of RSVPs. The rsvp feature makes it (features/rsvp/lib/
// use-calendar-rsvps.tsx) and the app hands it to the calendar's screen (app/CalendarScreen.tsx):
// features never import each other (docs/decisions/038).

export interface CalendarRsvps {
  /** True until the user's RSVP list has answered (what 'Show RSVPs for' needs). */
  loading: boolean;
  /** The players the user answers for (a parent may subscribe to one child's calendar). */
  players: readonly RsvpPlayer[];
  /**
   * The user answers for every player of this team (`answer_for_all_players`: its coaches and admins):
   * their calendar feed is the whole team's, never one child's.
   */
  wholeTeam: boolean;
  /** 'Show RSVPs for', when the user answers for more than one player; null otherwise. */
  filter: ReactNode;
  /** One event's RSVP: each shown player's answer and buttons. */
  eventRsvp: (event: CalendarEvent) => ReactNode;
  /** One event's answers in a line, for the schedule list (no buttons: a tap opens the day). */
  answers: (event: CalendarEvent) => ReactNode;
}

/** A hook: the calendar calls it once per render for the team on screen. */
export type UseCalendarRsvps = (team: Team, userId: number) => CalendarRsvps;
