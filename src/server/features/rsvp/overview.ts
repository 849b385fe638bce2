import type { z } from 'zod';
import { type OverviewEvent, overviewSchema } from '../../../shared/api/calendar.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { compareByDateTime, isClockTime } from '../../../shared/events.ts';
import { rsvpEventKey, RSVP_EVENT_TYPES, rsvpWindow, type RsvpWhen } from '../../../shared/rsvp.ts';
import { type OverviewQuery, windowOfQuery } from '../../../shared/rsvp-overview.ts';
import { compareByJersey } from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import { jsonAnswer, writeLeaf } from '../../plugins/response-serializer.ts';
import type { PlayerRow } from '../roster/queries.ts';
import { answerersAmong } from '../roster/answering.ts';
import * as queries from './queries.ts';
import { whoNeedsReminding } from './reminding.ts';

// The coach's RSVP overview (docs/product/calendar-rsvp-and-feed.md 'Event RSVPs (Team Administration)'):
// every event of the window (by default from today on, in the team's time zone; docs/decisions/050) and
// of the kinds asked (every kind by default) that takes answers, by date and time with TBD last,
// its counts, its answers, the active players who have not answered, how many people a reminder would
// reach (reminding.ts) and the last reminder sent. A fixed number of queries whatever the number of
// events or players, and the answer written as JSON text, not built as objects first (decision 050).

type Overview = z.infer<typeof overviewSchema>;
type Player = Pick<PlayerRow, 'id' | 'name' | 'position' | 'jerseyNumber'>;

/** A string as JSON.stringify writes it. */
const text = (value: string) => writeLeaf(value) as string;
const textOrNull = (value: string | null) => (value === null ? 'null' : text(value));

const timeOrNull = (time: string | null) => (time && isClockTime(time) ? time : null);
const rosterOrder = (a: Player, b: Player) =>
  compareByJersey(
    { jersey_number: a.jerseyNumber, name: a.name },
    { jersey_number: b.jerseyNumber, name: b.name },
  );

export async function overviewOf(
  db: Db,
  teamId: number,
  zone: string,
  now: Date,
  query: OverviewQuery = {},
): Promise<Overview> {
  const today = todayIn(zone, now);
  const window = windowOfQuery(query, today);
  const types = query.type ?? RSVP_EVENT_TYPES;
  const {
    games,
    tournamentGames,
    practices,
    answers,
    activePlayers: active,
    members,
    contacts,
    lastReminders: reminders,
  } = await queries.overviewEvents(db, teamId, window, types);
  // Who answers for which active player: the count of people a reminder would reach (reminding.ts).
  const answerers = answerersAmong(members, active, contacts);

  /** What the reminder count reads besides the answers: whether the event is off or under way. */
  type Listed = Omit<
    OverviewEvent,
    | 'total_responses'
    | 'yes_count'
    | 'no_count'
    | 'maybe_count'
    | 'responses'
    | 'not_responded'
    | 'to_remind'
    | 'last_reminder'
  > & { remindable: boolean };
  // Only an event of today needs the clock (and luxon, the costly part of a season's read): one of a
  // later day has not started, one of an earlier day has.
  const remindable = (status: string, when: RsvpWhen) =>
    status !== 'cancelled' &&
    (when.date === null || when.date === today ? rsvpWindow(when, zone, now) === 'open' : when.date > today);
  const events: Listed[] = [
    ...games.map((g) => ({
      event_id: g.id,
      event_type: 'game' as const,
      event_name: `vs ${g.opponent}`,
      event_date: g.date,
      event_time: timeOrNull(g.time),
      tournament_name: null,
      remindable: remindable(g.status, { date: g.date, time: g.time, tournamentEndDate: null }),
    })),
    ...tournamentGames.map((g) => ({
      event_id: g.id,
      event_type: 'tournament' as const,
      event_name: `vs ${g.opponent}`,
      event_date: g.date ?? today,
      event_time: timeOrNull(g.time),
      tournament_name: g.tournamentName,
      remindable: remindable(g.status, {
        date: g.date,
        time: g.time,
        tournamentEndDate: g.tournamentEndDate,
      }),
    })),
    ...practices.map((p) => ({
      event_id: p.id,
      event_type: 'practice' as const,
      event_name: p.title,
      event_date: p.date,
      event_time: timeOrNull(p.time),
      tournament_name: null,
      remindable: remindable(p.status, { date: p.date, time: p.time, tournamentEndDate: null }),
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

  // Each event's answers by player: read in roster order below, so no event's answers need sorting.
  const answersOf = new Map<string, Map<number, (typeof answers)[number]>>();
  for (const answer of answers) {
    const { type, id } = queries.eventOfRow(answer);
    const key = rsvpEventKey(type, id);
    const byPlayer = answersOf.get(key);
    if (byPlayer) byPlayer.set(answer.playerId, answer);
    else answersOf.set(key, new Map([[answer.playerId, answer]]));
  }
  const roster = [...active].sort(rosterOrder);
  // The answer is written as JSON text here (docs/decisions/050, its update): a season is 4,000
  // answers and missing players, each naming its player, so each player's part is written once and
  // each event joins the parts. The keys are overviewSchema's, in its order; the tests check every
  // answer against it (plugins/response-serializer.ts, JsonText).
  const shownPlayers = roster.map((player) => {
    const idPart = `"player_id":${player.id}`;
    const namePart = `"name":${text(player.name)},"position":${textOrNull(player.position)},"jersey_number":${player.jerseyNumber ?? 'null'}`;
    return {
      id: player.id,
      /** An answer's part after its id, up to its user. */
      answered: `,${idPart},"player":{${namePart}},"user":`,
      /** The player's entry among those who have not answered. */
      waiting: `{${idPart},${namePart}}`,
    };
  });
  const userOf = new Map<string, string>();
  const userText = (name: string | null, role: string | null) => {
    if (name === null || role === null) return 'null';
    const key = `${role}\n${name}`;
    let written = userOf.get(key);
    if (written === undefined) {
      written = `{"name":${text(name)},"role":${text(role)}}`;
      userOf.set(key, written);
    }
    return written;
  };
  const noAnswers = new Map<number, (typeof answers)[number]>();
  const lastReminder = new Map(
    reminders.map((r) => [
      rsvpEventKey(r.eventType, r.eventId),
      `{"sent_at":${text(r.createdAt.toISOString())},"recipients":${r.recipients},"automatic":${r.automatic}}`,
    ]),
  );

  let out = '{"upcoming_events":[';
  for (let e = 0; e < events.length; e += 1) {
    const event = events[e] as Listed;
    const key = rsvpEventKey(event.event_type, event.event_id);
    // In roster order; an answer of a player not active (or made inactive since) is left out.
    const byPlayer = answersOf.get(key) ?? noAnswers;
    let responses = '';
    let waiting = '';
    const answered = new Set<number>();
    const counts = { yes: 0, maybe: 0, no: 0 };
    for (const shown of shownPlayers) {
      const a = byPlayer.get(shown.id);
      if (!a) {
        waiting += waiting === '' ? shown.waiting : `,${shown.waiting}`;
        continue;
      }
      answered.add(a.playerId);
      counts[a.response] += 1;
      responses += `${responses === '' ? '' : ','}{"id":${a.id}${shown.answered}${userText(a.userName, a.userRole)},"response":"${a.response}","notes":${textOrNull(a.notes)}}`;
    }
    const toRemind = event.remindable ? whoNeedsReminding(answerers, answered).length : 0;
    out +=
      `${e === 0 ? '' : ','}{"event_id":${event.event_id},"event_type":"${event.event_type}"` +
      `,"event_name":${text(event.event_name)},"event_date":${text(event.event_date)}` +
      `,"event_time":${textOrNull(event.event_time)},"tournament_name":${textOrNull(event.tournament_name)}` +
      `,"total_responses":${answered.size},"yes_count":${counts.yes},"no_count":${counts.no}` +
      `,"maybe_count":${counts.maybe},"responses":[${responses}],"not_responded":[${waiting}]` +
      `,"to_remind":${toRemind},"last_reminder":${lastReminder.get(key) ?? 'null'}}`;
  }
  return jsonAnswer(overviewSchema, `${out}]}`);
}
