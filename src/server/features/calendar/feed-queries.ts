import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CalendarGameInput,
  CalendarPracticeInput,
  CalendarTournamentGameInput,
  CalendarTournamentInput,
} from '../../../shared/calendar.ts';
import type { MemberRole } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { calendarFeedStates, parentContacts, players, teamMembers, teams } from '../../db/schema.ts';

// What the calendar feed reads: the user's teams with their data versions (enough for the ETag and a
// 304), whether a player narrows the feed, and, only when the feed must be written, the events of all
// those teams in one statement.

export interface FeedTeam {
  id: number;
  dataVersion: number;
}

/** Teams where the user has a membership (a club admin's too: their feed is their own teams), by id. */
const teamsOfUser = preparedPerHandle((db) =>
  db
    .select({ id: teams.id, dataVersion: teams.dataVersion })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(teams.id))
    .prepare('calendar_feed_teams'),
);

export const feedTeamsOf = (db: Db, userId: number): Promise<FeedTeam[]> =>
  teamsOfUser(db).execute({ userId });

export interface FeedPlayer {
  teamId: number;
  status: string;
  userId: number | null;
  email: string | null;
  /** The user is linked to one of the player's contacts, or (verified email) is one of them. */
  contactIsUser: boolean;
  /** The user's role on the player's team; null when not a member there. */
  memberRole: MemberRole | null;
}

/** A player as the eligibility rule needs it, seen by the user (whose verified email, or null, is given). */
export async function findFeedPlayer(
  db: Db,
  playerId: number,
  userId: number,
  verifiedEmail: string | null,
): Promise<FeedPlayer | undefined> {
  const contactMatch = verifiedEmail
    ? sql`(${parentContacts.userId} = ${userId} or ${parentContacts.email} = ${verifiedEmail})`
    : sql`${parentContacts.userId} = ${userId}`;
  const [row] = await db
    .select({
      teamId: players.teamId,
      status: players.status,
      userId: players.userId,
      email: players.email,
      contactIsUser: sql<boolean>`exists (select 1 from ${parentContacts} where ${parentContacts.playerId} = ${players.id} and ${contactMatch})`,
      memberRole: teamMembers.role,
    })
    .from(players)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, players.teamId), eq(teamMembers.userId, userId)))
    .where(eq(players.id, playerId));
  return row;
}

// The rows as the feed reads them: snake_case from json_build_object, `updated` in whole seconds
// since the epoch (DTSTAMP and LAST-MODIFIED have seconds).
export interface FeedTeamRow {
  id: number;
  name: string;
  version: number;
}
interface Stamped {
  id: number;
  team_id: number;
  updated: number;
  revision: number;
}
// The rows carry what the shared derivation reads (calendar.ts), plus their team and change stamps.
export type FeedTournamentRow = Stamped & Omit<CalendarTournamentInput, 'id' | 'games'>;
export type FeedTournamentGameRow = Stamped &
  Omit<CalendarTournamentGameInput, 'id' | 'round_name'> & { tournament_id: number };
export type FeedGameRow = Stamped & Omit<CalendarGameInput, 'id'>;
export type FeedPracticeRow = Stamped & Omit<CalendarPracticeInput, 'id' | 'focus' | 'equipment_needed'>;
export interface FeedRows {
  /** The teams as read with their events (same snapshot): names and the versions the rows are at. */
  teams: FeedTeamRow[];
  tournaments: FeedTournamentRow[];
  tournamentGames: FeedTournamentGameRow[];
  games: FeedGameRow[];
  practices: FeedPracticeRow[];
}

const STAMPS = `'updated', floor(extract(epoch from e.updated_at))::bigint, 'revision', e.revision`;

/**
 * Every event of the teams in one statement (one snapshot, one round trip): each list is read through
 * its (team_id, ...) index and comes back as one JSON array, in id order so the feed is byte-stable.
 */
export async function feedRows(db: Db, teamIds: readonly number[], since: string): Promise<FeedRows> {
  if (teamIds.length === 0)
    return { teams: [], tournaments: [], tournamentGames: [], games: [], practices: [] };
  const ids = sql.join(
    teamIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  // Events from `since` on (a tournament that ends then or later): old seasons stay out of the text.
  const list = (fields: string, table: string, dateColumn = 'e.date') =>
    sql`(select coalesce(json_agg(json_build_object(${sql.raw(`${fields}, ${STAMPS}`)}) order by e.id), '[]'::json)
      from ${sql.raw(table)} e join feed_teams f on f.id = e.team_id
      where ${sql.raw(dateColumn)} >= ${since}::date)`;
  const result = (await db.execute(sql`
    with feed_teams as (select id, name, data_version from teams where id in (${ids}))
    select
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'version', data_version) order by id), '[]'::json)
        from feed_teams) as teams,
      ${list(
        `'id', e.id, 'team_id', e.team_id, 'name', e.name, 'location', e.location, 'address', e.address,
        'notes', e.notes, 'start_date', e.start_date, 'end_date', e.end_date`,
        'tournaments',
        'e.end_date',
      )} as tournaments,
      ${list(
        `'id', e.id, 'team_id', e.team_id, 'tournament_id', e.tournament_id, 'opponent', e.opponent,
        'date', e.date, 'time', e.time, 'field', e.field, 'kit', e.kit, 'notes', e.notes, 'status', e.status,
        'arrival_time', e.arrival_time`,
        'tournament_games',
      )} as tournament_games,
      ${list(
        `'id', e.id, 'team_id', e.team_id, 'opponent', e.opponent, 'date', e.date, 'time', e.time,
        'location', e.location, 'address', e.address, 'kit', e.kit, 'notes', e.notes, 'type', e.type,
        'status', e.status, 'is_home', e.is_home, 'arrival_time', e.arrival_time`,
        'games',
      )} as games,
      ${list(
        `'id', e.id, 'team_id', e.team_id, 'title', e.title, 'date', e.date, 'time', e.time,
        'location', e.location, 'address', e.address, 'notes', e.notes, 'duration', e.duration,
        'status', e.status, 'arrival_time', e.arrival_time`,
        'practices',
      )} as practices
  `)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  // node-postgres parses json columns; PGlite too, but a driver handing back text is read alike.
  const parsed = <T>(value: unknown): T[] =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  return {
    teams: parsed<FeedTeamRow>(row['teams']),
    tournaments: parsed<FeedTournamentRow>(row['tournaments']),
    tournamentGames: parsed<FeedTournamentGameRow>(row['tournament_games']),
    games: parsed<FeedGameRow>(row['games']),
    practices: parsed<FeedPracticeRow>(row['practices']),
  };
}

/**
 * The feed's Last-Modified after answering the text whose hash is `contentHash` (decision 017): kept
 * while the text stays the same; when it differs from the last one answered, the newest change the
 * text holds (`newest`), but always at least a second after the previous value, so a removal (which
 * leaves no row to date it) moves it on too, and in whole seconds, as HTTP dates have them.
 */
export async function feedLastModified(
  db: Db,
  feed: { userId: number; playerId: number },
  contentHash: string,
  newest: Date,
): Promise<Date> {
  const [changed] = await db
    .insert(calendarFeedStates)
    .values({
      userId: feed.userId,
      playerId: feed.playerId,
      contentHash,
      modifiedAt: sql`date_trunc('second', ${newest.toISOString()}::timestamptz)`,
    })
    .onConflictDoUpdate({
      target: [calendarFeedStates.userId, calendarFeedStates.playerId],
      set: {
        contentHash: sql`excluded.content_hash`,
        modifiedAt: sql`greatest(excluded.modified_at, ${calendarFeedStates.modifiedAt} + interval '1 second')`,
      },
      setWhere: sql`${calendarFeedStates.contentHash} <> excluded.content_hash`,
    })
    .returning({ modifiedAt: calendarFeedStates.modifiedAt });
  if (changed) return changed.modifiedAt;
  const [kept] = await db
    .select({ modifiedAt: calendarFeedStates.modifiedAt })
    .from(calendarFeedStates)
    .where(and(eq(calendarFeedStates.userId, feed.userId), eq(calendarFeedStates.playerId, feed.playerId)));
  return kept?.modifiedAt ?? newest;
}
