import type { z } from 'zod';
import type { OverviewEvent, overviewSchema } from '../../../shared/api/calendar.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { compareByDateTime, isClockTime } from '../../../shared/events.ts';
import { rsvpCounts, rsvpEventKey, RSVP_EVENT_TYPES } from '../../../shared/rsvp.ts';
import { compareByJersey } from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import * as queries from './queries.ts';

// The coach's RSVP overview (docs/product/calendar-rsvp-and-feed.md 'Event RSVPs (Team Administration)'):
// every event from today on (in the team's time zone) that takes answers, by date and time with TBD last,
// its counts, its answers and the active players who have not answered. Five queries whatever the number
// of events or players.

type Overview = z.infer<typeof overviewSchema>;
type Player = { id: number; name: string; position: string | null; jerseyNumber: number | null };

const timeOrNull = (time: string | null) => (time && isClockTime(time) ? time : null);
const rosterOrder = (a: Player, b: Player) =>
  compareByJersey(
    { jersey_number: a.jerseyNumber, name: a.name },
    { jersey_number: b.jerseyNumber, name: b.name },
  );

export async function overviewOf(db: Db, teamId: number, zone: string): Promise<Overview> {
  const today = todayIn(zone);
  const [games, tournamentGames, practices, answers, active] = await Promise.all([
    queries.upcomingGames(db, teamId, today),
    queries.upcomingTournamentGames(db, teamId, today),
    queries.upcomingPractices(db, teamId, today),
    queries.upcomingAnswers(db, teamId, today),
    queries.activePlayers(db, teamId),
  ]);

  const events: Omit<
    OverviewEvent,
    'total_responses' | 'yes_count' | 'no_count' | 'maybe_count' | 'responses' | 'not_responded'
  >[] = [
    ...games.map((g) => ({
      event_id: g.id,
      event_type: 'game' as const,
      event_name: `vs ${g.opponent}`,
      event_date: g.date,
      event_time: timeOrNull(g.time),
      tournament_name: null,
    })),
    ...tournamentGames.map((g) => ({
      event_id: g.id,
      event_type: 'tournament' as const,
      event_name: `vs ${g.opponent}`,
      event_date: g.date ?? today,
      event_time: timeOrNull(g.time),
      tournament_name: g.tournamentName,
    })),
    ...practices.map((p) => ({
      event_id: p.id,
      event_type: 'practice' as const,
      event_name: p.title,
      event_date: p.date,
      event_time: timeOrNull(p.time),
      tournament_name: null,
    })),
  ];
  const kindOrder = (type: (typeof RSVP_EVENT_TYPES)[number]) => RSVP_EVENT_TYPES.indexOf(type);
  events.sort(
    (a, b) =>
      compareByDateTime(
        { date: a.event_date, time: a.event_time, id: 0 },
        { date: b.event_date, time: b.event_time, id: 0 },
      ) ||
      kindOrder(a.event_type) - kindOrder(b.event_type) ||
      a.event_id - b.event_id,
  );

  const answersOf = new Map<string, typeof answers>();
  for (const answer of answers) {
    const { type, id } = queries.eventOfRow(answer);
    const key = rsvpEventKey(type, id);
    const list = answersOf.get(key);
    if (list) list.push(answer);
    else answersOf.set(key, [answer]);
  }
  const roster = [...active].sort(rosterOrder);

  return {
    upcoming_events: events.map((event) => {
      const given = (answersOf.get(rsvpEventKey(event.event_type, event.event_id)) ?? []).sort((a, b) =>
        rosterOrder({ id: a.playerId, ...a.player }, { id: b.playerId, ...b.player }),
      );
      const answered = new Set(given.map((a) => a.playerId));
      const counts = rsvpCounts(given);
      return {
        ...event,
        total_responses: given.length,
        yes_count: counts.yes,
        no_count: counts.no,
        maybe_count: counts.maybe,
        responses: given.map((a) => ({
          id: a.id,
          player_id: a.playerId,
          player: { name: a.player.name, position: a.player.position, jersey_number: a.player.jerseyNumber },
          user: a.userName === null || a.userRole === null ? null : { name: a.userName, role: a.userRole },
          response: a.response,
          notes: a.notes,
        })),
        not_responded: roster
          .filter((player) => !answered.has(player.id))
          .map((player) => ({
            player_id: player.id,
            name: player.name,
            position: player.position,
            jersey_number: player.jerseyNumber,
          })),
      };
    }),
  };
}
