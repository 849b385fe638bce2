import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { RsvpEventType, RsvpResponse } from '../../../shared/rsvp.ts';
import type { Db } from '../../db/connect.ts';
import { games, players, practices, rsvps, tournamentGames, tournaments, users } from '../../db/schema.ts';

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
  notes: string | null;
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
        notes: answer.notes,
        respondedBy,
      })),
    )
    .onConflictDoUpdate({
      // The unique index of (player, this kind of event): rsvps_player_game_key and its two siblings.
      target: [rsvps.playerId, column],
      set: {
        response: sql`excluded.response`,
        notes: sql`excluded.notes`,
        respondedBy: sql`excluded.responded_by`,
        updatedAt: sql`now()`,
      },
      setWhere: eq(rsvps.teamId, teamId),
    })
    .returning();
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

// ---- The coach's overview: upcoming events, their answers and the active players ----

export function upcomingGames(db: Db, teamId: number, today: string) {
  return db
    .select({ id: games.id, opponent: games.opponent, date: games.date, time: games.time })
    .from(games)
    .where(and(eq(games.teamId, teamId), gte(games.date, today)));
}

/** Tournament games with a date from today on (a game without a date is not upcoming yet). */
export function upcomingTournamentGames(db: Db, teamId: number, today: string) {
  return db
    .select({
      id: tournamentGames.id,
      opponent: tournamentGames.opponent,
      date: tournamentGames.date,
      time: tournamentGames.time,
      tournamentName: tournaments.name,
    })
    .from(tournamentGames)
    .innerJoin(
      tournaments,
      and(eq(tournaments.id, tournamentGames.tournamentId), eq(tournaments.teamId, tournamentGames.teamId)),
    )
    .where(and(eq(tournamentGames.teamId, teamId), gte(tournamentGames.date, today)));
}

export function upcomingPractices(db: Db, teamId: number, today: string) {
  return db
    .select({ id: practices.id, title: practices.title, date: practices.date, time: practices.time })
    .from(practices)
    .where(and(eq(practices.teamId, teamId), gte(practices.date, today)));
}

/**
 * Every answer of an active player of the team about an event dated from today on, with the player and
 * who answered. A player made inactive no longer counts, as they are no longer listed as not answered.
 */
export function upcomingAnswers(db: Db, teamId: number, today: string) {
  return db
    .select({
      id: rsvps.id,
      playerId: rsvps.playerId,
      gameId: rsvps.gameId,
      tournamentGameId: rsvps.tournamentGameId,
      practiceId: rsvps.practiceId,
      response: rsvps.response,
      notes: rsvps.notes,
      player: { name: players.name, position: players.position, jerseyNumber: players.jerseyNumber },
      userName: users.name,
      userRole: users.role,
    })
    .from(rsvps)
    .innerJoin(players, and(eq(players.id, rsvps.playerId), eq(players.teamId, rsvps.teamId)))
    .leftJoin(users, eq(users.id, rsvps.respondedBy))
    .leftJoin(games, and(eq(games.id, rsvps.gameId), eq(games.teamId, rsvps.teamId)))
    .leftJoin(
      tournamentGames,
      and(eq(tournamentGames.id, rsvps.tournamentGameId), eq(tournamentGames.teamId, rsvps.teamId)),
    )
    .leftJoin(practices, and(eq(practices.id, rsvps.practiceId), eq(practices.teamId, rsvps.teamId)))
    .where(
      and(
        eq(rsvps.teamId, teamId),
        eq(players.status, 'active'),
        gte(sql`coalesce(${games.date}, ${tournamentGames.date}, ${practices.date})`, today),
      ),
    );
}

export function activePlayers(db: Db, teamId: number) {
  return db
    .select({
      id: players.id,
      name: players.name,
      position: players.position,
      jerseyNumber: players.jerseyNumber,
    })
    .from(players)
    .where(and(eq(players.teamId, teamId), eq(players.status, 'active')));
}
