import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type CalendarEvent,
  calendarEvents,
  type CalendarGameInput,
  type CalendarPracticeInput,
  type CalendarTournamentInput,
  eventsBetween,
} from '../../../shared/calendar.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { daysBetween } from '../../../shared/events.ts';
import type { Config } from '../../config.ts';
import { badRequest } from '../../http-error.ts';
import type { TeamAccess } from '../teams/access.ts';

// The month view's one read (docs/decisions/017): the team's derived calendar events between two dates,
// placeholders for tournament days without a game included. It reads through the events services' own
// lists (wired in services.ts; four queries: tournaments, their games, games, practices), so the
// calendar shows exactly what Team Events shows. The answer is the same for every member and is kept
// once for all (decision 016).

/** The events lists the calendar reads: the tournaments, games and practices services. */
export interface TeamEventLists {
  tournaments: { list(access: TeamAccess): Promise<readonly CalendarTournamentInput[]> };
  games: { list(access: TeamAccess): Promise<readonly CalendarGameInput[]> };
  practices: { list(access: TeamAccess): Promise<readonly CalendarPracticeInput[]> };
}

export function createCalendarMonthService({
  events,
  config,
}: {
  events: TeamEventLists;
  config: Pick<Config, 'TEAM_TIME_ZONE'>;
}) {
  return {
    /** From `from` to `to`, both included; at most CALENDAR_LIMITS.maxRangeDays apart. */
    async between(access: TeamAccess, from: string, to: string): Promise<CalendarEvent[]> {
      if (to < from || daysBetween(from, to) > CALENDAR_LIMITS.maxRangeDays) {
        throw badRequest(CALENDAR_MESSAGES.rangeInvalid);
      }
      const [tournaments, games, practices] = await Promise.all([
        events.tournaments.list(access),
        events.games.list(access),
        events.practices.list(access),
      ]);
      const derived = calendarEvents({ tournaments, games, practices }, todayIn(config.TEAM_TIME_ZONE));
      return eventsBetween(derived, from, to);
    },
  };
}

export type CalendarMonthService = ReturnType<typeof createCalendarMonthService>;
