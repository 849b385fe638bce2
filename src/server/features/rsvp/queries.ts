import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  notExists,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  RSVP_EVENT_TYPES,
  RSVP_RESPONSES,
  type RsvpEventType,
  type RsvpResponse,
} from '../../../shared/rsvp.ts';
import type { DateWindow } from '../../../shared/rsvp-overview.ts';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { contactsOfTeamPacked, familyMembersPacked } from '../roster/queries.ts';
import {
  games,
  players,
  practices,
  rsvpReminders,
  rsvps,
  teamMembers,
  teams,
  tournamentGames,
  tournaments,
  users,
} from '../../db/schema.ts';

// Every query names the team as well as the row: a player, event or answer id alone never reaches
// across teams. Lists read in one query each, never one per player or event.

export type RsvpRow = typeof rsvps.$inferSelect;

export interface EventRef {
  type: RsvpEventType;
  id: number;
}

/** The rsvps column (and its insert key) that names each kind of event. */
const EVENT_COLUMNS = {
  game: { column: rsvps.gameId, key: 'gameId' },
  tournament: { column: rsvps.tournamentGameId, key: 'tournamentGameId' },
  practice: { column: rsvps.practiceId, key: 'practiceId' },
} as const;

/** Which event an answer is about (exactly one column is set: rsvps_one_event_check). */
export function eventOfRow(row: Pick<RsvpRow, 'gameId' | 'tournamentGameId' | 'practiceId'>): EventRef {
  if (row.gameId !== null) return { type: 'game', id: row.gameId };
  if (row.tournamentGameId !== null) return { type: 'tournament', id: row.tournamentGameId };
  return { type: 'practice', id: row.practiceId ?? 0 };
}

/** The team of the event (undefined: no such event), for loading the caller's access first. */
export async function teamOfEvent(db: Db, event: EventRef): Promise<number | undefined> {
  const table = { game: games, tournament: tournamentGames, practice: practices }[event.type];
  const [row] = await db.select({ teamId: table.teamId }).from(table).where(eq(table.id, event.id));
  return row?.teamId;
}

/**
 * When the team's event is (its date and time in the team's zone; a tournament game's may be missing or
 * 'TBD', so it comes with its tournament's last day); undefined when the team has no such event.
 */
export async function findEvent(
  db: Db,
  teamId: number,
  event: EventRef,
): Promise<{ date: string | null; time: string | null; tournamentEndDate: string | null } | undefined> {
  if (event.type === 'tournament') {
    const [row] = await db
      .select({
        date: tournamentGames.date,
        time: tournamentGames.time,
        tournamentEndDate: tournaments.endDate,
      })
      .from(tournamentGames)
      .innerJoin(
        tournaments,
        and(eq(tournaments.id, tournamentGames.tournamentId), eq(tournaments.teamId, tournamentGames.teamId)),
      )
      .where(and(eq(tournamentGames.teamId, teamId), eq(tournamentGames.id, event.id)));
    return row;
  }
  const table = event.type === 'game' ? games : practices;
  const [row] = await db
    .select({ date: table.date, time: table.time })
    .from(table)
    .where(and(eq(table.teamId, teamId), eq(table.id, event.id)));
  return row && { ...row, tournamentEndDate: null };
}

export interface Answer {
  playerId: number;
  response: RsvpResponse;
  /** Undefined keeps a note already given (an answer from an email link carries none). */
  notes: string | null | undefined;
}

/**
 * One answer per player for the event, in one statement (so all or none): a player who already
 * answered has the answer replaced, with who gave it and when.
 */
export function upsertAnswers(
  db: Db,
  teamId: number,
  event: EventRef,
  answers: readonly Answer[],
  respondedBy: number,
): Promise<RsvpRow[]> {
  const { column, key } = EVENT_COLUMNS[event.type];
  return db
    .insert(rsvps)
    .values(
      answers.map((answer) => ({
        teamId,
        playerId: answer.playerId,
        [key]: event.id,
        response: answer.response,
        notes: answer.notes ?? null,
        respondedBy,
      })),
    )
    .onConflictDoUpdate({
      // The unique index of (player, this kind of event): rsvps_player_game_key and its two siblings.
      target: [rsvps.playerId, column],
      set: {
        response: sql`excluded.response`,
        ...(answers.every((answer) => answer.notes === undefined) ? {} : { notes: sql`excluded.notes` }),
        respondedBy: sql`excluded.responded_by`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(rsvps.teamId, teamId),
    })
    .returning();
}

/**
 * One player's same answer to several events of one kind ('Answer all upcoming'), in one statement: an
 * answer already given is replaced (its note stays), with who gave it and when.
 */
export function upsertPlayerAnswers(
  db: Db,
  teamId: number,
  playerId: number,
  type: RsvpEventType,
  eventIds: readonly number[],
  response: RsvpResponse,
  respondedBy: number,
): Promise<RsvpRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  const { column, key } = EVENT_COLUMNS[type];
  return (
    db
      .insert(rsvps)
      // In id order: two of these at once for one player (a double tap, both parents) lock the rows in the
      // same order instead of deadlocking.
      .values(
        [...eventIds]
          .sort((a, b) => a - b)
          .map((id) => ({ teamId, playerId, [key]: id, response, respondedBy })),
      )
      .onConflictDoUpdate({
        target: [rsvps.playerId, column],
        set: {
          response: sql`excluded.response`,
          respondedBy: sql`excluded.responded_by`,
          updatedAt: sql`now()`,
        },
        setWhere: eq(rsvps.teamId, teamId),
      })
      .returning()
  );
}

/** The answers of these players on the team, with the player's and the answering user's names. */
export function answersOfPlayers(db: Db, teamId: number, playerIds: readonly number[]) {
  return db
    .select({ rsvp: rsvps, playerName: players.name, respondedByName: users.name })
    .from(rsvps)
    .innerJoin(players, and(eq(players.id, rsvps.playerId), eq(players.teamId, rsvps.teamId)))
    .leftJoin(users, eq(users.id, rsvps.respondedBy))
    .where(and(eq(rsvps.teamId, teamId), inArray(rsvps.playerId, [...playerIds])))
    .orderBy(asc(rsvps.id));
}

// ---- The coach's overview: the events of a window, their answers and the active players ----
// Each list filters by the team and the window's dates in SQL, on the (team_id, date) index of its
// table (games_team_date_idx, tournament_games_team_date_idx, practices_team_date_idx).

/** A window whose dates may be a prepared statement's parameters (the overview's). */
interface WindowOf {
  from: string | Placeholder | null;
  to: string | Placeholder | null;
}
type TeamOf = number | Placeholder;

/** The dates of a window on a date column (an open end reads no bound). */
function within(column: AnyPgColumn, window: WindowOf) {
  return and(
    window.from === null ? undefined : gte(column, window.from),
    window.to === null ? undefined : lte(column, window.to),
  );
}

const fromToday = (today: string): DateWindow => ({ from: today, to: null });

// Each kind's columns and the rows of a window, written once: the plain lists below and the overview's
// packed lists read the same.
const gameColumns = {
  id: games.id,
  opponent: games.opponent,
  date: games.date,
  time: games.time,
  status: games.status,
};
const tournamentGameColumns = {
  id: tournamentGames.id,
  opponent: tournamentGames.opponent,
  date: tournamentGames.date,
  time: tournamentGames.time,
  status: tournamentGames.status,
  tournamentName: tournaments.name,
  tournamentEndDate: tournaments.endDate,
};
const practiceColumns = {
  id: practices.id,
  title: practices.title,
  date: practices.date,
  time: practices.time,
  status: practices.status,
};
const gamesIn = (teamId: TeamOf, window: WindowOf) =>
  and(eq(games.teamId, teamId), within(games.date, window));
/** A tournament game with a date in the window (a game without a date is in no window yet). */
const tournamentGamesIn = (teamId: TeamOf, window: WindowOf) =>
  and(
    eq(tournamentGames.teamId, teamId),
    isNotNull(tournamentGames.date),
    within(tournamentGames.date, window),
  );
const tournamentOfGame = and(
  eq(tournaments.id, tournamentGames.tournamentId),
  eq(tournaments.teamId, tournamentGames.teamId),
);
const practicesIn = (teamId: TeamOf, window: WindowOf) =>
  and(eq(practices.teamId, teamId), within(practices.date, window));

export function gamesBetween(db: Db, teamId: number, window: DateWindow) {
  return db.select(gameColumns).from(games).where(gamesIn(teamId, window));
}

export const upcomingGames = (db: Db, teamId: number, today: string) =>
  gamesBetween(db, teamId, fromToday(today));

export function tournamentGamesBetween(db: Db, teamId: number, window: DateWindow) {
  return db
    .select(tournamentGameColumns)
    .from(tournamentGames)
    .innerJoin(tournaments, tournamentOfGame)
    .where(tournamentGamesIn(teamId, window));
}

export const upcomingTournamentGames = (db: Db, teamId: number, today: string) =>
  tournamentGamesBetween(db, teamId, fromToday(today));

export function practicesBetween(db: Db, teamId: number, window: DateWindow) {
  return db.select(practiceColumns).from(practices).where(practicesIn(teamId, window));
}

export const upcomingPractices = (db: Db, teamId: number, today: string) =>
  practicesBetween(db, teamId, fromToday(today));

/** An answer of the overview; the player is the caller's to name (the team's active players). */
export interface WindowAnswer {
  id: number;
  playerId: number;
  gameId: number | null;
  tournamentGameId: number | null;
  practiceId: number | null;
  response: RsvpResponse;
  notes: string | null;
  /** Who answered (null once that account is gone). */
  userName: string | null;
  userRole: string | null;
}

/** The user ids of the team's members (no null among them: a NOT IN over them is plain). */
const teamMemberIds = (teamId: TeamOf) =>
  sql`select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId}`;

/**
 * Every answer of the team about an event of these kinds dated in the window, in one row of two
 * values (docs/decisions/050, its update): the answers' numbers and words as one text (`id,player,
 * game,tournament game,practice,response,responded by` per answer, `;` between answers, an empty field
 * for null: none of these can hold a comma or a semicolon), and the notes apart as JSON (few answers
 * have one, and only they need escaping); who answered is named once per person (overviewSelect). A
 * season's 3,450 answers were 3,450 JSON arrays, each joined to its player and its user; the database
 * now writes a quarter of the text. The events are picked by the same index reads as the lists above.
 * An answer of a player no longer active is read too: the overview names the active players and
 * leaves it out (overview.ts).
 */
function answersQuery(db: Db, teamId: TeamOf, window: WindowOf, types: readonly RsvpEventType[]) {
  const idsOf = (table: typeof games | typeof tournamentGames | typeof practices) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.teamId, teamId), within(table.date, window)));
  const picked = {
    game: () => inArray(rsvps.gameId, idsOf(games)),
    tournament: () => inArray(rsvps.tournamentGameId, idsOf(tournamentGames)),
    practice: () => inArray(rsvps.practiceId, idsOf(practices)),
  };
  const fields = [
    rsvps.id,
    rsvps.playerId,
    rsvps.gameId,
    rsvps.tournamentGameId,
    rsvps.practiceId,
    rsvps.response,
    rsvps.respondedBy,
  ];
  return db
    .select({
      // The authors who are not members of the team (a club admin, a member who has left), once per
      // answer: filtered on a hashed list of the members. Not distinct: that would have the planner
      // read the answers in their author's order (rsvps_responded_by_idx) rather than the team's.
      outsiders: sql<
        number[] | null
      >`array_agg(${rsvps.respondedBy}) filter (where ${rsvps.respondedBy} not in (${teamMemberIds(teamId)}))`.as(
        'outsiders',
      ),
      answers: sql<string | null>`string_agg(concat(${sql.join(fields, sql`, ',', `)}), ';')`.as('answers'),
      notes: sql<
        string | null
      >`(json_agg(json_build_array(${rsvps.id}, ${rsvps.notes})) filter (where ${rsvps.notes} is not null))::text`.as(
        'notes',
      ),
    })
    .from(rsvps)
    .where(and(eq(rsvps.teamId, teamId), or(...types.map((type) => picked[type]()))))
    .as('window_answers');
}

const [COMMA, SEMICOLON, ZERO] = [',', ';', '0'].map((c) => c.charCodeAt(0)) as [number, number, number];
const RESPONSE_FIELD = 5;
const RESPONSE_BY_LETTER = new Map(RSVP_RESPONSES.map((response) => [response.charCodeAt(0), response]));

/** The answers out of answersQuery's row. */
function unpackAnswers(row: { answers: string | null; notes: string | null; users: string | null }) {
  const text = row.answers;
  if (text === null) return [];
  const notes = new Map(row.notes === null ? [] : (JSON.parse(row.notes) as [number, string][]));
  const who = new Map(
    row.users === null
      ? []
      : (JSON.parse(row.users) as [number, string, string][]).map(([id, ...user]) => [id, user]),
  );
  // Read character by character, seven fields an answer: a season's 3,450 answers, without a string
  // for each field (a split made 24,000 of them). A response is known by its first letter.
  const out: WindowAnswer[] = [];
  const fields = [0, 0, 0, 0, 0, 0, 0];
  const orNull = (value: number) => (value < 0 ? null : value);
  let field = 0;
  let value = 0;
  let empty = true;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i === text.length ? SEMICOLON : text.charCodeAt(i);
    if (c === COMMA || c === SEMICOLON) {
      fields[field] = empty ? -1 : value;
      field += 1;
      value = 0;
      empty = true;
      if (c === COMMA) continue;
      const id = fields[0] as number;
      const respondedBy = fields[6] as number;
      const user = respondedBy >= 0 ? who.get(respondedBy) : undefined;
      out.push({
        id,
        playerId: fields[1] as number,
        gameId: orNull(fields[2] as number),
        tournamentGameId: orNull(fields[3] as number),
        practiceId: orNull(fields[4] as number),
        // One of the three: rsvps_response_check holds the column to them.
        response: RESPONSE_BY_LETTER.get(fields[RESPONSE_FIELD] as number) as RsvpResponse,
        notes: notes.get(id) ?? null,
        userName: user?.[0] ?? null,
        userRole: user?.[1] ?? null,
      });
      field = 0;
    } else if (field === RESPONSE_FIELD) {
      if (empty) value = c;
      empty = false;
    } else {
      value = value * 10 + (c - ZERO);
      empty = false;
    }
  }
  return out;
}

const packedGames = pack(gameColumns);
const packedTournamentGames = pack(tournamentGameColumns);
const packedPractices = pack(practiceColumns);
/** The active players, whole: who answers for them reads their account and email too. */
const packedPlayers = pack(getTableColumns(players), sql`${players.id}`);

const lastReminderColumns = {
  eventType: rsvpReminders.eventType,
  eventId: rsvpReminders.eventId,
  createdAt: rsvpReminders.createdAt,
  recipients: rsvpReminders.recipients,
  automatic: rsvpReminders.automatic,
};
const packedLastReminders = pack(lastReminderColumns);

/**
 * The last reminder of each of the team's events (the overview's 'Reminded 3 people at 4:05 PM'), as
 * one value of the overview's statement.
 */
function lastRemindersValue(db: Db, team: TeamOf) {
  const last = db
    .selectDistinctOn([rsvpReminders.eventType, rsvpReminders.eventId], { id: rsvpReminders.id })
    .from(rsvpReminders)
    .where(eq(rsvpReminders.teamId, team))
    .orderBy(
      rsvpReminders.eventType,
      rsvpReminders.eventId,
      desc(rsvpReminders.createdAt),
      desc(rsvpReminders.id),
    );
  return db
    .select({ rows: packedLastReminders.value })
    .from(rsvpReminders)
    .where(and(eq(rsvpReminders.teamId, team), inArray(rsvpReminders.id, last)));
}

/** The overview's statement for these kinds and these ends of the window (their dates are parameters). */
function overviewSelect(db: Db, types: readonly RsvpEventType[], window: WindowOf) {
  const team = sql.placeholder('teamId');
  const asked = (type: RsvpEventType, list: SQL) => (types.includes(type) ? sql`(${list})` : sql`null`);
  const answers = answersQuery(db, team, window, types);
  // The answers' aggregate is always one row: the lists and the names of who answered ride on it.
  return db
    .select({
      games: sql<string | null>`${asked(
        'game',
        db.select({ rows: packedGames.value }).from(games).where(gamesIn(team, window)).getSQL(),
      )}`,
      tournamentGames: sql<string | null>`${asked(
        'tournament',
        db
          .select({ rows: packedTournamentGames.value })
          .from(tournamentGames)
          .innerJoin(tournaments, tournamentOfGame)
          .where(tournamentGamesIn(team, window))
          .getSQL(),
      )}`,
      practices: sql<string | null>`${asked(
        'practice',
        db.select({ rows: packedPractices.value }).from(practices).where(practicesIn(team, window)).getSQL(),
      )}`,
      answers: answers.answers,
      notes: answers.notes,
      // Who may have answered: the team's members, and whoever else answered in the window (answersQuery's
      // `outsiders`, usually none), read by their keys. Reading the team's every answer for their
      // distinct authors cost 1.5-2 ms of PGlite's thread a read.
      users: sql<
        string | null
      >`(select json_agg(json_build_array(${users.id}, ${users.name}, ${users.role}))::text
        from ${users} where ${users.id} = any(array(${teamMemberIds(team)}) || ${answers.outsiders}))`,
      players: sql<string>`${db
        .select({ rows: packedPlayers.value })
        .from(players)
        .where(and(eq(players.teamId, team), eq(players.status, 'active')))}`,
      // What the reminder counts and the last reminders read: in this round trip rather than three
      // statements of their own after it (docs/decisions/050, its second update).
      members: sql<string>`${familyMembersPacked.value(db, team)}`,
      contacts: sql<string>`${contactsOfTeamPacked.value(db, team)}`,
      reminders: sql<string>`${lastRemindersValue(db, team)}`,
    })
    .from(answers);
}

/**
 * The statements of the overview, one for each set of kinds and ends of the window (at most 7 x 4),
 * each prepared once per handle: planned once per connection, and not built again for each read.
 */
const overviewStatements = new Map<
  string,
  (db: Db) => ReturnType<ReturnType<typeof overviewSelect>['prepare']>
>();

function overviewStatement(db: Db, types: readonly RsvpEventType[], window: DateWindow) {
  const key = `${types.join('_')}_${window.from === null ? 'open' : 'from'}_${window.to === null ? 'open' : 'to'}`;
  let statement = overviewStatements.get(key);
  if (statement === undefined) {
    const bounds: WindowOf = {
      from: window.from === null ? null : sql.placeholder('from'),
      to: window.to === null ? null : sql.placeholder('to'),
    };
    statement = preparedPerHandle((handle) =>
      overviewSelect(handle, types, bounds).prepare(`rsvp_overview_${key}`),
    );
    overviewStatements.set(key, statement);
  }
  return statement(db);
}

/**
 * The overview's events of the window and of these kinds, their answers, and the team's active
 * players, in one prepared statement and one round trip: each list packed (db/packed-rows.ts), each
 * event list read on its table's (team_id, date) index. A kind not asked is not read.
 */
export async function overviewEvents(
  db: Db,
  teamId: number,
  window: DateWindow,
  asked: readonly RsvpEventType[] = RSVP_EVENT_TYPES,
) {
  // In one order, so a set of kinds is one statement whatever order the query named them in.
  const types = RSVP_EVENT_TYPES.filter((type) => asked.includes(type));
  const [row] = await overviewStatement(db, types, window).execute({
    teamId,
    from: window.from,
    to: window.to,
  });
  return {
    games: packedGames.unpack(row?.games ?? null),
    // Dated: the query read only those with a date.
    tournamentGames: packedTournamentGames.unpack(row?.tournamentGames ?? null),
    practices: packedPractices.unpack(row?.practices ?? null),
    answers: row ? unpackAnswers(row) : [],
    activePlayers: packedPlayers.unpack(row?.players ?? null),
    members: familyMembersPacked.unpack(row?.members ?? null),
    contacts: contactsOfTeamPacked.unpack(row?.contacts ?? null),
    lastReminders: packedLastReminders.unpack(row?.reminders ?? null),
  };
}

// ---- Reminders (docs/product/notifications.md 'RSVP reminders') ----

/** What a reminder or an answer link says of an event, and what its closing rule reads. */
export interface ReminderEventRow {
  teamId: number;
  teamName: string;
  /** The opponent of a game, the title of a practice. */
  name: string;
  tournamentId: number | null;
  tournamentName: string | null;
  date: string | null;
  time: string | null;
  location: string | null;
  tournamentEndDate: string | null;
  cancelled: boolean;
}

/**
 * The event (of `teamId` when given), with its team's name; `lock` holds its row until the
 * transaction ends, so two coaches' reminders of one event are one after the other.
 */
export async function reminderEvent(
  db: Db,
  event: EventRef,
  { teamId, lock = false }: { teamId?: number; lock?: boolean } = {},
): Promise<ReminderEventRow | undefined> {
  const ofTeam = (column: AnyPgColumn) => (teamId === undefined ? undefined : eq(column, teamId));
  if (event.type === 'tournament') {
    const query = db
      .select({
        teamId: tournamentGames.teamId,
        teamName: teams.name,
        name: tournamentGames.opponent,
        tournamentId: tournaments.id,
        tournamentName: tournaments.name,
        date: tournamentGames.date,
        time: tournamentGames.time,
        location: sql<string | null>`coalesce(${tournamentGames.field}, ${tournaments.location})`,
        tournamentEndDate: tournaments.endDate,
        cancelled: sql<boolean>`${tournamentGames.status} = 'cancelled'`,
      })
      .from(tournamentGames)
      .innerJoin(
        tournaments,
        and(eq(tournaments.id, tournamentGames.tournamentId), eq(tournaments.teamId, tournamentGames.teamId)),
      )
      .innerJoin(teams, eq(teams.id, tournamentGames.teamId))
      .where(and(eq(tournamentGames.id, event.id), ofTeam(tournamentGames.teamId)));
    const [row] = lock ? await query.for('update', { of: tournamentGames }) : await query;
    return row;
  }
  const table = event.type === 'game' ? games : practices;
  const name = event.type === 'game' ? games.opponent : practices.title;
  const query = db
    .select({
      teamId: table.teamId,
      teamName: teams.name,
      name,
      tournamentId: sql<number | null>`null`,
      tournamentName: sql<string | null>`null`,
      date: table.date,
      time: table.time,
      location: table.location,
      tournamentEndDate: sql<string | null>`null`,
      cancelled: sql<boolean>`${table.status} = 'cancelled'`,
    })
    .from(table)
    .innerJoin(teams, eq(teams.id, table.teamId))
    .where(and(eq(table.id, event.id), ofTeam(table.teamId)));
  const [row] = lock ? await query.for('update', { of: table }) : await query;
  return row;
}

/** The answers given for the event: the players who have one. */
export async function answeredPlayerIds(db: Db, teamId: number, event: EventRef): Promise<Set<number>> {
  const { column } = EVENT_COLUMNS[event.type];
  const rows = await db
    .select({ playerId: rsvps.playerId })
    .from(rsvps)
    .where(and(eq(rsvps.teamId, teamId), eq(column, event.id)));
  return new Set(rows.map((row) => row.playerId));
}

/** An event the reminder sweep looks at: not cancelled, dated soon enough, without its automatic reminder. */
export interface SweepCandidate extends EventRef {
  teamId: number;
  date: string;
  time: string | null;
  tournamentEndDate: string | null;
  hours: number;
}

/**
 * Events from `today` on, not cancelled, of teams with reminders on, dated no later than their team's
 * hours allow (`lastReminderDay`, in SQL: today + hours / 24 + 1 days), and without an automatic
 * reminder yet. The exact moment is the caller's (reminderDue).
 */
export async function sweepCandidates(
  db: Db,
  today: string,
  defaultHours: number,
): Promise<SweepCandidate[]> {
  const hours = sql<number>`coalesce(${teams.rsvpReminderHours}, ${defaultHours}::integer)`;
  const window = (date: AnyPgColumn) =>
    and(
      sql`${hours} > 0`,
      gte(date, today),
      sql`${date} <= ${today}::date + (ceil(${hours} / 24.0)::integer + 1)`,
    );
  const unreminded = (type: RsvpEventType, id: AnyPgColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(rsvpReminders)
        .where(
          and(
            eq(rsvpReminders.automatic, true),
            eq(rsvpReminders.eventType, type),
            eq(rsvpReminders.eventId, id),
          ),
        ),
    );
  const [gameRows, tournamentRows, practiceRows] = await Promise.all([
    db
      .select({ id: games.id, teamId: games.teamId, date: games.date, time: games.time, hours })
      .from(games)
      .innerJoin(teams, eq(teams.id, games.teamId))
      .where(and(ne(games.status, 'cancelled'), window(games.date), unreminded('game', games.id))),
    db
      .select({
        id: tournamentGames.id,
        teamId: tournamentGames.teamId,
        date: tournamentGames.date,
        time: tournamentGames.time,
        tournamentEndDate: tournaments.endDate,
        hours,
      })
      .from(tournamentGames)
      .innerJoin(
        tournaments,
        and(eq(tournaments.id, tournamentGames.tournamentId), eq(tournaments.teamId, tournamentGames.teamId)),
      )
      .innerJoin(teams, eq(teams.id, tournamentGames.teamId))
      .where(
        and(
          ne(tournamentGames.status, 'cancelled'),
          window(tournamentGames.date),
          unreminded('tournament', tournamentGames.id),
        ),
      ),
    db
      .select({
        id: practices.id,
        teamId: practices.teamId,
        date: practices.date,
        time: practices.time,
        hours,
      })
      .from(practices)
      .innerJoin(teams, eq(teams.id, practices.teamId))
      .where(
        and(ne(practices.status, 'cancelled'), window(practices.date), unreminded('practice', practices.id)),
      ),
  ]);
  return [
    ...gameRows.map((row) => ({ ...row, type: 'game' as const, tournamentEndDate: null })),
    ...tournamentRows.flatMap((row) =>
      row.date === null ? [] : [{ ...row, date: row.date, type: 'tournament' as const }],
    ),
    ...practiceRows.map((row) => ({ ...row, type: 'practice' as const, tournamentEndDate: null })),
  ].map((row) => ({ ...row, hours: Number(row.hours) }));
}

export type ReminderRow = typeof rsvpReminders.$inferSelect;

/**
 * Records a reminder sent. An automatic one is once per event (rsvp_reminders_automatic_key): a
 * second insert, from another process or an earlier run, stores nothing and answers undefined.
 */
export async function insertReminder(
  db: Db,
  values: {
    teamId: number;
    event: EventRef;
    sentBy: number | null;
    automatic: boolean;
    recipients: number;
  },
): Promise<ReminderRow | undefined> {
  const [row] = await db
    .insert(rsvpReminders)
    .values({
      teamId: values.teamId,
      eventType: values.event.type,
      eventId: values.event.id,
      sentBy: values.sentBy,
      automatic: values.automatic,
      recipients: values.recipients,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The last reminder a coach sent for the event (automatic ones do not hold a coach back). */
export async function lastManualReminder(
  db: Db,
  teamId: number,
  event: EventRef,
): Promise<ReminderRow | undefined> {
  const [row] = await db
    .select()
    .from(rsvpReminders)
    .where(
      and(
        eq(rsvpReminders.teamId, teamId),
        eq(rsvpReminders.eventType, event.type),
        eq(rsvpReminders.eventId, event.id),
        eq(rsvpReminders.automatic, false),
      ),
    )
    .orderBy(desc(rsvpReminders.createdAt), desc(rsvpReminders.id))
    .limit(1);
  return row;
}
