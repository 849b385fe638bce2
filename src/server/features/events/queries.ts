import { and, type Column, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { rowVersion, rowVersions } from '../../db/row-fragments.ts';
import { games, practices, teamMembers, teams, tournamentGames, tournaments } from '../../db/schema.ts';

// Every query names the team as well as the row: an event id alone never reads or writes a row of
// another team. The lists read their rows in one query each (a tournament's games come in one query
// for all the tournaments of the list, never one per tournament).

type Stamps = 'createdAt' | 'updatedAt';
export type TournamentRow = Omit<typeof tournaments.$inferSelect, Stamps>;
export type TournamentValues = Partial<
  Pick<
    typeof tournaments.$inferInsert,
    'name' | 'location' | 'address' | 'url' | 'startDate' | 'endDate' | 'notes'
  >
>;
export type TournamentGameRow = Omit<typeof tournamentGames.$inferSelect, Stamps>;
export type TournamentGameValues = Partial<
  Pick<
    typeof tournamentGames.$inferInsert,
    | 'opponent'
    | 'roundName'
    | 'date'
    | 'time'
    | 'field'
    | 'kit'
    | 'status'
    | 'notes'
    | 'condition'
    | 'arrivalTime'
    | 'ourScore'
    | 'opponentScore'
  >
>;
export type GameRow = Omit<typeof games.$inferSelect, Stamps>;
export type GameValues = Partial<
  Pick<
    typeof games.$inferInsert,
    | 'opponent'
    | 'date'
    | 'time'
    | 'location'
    | 'address'
    | 'type'
    | 'isHome'
    | 'kit'
    | 'notes'
    | 'arrivalTime'
    | 'status'
    | 'ourScore'
    | 'opponentScore'
  >
>;
export type PracticeRow = Omit<typeof practices.$inferSelect, Stamps>;
export type PracticeValues = Pick<
  typeof practices.$inferInsert,
  | 'title'
  | 'date'
  | 'time'
  | 'location'
  | 'address'
  | 'duration'
  | 'focus'
  | 'notes'
  | 'equipmentNeeded'
  | 'arrivalTime'
  | 'status'
  | 'seriesId'
>;

/** A table's columns less its time stamps, which no answer shows: the lists read fewer values. */
function shown<T extends { createdAt: unknown; updatedAt: unknown }>(columns: T) {
  const { createdAt: _created, updatedAt: _updated, ...rest } = columns;
  return rest;
}
const tournamentColumns = shown(getTableColumns(tournaments));
const tournamentGameColumns = shown(getTableColumns(tournamentGames));
const gameColumns = shown(getTableColumns(games));
const practiceColumns = shown(getTableColumns(practices));

/** The team of a list read by a prepared statement (db/prepared.ts), packed (db/packed-rows.ts). */
const teamParam = sql.placeholder('teamId');
/** Ids of rows to read, as one text of ids joined by commas (a list read by version keys). */
const idsParam = sql.placeholder('ids');
const idIn = (id: Column) => sql`${id} = any(string_to_array(${idsParam}, ',')::integer[])`;

// ---- Tournaments ----

const packedTournaments = pack(tournamentColumns);
const packedTournamentGames = pack(tournamentGameColumns);
const tournamentList = preparedPerHandle((db) =>
  db
    .select({
      tournaments: sql<string>`${db.select({ rows: packedTournaments.value }).from(tournaments).where(eq(tournaments.teamId, teamParam))}`,
      games: sql<string>`${db.select({ rows: packedTournamentGames.value }).from(tournamentGames).where(eq(tournamentGames.teamId, teamParam))}`,
    })
    .from(teams)
    .where(eq(teams.id, teamParam))
    .prepare('tournament_list'),
);

/** The team's tournaments and the games of all of them, in one round trip (db/packed-rows.ts). */
export async function tournamentListOfTeam(
  db: Db,
  id: number,
): Promise<{ tournaments: TournamentRow[]; games: TournamentGameRow[] }> {
  const [row] = await tournamentList(db).execute({ teamId: id });
  return {
    tournaments: packedTournaments.unpack(row?.tournaments ?? null),
    games: packedTournamentGames.unpack(row?.games ?? null),
  };
}

/** The version keys of the team's tournaments and of their games (db/row-fragments.ts), in no order. */
const tournamentVersionList = preparedPerHandle((db) =>
  db
    .select({
      tournaments: sql<string | null>`${db
        .select({ keys: rowVersions(tournaments, tournaments.id) })
        .from(tournaments)
        .where(eq(tournaments.teamId, teamParam))}`,
      games: sql<string | null>`${db
        .select({ keys: rowVersions(tournamentGames, tournamentGames.id) })
        .from(tournamentGames)
        .where(eq(tournamentGames.teamId, teamParam))}`,
    })
    .from(teams)
    .where(eq(teams.id, teamParam))
    .prepare('tournament_versions'),
);

export async function tournamentVersionsOfTeam(
  db: Db,
  id: number,
): Promise<{ tournaments: string | null; games: string | null }> {
  const [row] = await tournamentVersionList(db).execute({ teamId: id });
  return { tournaments: row?.tournaments ?? null, games: row?.games ?? null };
}

const packedTournamentsWithVersion = pack({
  ...tournamentColumns,
  version: rowVersion(tournaments, tournaments.id),
});
const packedTournamentGamesWithVersion = pack({
  ...tournamentGameColumns,
  version: rowVersion(tournamentGames, tournamentGames.id),
});
const gameIdsParam = sql.placeholder('gameIds');
const tournamentsByIdList = preparedPerHandle((db) =>
  db
    .select({
      tournaments: sql<string>`${db
        .select({ rows: packedTournamentsWithVersion.value })
        .from(tournaments)
        .where(and(eq(tournaments.teamId, teamParam), idIn(tournaments.id)))}`,
      games: sql<string>`${db
        .select({ rows: packedTournamentGamesWithVersion.value })
        .from(tournamentGames)
        .where(
          and(
            eq(tournamentGames.teamId, teamParam),
            sql`${tournamentGames.id} = any(string_to_array(${gameIdsParam}, ',')::integer[])`,
          ),
        )}`,
    })
    .from(teams)
    .where(eq(teams.id, teamParam))
    .prepare('tournaments_by_id'),
);

/** These tournaments and tournament games of the team (in no particular order), each with its version key. */
export async function tournamentsOfTeamById(
  db: Db,
  id: number,
  tournamentIds: readonly number[],
  gameIds: readonly number[],
): Promise<{
  tournaments: (TournamentRow & { version: string })[];
  games: (TournamentGameRow & { version: string })[];
}> {
  const [row] = await tournamentsByIdList(db).execute({
    teamId: id,
    ids: tournamentIds.join(','),
    gameIds: gameIds.join(','),
  });
  return {
    tournaments: packedTournamentsWithVersion.unpack(row?.tournaments ?? null),
    games: packedTournamentGamesWithVersion.unpack(row?.games ?? null),
  };
}

/** The games of these tournaments (of whichever teams), in one query. */
export function gamesOfTournaments(db: Db, tournamentIds: readonly number[]): Promise<TournamentGameRow[]> {
  if (tournamentIds.length === 0) return Promise.resolve([]);
  return db
    .select(tournamentGameColumns)
    .from(tournamentGames)
    .where(inArray(tournamentGames.tournamentId, [...tournamentIds]));
}

export function gamesOfTournament(
  db: Db,
  teamId: number,
  tournamentId: number,
): Promise<TournamentGameRow[]> {
  return db
    .select(tournamentGameColumns)
    .from(tournamentGames)
    .where(and(eq(tournamentGames.teamId, teamId), eq(tournamentGames.tournamentId, tournamentId)));
}

/**
 * The newest tournaments (by start date) of the teams the user is a member of, or of every team for a
 * club admin, with each team's name: GET /api/tournaments/all.
 */
export async function tournamentsOfMember(
  db: Db,
  user: { id: number; isAdmin: boolean },
  limit: number,
): Promise<{ tournament: TournamentRow; teamName: string }[]> {
  const memberOf = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id));
  return db
    .select({ tournament: tournamentColumns, teamName: teams.name })
    .from(tournaments)
    .innerJoin(teams, eq(teams.id, tournaments.teamId))
    .where(user.isAdmin ? undefined : inArray(tournaments.teamId, memberOf))
    .orderBy(desc(tournaments.startDate), desc(tournaments.id))
    .limit(limit);
}

/**
 * The team's tournaments that a new one could repeat (docs/product/events.md 'Quick-add'): those on the
 * same dates and those copied from the same original. Read under a lock of the team's row (`lockTeam`),
 * so two copies sent at once cannot both find none.
 */
export function tournamentsLike(
  db: Db,
  teamId: number,
  like: { startDate: string; endDate: string; original: number | null },
) {
  const sameDates = and(eq(tournaments.startDate, like.startDate), eq(tournaments.endDate, like.endDate));
  return db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      start_date: tournaments.startDate,
      end_date: tournaments.endDate,
      source_tournament_id: tournaments.sourceTournamentId,
    })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.teamId, teamId),
        like.original === null
          ? sameDates
          : or(
              sameDates,
              eq(tournaments.sourceTournamentId, like.original),
              eq(tournaments.id, like.original),
            ),
      ),
    );
}

/** Holds the team's row until the transaction ends: writes that must not interleave take it first. */
export async function lockTeam(db: Db, teamId: number): Promise<void> {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

/**
 * The original of a tournament a quick-add copies (its own original when it is a copy itself), read only
 * on a team the user may read: one they are a member of, or any for a club admin (as tournamentsOfMember).
 */
export async function originalOfMembersTournament(
  db: Db,
  user: { id: number; isAdmin: boolean },
  tournamentId: number,
): Promise<number | undefined> {
  const memberOf = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id));
  const [row] = await db
    .select({ id: tournaments.id, source: tournaments.sourceTournamentId })
    .from(tournaments)
    .where(
      and(eq(tournaments.id, tournamentId), user.isAdmin ? undefined : inArray(tournaments.teamId, memberOf)),
    );
  return row && (row.source ?? row.id);
}

/** The team a tournament belongs to, for loading the caller's access before anything else is read. */
export async function teamOfTournament(db: Db, tournamentId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: tournaments.teamId })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  return row?.teamId;
}

export async function findTournament(
  db: Db,
  teamId: number,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.teamId, teamId), eq(tournaments.id, tournamentId)));
  return row;
}

export async function insertTournament(
  db: Db,
  teamId: number,
  createdBy: number,
  values: Required<TournamentValues> & { sourceTournamentId: number | null },
): Promise<TournamentRow> {
  const [row] = await db
    .insert(tournaments)
    .values({ ...values, teamId, createdBy })
    .returning();
  if (!row) throw new Error('insert returned no tournament');
  return row;
}

export async function updateTournament(
  db: Db,
  teamId: number,
  tournamentId: number,
  values: TournamentValues,
): Promise<TournamentRow | undefined> {
  const [row] = await db
    .update(tournaments)
    .set(values)
    .where(and(eq(tournaments.teamId, teamId), eq(tournaments.id, tournamentId)))
    .returning();
  return row;
}

/** The tournament as it is before an edit, locked until the edit's transaction ends (pass its handle). */
export async function findTournamentForUpdate(
  db: Db,
  teamId: number,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  const [row] = await db
    .select(tournamentColumns)
    .from(tournaments)
    .where(and(eq(tournaments.teamId, teamId), eq(tournaments.id, tournamentId)))
    .for('update');
  return row;
}

/** Deletes the tournament, answering what it was; its games go with it (foreign keys cascade). */
export async function deleteTournament(
  db: Db,
  teamId: number,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  const [row] = await db
    .delete(tournaments)
    .where(and(eq(tournaments.teamId, teamId), eq(tournaments.id, tournamentId)))
    .returning(tournamentColumns);
  return row;
}

// ---- Tournament games ----

const tournamentGameWhere = (teamId: number, tournamentId: number, gameId: number) =>
  and(
    eq(tournamentGames.teamId, teamId),
    eq(tournamentGames.tournamentId, tournamentId),
    eq(tournamentGames.id, gameId),
  );

export async function findTournamentGame(
  db: Db,
  teamId: number,
  tournamentId: number,
  gameId: number,
): Promise<TournamentGameRow | undefined> {
  const [row] = await db
    .select()
    .from(tournamentGames)
    .where(tournamentGameWhere(teamId, tournamentId, gameId));
  return row;
}

export async function insertTournamentGame(
  db: Db,
  teamId: number,
  tournamentId: number,
  values: Required<TournamentGameValues>,
): Promise<TournamentGameRow> {
  const [row] = await db
    .insert(tournamentGames)
    .values({ ...values, teamId, tournamentId })
    .returning();
  if (!row) throw new Error('insert returned no tournament game');
  return row;
}

export async function updateTournamentGame(
  db: Db,
  teamId: number,
  tournamentId: number,
  gameId: number,
  values: TournamentGameValues,
): Promise<TournamentGameRow | undefined> {
  const [row] = await db
    .update(tournamentGames)
    .set(values)
    .where(tournamentGameWhere(teamId, tournamentId, gameId))
    .returning();
  return row;
}

/** The tournament game as it is before an edit, locked until the edit's transaction ends. */
export async function findTournamentGameForUpdate(
  db: Db,
  teamId: number,
  tournamentId: number,
  gameId: number,
): Promise<TournamentGameRow | undefined> {
  const [row] = await db
    .select(tournamentGameColumns)
    .from(tournamentGames)
    .where(tournamentGameWhere(teamId, tournamentId, gameId))
    .for('update');
  return row;
}

/** Deletes the tournament game, answering what it was. */
export async function deleteTournamentGame(
  db: Db,
  teamId: number,
  tournamentId: number,
  gameId: number,
): Promise<TournamentGameRow | undefined> {
  const [row] = await db
    .delete(tournamentGames)
    .where(tournamentGameWhere(teamId, tournamentId, gameId))
    .returning(tournamentGameColumns);
  return row;
}

// ---- Individual games ----

const packedGames = pack(gameColumns, sql`${games.date}, ${games.time}, ${games.id}`);
const gameList = preparedPerHandle((db) =>
  db.select({ rows: packedGames.value }).from(games).where(eq(games.teamId, teamParam)).prepare('game_list'),
);

/** By date, then time ('HH:MM' sorts as text), then id. */
export async function gamesOfTeam(db: Db, id: number): Promise<GameRow[]> {
  const [row] = await gameList(db).execute({ teamId: id });
  return packedGames.unpack(row?.rows ?? null);
}

/** The version keys of the team's games (db/row-fragments.ts), in the list's order. */
const gameVersionList = preparedPerHandle((db) =>
  db
    .select({ keys: rowVersions(games, games.id, sql`${games.date}, ${games.time}, ${games.id}`) })
    .from(games)
    .where(eq(games.teamId, teamParam))
    .prepare('game_versions'),
);

export async function gameVersionsOfTeam(db: Db, id: number): Promise<string | null> {
  const [row] = await gameVersionList(db).execute({ teamId: id });
  return row?.keys ?? null;
}

const packedGamesWithVersion = pack({ ...gameColumns, version: rowVersion(games, games.id) });
const gamesByIdList = preparedPerHandle((db) =>
  db
    .select({ rows: packedGamesWithVersion.value })
    .from(games)
    .where(and(eq(games.teamId, teamParam), idIn(games.id)))
    .prepare('games_by_id'),
);

/** These games of the team (in no particular order), each with its version key. */
export async function gamesOfTeamById(
  db: Db,
  id: number,
  ids: readonly number[],
): Promise<(GameRow & { version: string })[]> {
  const [row] = await gamesByIdList(db).execute({ teamId: id, ids: ids.join(',') });
  return packedGamesWithVersion.unpack(row?.rows ?? null);
}

/** The game as it is before an edit, locked until the edit's transaction ends (pass its handle). */
export async function findGameForUpdate(
  db: Db,
  teamId: number,
  gameId: number,
): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.teamId, teamId), eq(games.id, gameId)))
    .for('update');
  return row;
}

export async function insertGame(db: Db, teamId: number, values: Required<GameValues>): Promise<GameRow> {
  const [row] = await db
    .insert(games)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('insert returned no game');
  return row;
}

export async function updateGame(
  db: Db,
  teamId: number,
  gameId: number,
  values: GameValues,
): Promise<GameRow | undefined> {
  const [row] = await db
    .update(games)
    .set(values)
    .where(and(eq(games.teamId, teamId), eq(games.id, gameId)))
    .returning();
  return row;
}

/** Deletes the game, answering what it was. */
export async function deleteGame(db: Db, teamId: number, gameId: number): Promise<GameRow | undefined> {
  const [row] = await db
    .delete(games)
    .where(and(eq(games.teamId, teamId), eq(games.id, gameId)))
    .returning(gameColumns);
  return row;
}

// ---- Practices ----

const packedPractices = pack(practiceColumns, sql`${practices.date}, ${practices.time}, ${practices.id}`);
const practiceList = preparedPerHandle((db) =>
  db
    .select({ rows: packedPractices.value })
    .from(practices)
    .where(eq(practices.teamId, teamParam))
    .prepare('practice_list'),
);

/** By date, then time, then id. */
export async function practicesOfTeam(db: Db, id: number): Promise<PracticeRow[]> {
  const [row] = await practiceList(db).execute({ teamId: id });
  return packedPractices.unpack(row?.rows ?? null);
}

export async function teamOfPractice(db: Db, practiceId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: practices.teamId })
    .from(practices)
    .where(eq(practices.id, practiceId));
  return row?.teamId;
}

/** The practice as it is before an edit, locked until the edit's transaction ends (pass its handle). */
export async function findPracticeForUpdate(
  db: Db,
  teamId: number,
  practiceId: number,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .select(practiceColumns)
    .from(practices)
    .where(and(eq(practices.teamId, teamId), eq(practices.id, practiceId)))
    .for('update');
  return row;
}

/**
 * The practices of the team's series `seriesId`, by start, locked until the edit's transaction ends
 * (pass its handle); the team is in the WHERE clause, so another team's series is never read.
 */
export function seriesPracticesForUpdate(db: Db, teamId: number, seriesId: string): Promise<PracticeRow[]> {
  return db
    .select(practiceColumns)
    .from(practices)
    .where(and(eq(practices.teamId, teamId), eq(practices.seriesId, seriesId)))
    .orderBy(practices.date, practices.time, practices.id)
    .for('update');
}

/** Inserts the practices of a series in one statement (all or none). */
export function insertPractices(db: Db, teamId: number, values: PracticeValues[]): Promise<PracticeRow[]> {
  return db
    .insert(practices)
    .values(values.map((v) => ({ ...v, teamId })))
    .returning();
}

export async function updatePractice(
  db: Db,
  teamId: number,
  practiceId: number,
  values: Partial<PracticeValues>,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set(values)
    .where(and(eq(practices.teamId, teamId), eq(practices.id, practiceId)))
    .returning();
  return row;
}

/** Deletes these practices of the team (one statement), answering what they were. */
export function deletePractices(
  db: Db,
  teamId: number,
  practiceIds: readonly number[],
): Promise<PracticeRow[]> {
  if (practiceIds.length === 0) return Promise.resolve([]);
  return db
    .delete(practices)
    .where(and(eq(practices.teamId, teamId), inArray(practices.id, [...practiceIds])))
    .returning(practiceColumns);
}
