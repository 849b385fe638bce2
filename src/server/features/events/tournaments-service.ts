import { z } from 'zod';
import {
  type Tournament,
  type TournamentGame,
  type tournamentBody,
  type tournamentGameBody,
  tournamentGameSchema,
  type tournamentGamePatch,
  type tournamentPatch,
  tournamentSchema,
} from '../../../shared/api/events.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { accountCan } from '../../../shared/permissions.ts';
import { eventsHash } from '../../../shared/event-links.ts';
import {
  compareByDateTime,
  compareTournaments,
  EVENT_MESSAGES,
  gameRecord,
  isAlreadyAdded,
  NEW_TOURNAMENT_GAME_STATUSES,
  tournamentStatus,
} from '../../../shared/events.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { KeptList, RowFragments } from '../../db/row-fragments.ts';
import { compileWriter, jsonAnswer, writeLeaf } from '../../plugins/response-serializer.ts';
import { sqlState } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { notifyTeam } from '../notifications/notify.ts';
import {
  changeNotice,
  isPast,
  newEventNotice,
  noticeEvent,
  removedNotice,
  tournamentFacts,
  tournamentGameFacts,
} from './notices.ts';
import { requireGameWrite, settleScores } from './scores.ts';
import { refuseLateArrival, refuseMissingTime } from './times.ts';

// Tournaments and their games (docs/product/events.md 'Tournaments', 'Scores', 'Quick-add'). Every member
// reads them; tournaments need can_create_tournaments, their games can_manage_events, scores alone
// can_update_scores. The status is computed from the dates and today in the team's time zone, never
// stored. A tournament is cancelled by deleting it. New, moved, re-placed, cancelled and deleted
// tournaments and games tell the team in the write's transaction (notices.ts).

type TournamentInput = z.output<typeof tournamentBody>;
type TournamentChange = z.output<typeof tournamentPatch>;
type GameInput = z.output<typeof tournamentGameBody>;
type GameChange = z.output<typeof tournamentGamePatch>;

/** The quick-add list: the newest tournaments of the teams the caller coaches. */
export const QUICK_ADD_LIMIT = 200;
export const TOURNAMENT_DELETED = 'Tournament deleted successfully.';
const NEW_GAME_STATUS = `A new game's status must be ${NEW_TOURNAMENT_GAME_STATUSES.join(' or ')}`;

export function toTournamentGame(row: queries.TournamentGameRow): TournamentGame {
  return {
    id: row.id,
    tournament_id: row.tournamentId,
    opponent: row.opponent,
    round_name: row.roundName,
    date: row.date,
    time: row.time,
    field: row.field,
    kit: row.kit,
    notes: row.notes,
    condition: row.condition,
    arrival_time: row.arrivalTime,
    status: row.status,
    our_score: row.ourScore,
    opponent_score: row.opponentScore,
  };
}

function toTournament(
  row: queries.TournamentRow,
  teamName: string,
  gameRows: readonly queries.TournamentGameRow[],
  today: string,
): Tournament {
  const games = gameRows.map(toTournamentGame).sort(compareByDateTime);
  return {
    id: row.id,
    team_id: row.teamId,
    name: row.name,
    location: row.location,
    address: row.address,
    url: row.url,
    start_date: row.startDate,
    end_date: row.endDate,
    startDate: `${row.startDate}T00:00:00.000Z`,
    endDate: `${row.endDate}T23:59:59.999Z`,
    notes: row.notes,
    source_tournament_id: row.sourceTournamentId,
    status: tournamentStatus(row.startDate, row.endDate, today),
    team_name: teamName,
    teamName,
    team: { name: teamName },
    games,
    record: gameRecord(games),
  };
}

/** Each tournament with its own games, in the screen's order. */
function assemble(
  rows: readonly { tournament: queries.TournamentRow; teamName: string }[],
  gameRows: readonly queries.TournamentGameRow[],
  today: string,
): Tournament[] {
  const gamesOf = new Map<number, queries.TournamentGameRow[]>();
  for (const game of gameRows) {
    const list = gamesOf.get(game.tournamentId);
    if (list) list.push(game);
    else gamesOf.set(game.tournamentId, [game]);
  }
  return rows
    .map(({ tournament, teamName }) =>
      toTournament(tournament, teamName, gamesOf.get(tournament.id) ?? [], today),
    )
    .sort(compareTournaments);
}

// The list read anew from kept parts (db/row-fragments.ts): each tournament game's written JSON with
// what sorting and the record need, and each tournament's own fields written up to
// `source_tournament_id`; what depends on more than the row (the status on today, the team's name, the
// games and their record) is written at each read, in the schema's order.
const tournamentList = z.array(tournamentSchema);
const writeTournamentGame = compileWriter(tournamentGameSchema);
/** The fields of the tournament's own row, in the schema's order (the writer follows the mask's). */
const writeTournamentHead = compileWriter(
  tournamentSchema.pick({
    id: true,
    team_id: true,
    name: true,
    location: true,
    address: true,
    url: true,
    start_date: true,
    end_date: true,
    startDate: true,
    endDate: true,
    notes: true,
    source_tournament_id: true,
  }),
);
interface KeptTournament {
  /** The tournament's fields up to `source_tournament_id`, without the closing brace. */
  readonly json: string;
  readonly id: number;
  readonly startDate: string;
  readonly endDate: string;
}
interface KeptTournamentGame {
  readonly json: string;
  readonly game: TournamentGame;
  /** The game object kept beside its JSON, counted in the budget as about its JSON's size again. */
  readonly keptBytes: number;
}
const keptTournaments = preparedPerHandle(() => new RowFragments<KeptTournament>());
const keptTournamentGames = preparedPerHandle(() => new RowFragments<KeptTournamentGame>());

function keptTournament(row: queries.TournamentRow): KeptTournament {
  const head = toTournament(row, '', [], '');
  const json = writeTournamentHead(head) ?? '{}';
  return { json: json.slice(0, -1), id: row.id, startDate: row.startDate, endDate: row.endDate };
}

function keptTournamentGame(row: queries.TournamentGameRow): KeptTournamentGame {
  const game = toTournamentGame(row);
  const json = writeTournamentGame(game) ?? '';
  return { json, game, keptBytes: json.length * 2 };
}

/** The list's JSON from the kept parts, as the writer writes `assemble`'s answer. */
function writeKeptList(
  tournamentParts: readonly KeptTournament[],
  gameParts: readonly KeptTournamentGame[],
  teamName: string,
  today: string,
): string {
  const gamesOf = new Map<number, KeptTournamentGame[]>();
  for (const part of gameParts) {
    const list = gamesOf.get(part.game.tournament_id);
    if (list) list.push(part);
    else gamesOf.set(part.game.tournament_id, [part]);
  }
  const name = writeLeaf(teamName) ?? '""';
  const team = `,"team_name":${name},"teamName":${name},"team":{"name":${name}},"games":[`;
  const listed = tournamentParts.map((part) => ({
    part,
    id: part.id,
    start_date: part.startDate,
    status: tournamentStatus(part.startDate, part.endDate, today),
  }));
  listed.sort(compareTournaments);
  let out = '[';
  for (let t = 0; t < listed.length; t += 1) {
    const { part, status } = listed[t] as (typeof listed)[number];
    const games = (gamesOf.get(part.id) ?? []).sort((a, b) => compareByDateTime(a.game, b.game));
    const { wins, losses, draws } = gameRecord(games.map((g) => g.game));
    if (t > 0) out += ',';
    out += `${part.json},"status":"${status}"${team}`;
    for (let g = 0; g < games.length; g += 1) {
      if (g > 0) out += ',';
      out += (games[g] as KeptTournamentGame).json;
    }
    out += `],"record":{"wins":${wins},"losses":${losses},"draws":${draws}}}`;
  }
  return `${out}]`;
}

/** The columns of a tournament's fields: all of them for a new one, those sent for a change. */
function tournamentValues(input: TournamentInput): Required<queries.TournamentValues>;
function tournamentValues(input: TournamentChange): queries.TournamentValues;
function tournamentValues(input: TournamentChange): queries.TournamentValues {
  return {
    name: input.name,
    location: input.location,
    address: input.address,
    url: input.url,
    startDate: input.start_date,
    endDate: input.end_date,
    notes: input.notes,
  };
}

function gameValues(input: GameChange): queries.TournamentGameValues {
  return {
    opponent: input.opponent,
    roundName: input.round_name,
    date: input.date,
    time: input.time,
    field: input.field,
    kit: input.kit,
    notes: input.notes,
    condition: input.condition,
    arrivalTime: input.arrival_time,
  };
}

/** A tournament deleted between finding its team and adding a game to it is simply not found. */
async function orTournamentGone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23503') throw notFound(EVENT_MESSAGES.tournamentNotFound);
    throw error;
  }
}

export function createTournamentService({ db, config }: { db: Db; config: Pick<Config, 'TEAM_TIME_ZONE'> }) {
  const zone = config.TEAM_TIME_ZONE;
  const today = () => todayIn(zone);
  /** Tells the team, in the write's transaction `tx`, what the caller did (nothing when not news). */
  const tell = async (
    tx: Db,
    access: TeamAccess,
    notice: ReturnType<typeof changeNotice>,
    event?: Parameters<typeof noticeEvent>[1],
  ) => {
    if (!notice) return;
    await notifyTeam(tx, {
      teamId: access.team.id,
      actorId: access.user.id,
      ...notice,
      ...(event ? { event: noticeEvent('tournament', event, zone) } : {}),
    });
  };

  /**
   * The original of the tournament a copy names, when the caller may read it (a member of its team, or
   * an admin; a team not theirs is 'Tournament not found'). Null when it no longer exists: deleted since
   * the list was read, the copy is known by its name and dates alone. The source is on another team than
   * the route's, so its access is read here, by the rule tournamentsOfMember reads the quick-add list by.
   */
  async function originalOfSource(user: UserRow, sourceId: number): Promise<number | null> {
    const member = { id: user.id, isAdmin: accountCan(user, 'view_all_teams') };
    const original = await queries.originalOfMembersTournament(db, member, sourceId);
    if (original !== undefined) return original;
    if ((await queries.teamOfTournament(db, sourceId)) === undefined) return null;
    throw notFound(EVENT_MESSAGES.tournamentNotFound);
  }

  async function withGames(access: TeamAccess, row: queries.TournamentRow): Promise<Tournament> {
    const games = await queries.gamesOfTournament(db, access.team.id, row.id);
    return toTournament(row, access.team.name, games, today());
  }

  return {
    /** The scope's `teamOf` for a route naming a tournament; another team's: 'Tournament not found'. */
    teamOf: (tournamentId: number) => queries.teamOfTournament(db, tournamentId),

    /** The tournaments and all their games, in one round trip. */
    async list(access: TeamAccess): Promise<Tournament[]> {
      const teamId = access.team.id;
      const { tournaments: rows, games } = await queries.tournamentListOfTeam(db, teamId);
      const teamName = access.team.name;
      return assemble(
        rows.map((tournament) => ({ tournament, teamName })),
        games,
        today(),
      );
    },

    /**
     * The list as the API sends it: each unchanged tournament's and game's part kept from an earlier
     * read, only those added or changed since read (db/row-fragments.ts). A row that changed between
     * the keys and its read has the keys read again; after three such tries the list is read whole.
     */
    async listAnswer(access: TeamAccess): Promise<Tournament[]> {
      const teamId = access.team.id;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const versions = await queries.tournamentVersionsOfTeam(db, teamId);
        const tournamentParts = new KeptList(keptTournaments(db), versions.tournaments);
        const gameParts = new KeptList(keptTournamentGames(db), versions.games);
        const [tournamentIds, gameIds] = [tournamentParts.missingIds, gameParts.missingIds];
        if (tournamentIds.length > 0 || gameIds.length > 0) {
          const read = await queries.tournamentsOfTeamById(db, teamId, tournamentIds, gameIds);
          const tournamentsRead = tournamentParts.fill(
            read.tournaments.map((row) => ({ key: row.version, value: keptTournament(row) })),
          );
          const gamesRead = gameParts.fill(
            read.games.map((row) => ({ key: row.version, value: keptTournamentGame(row) })),
          );
          if (!tournamentsRead || !gamesRead) continue;
        }
        return jsonAnswer(
          tournamentList,
          writeKeptList(tournamentParts.parts, gameParts.parts, access.team.name, today()),
        );
      }
      return this.list(access);
    },

    /**
     * GET /api/tournaments/all: the tournaments of every team the caller is a member of (an admin: every
     * team), which the spec's calendar and dashboard read and quick-add lists (decision 014).
     */
    async listAll(user: UserRow): Promise<Tournament[]> {
      const rows = await queries.tournamentsOfMember(
        db,
        { id: user.id, isAdmin: accountCan(user, 'view_all_teams') },
        QUICK_ADD_LIMIT,
      );
      const games = await queries.gamesOfTournaments(
        db,
        rows.map((row) => row.tournament.id),
      );
      return assemble(rows, games, today());
    },

    /**
     * A new tournament, or a quick-add copy. Every create is compared with the team's tournaments
     * (docs/product/events.md 'Quick-add'): one with the same name (case and spacing aside) and dates, or
     * a copy of the same original, is already there and answers 409. The spec's quick-add sends only the
     * copied fields, so the name and dates are what know it; `source_tournament_id` (ours, optional) also
     * knows a copy renamed since.
     */
    async create(access: TeamAccess, input: TournamentInput): Promise<Tournament> {
      requireCapability(access, 'create_tournaments');
      const original =
        input.source_tournament_id === null
          ? null
          : await originalOfSource(access.user, input.source_tournament_id);
      const candidate = { id: 0, ...input, source_tournament_id: original };
      const row = await db.transaction(async (tx) => {
        // Two taps sent at once: the second waits here and then finds the first.
        await queries.lockTeam(tx, access.team.id);
        const like = await queries.tournamentsLike(tx, access.team.id, {
          startDate: input.start_date,
          endDate: input.end_date,
          original,
        });
        const added = like.find((existing) => isAlreadyAdded(existing, candidate));
        if (added) throw conflict(EVENT_MESSAGES.tournamentAlreadyAdded(added.name));
        const inserted = await queries.insertTournament(tx, access.team.id, access.user.id, {
          ...tournamentValues(input),
          sourceTournamentId: original,
        });
        // One entered after it was played is history, not news.
        const facts = tournamentFacts(inserted);
        if (!isPast(facts, today())) await tell(tx, access, newEventNotice(access.team.name, facts));
        return inserted;
      });
      return toTournament(row, access.team.name, [], today());
    },

    async update(access: TeamAccess, tournamentId: number, input: TournamentChange): Promise<Tournament> {
      requireCapability(access, 'create_tournaments');
      const row = await db.transaction(async (tx) => {
        const current = await queries.findTournamentForUpdate(tx, access.team.id, tournamentId);
        if (!current) throw notFound(EVENT_MESSAGES.tournamentNotFound);
        const start = input.start_date ?? current.startDate;
        const end = input.end_date ?? current.endDate;
        if (end < start) throw badRequest(EVENT_MESSAGES.endBeforeStart);
        const after = await queries.updateTournament(
          tx,
          access.team.id,
          tournamentId,
          tournamentValues(input),
        );
        if (!after) throw notFound(EVENT_MESSAGES.tournamentNotFound);
        const facts = [tournamentFacts(current), tournamentFacts(after)] as const;
        await tell(tx, access, changeNotice(access.team.name, ...facts, today()));
        return after;
      });
      return withGames(access, row);
    },

    /** Deleting is how a tournament is cancelled: one notice for it, none for each of its games. */
    async remove(access: TeamAccess, tournamentId: number): Promise<{ message: string; detail: string }> {
      requireCapability(access, 'create_tournaments');
      await db.transaction(async (tx) => {
        const gone = await queries.deleteTournament(tx, access.team.id, tournamentId);
        if (!gone) throw notFound(EVENT_MESSAGES.tournamentNotFound);
        const notice = removedNotice(access.team.name, tournamentFacts(gone), today(), `/${eventsHash()}`);
        await tell(tx, access, notice);
      });
      return { message: TOURNAMENT_DELETED, detail: TOURNAMENT_DELETED };
    },

    async addGame(access: TeamAccess, tournamentId: number, input: GameInput): Promise<TournamentGame> {
      requireCapability(access, 'manage_events');
      if (!(NEW_TOURNAMENT_GAME_STATUSES as readonly string[]).includes(input.status)) {
        throw badRequest(NEW_GAME_STATUS);
      }
      refuseMissingTime(input.date, input.time, config.TEAM_TIME_ZONE);
      refuseLateArrival(input.arrival_time, input.time);
      const settled = settleScores(undefined, input);
      const row = await orTournamentGone(() =>
        db.transaction(async (tx) => {
          const tournament = await queries.findTournament(tx, access.team.id, tournamentId);
          if (!tournament) throw notFound(EVENT_MESSAGES.tournamentNotFound);
          const game = await queries.insertTournamentGame(tx, access.team.id, tournamentId, {
            opponent: input.opponent,
            roundName: input.round_name,
            date: input.date,
            time: input.time,
            field: input.field,
            kit: input.kit,
            notes: input.notes,
            condition: input.condition,
            arrivalTime: input.arrival_time,
            ...settled,
          });
          // A game entered after it was played (a result recorded) is history, not news.
          const facts = tournamentGameFacts(game, tournament);
          if (!isPast(facts, today()) && !facts.cancelled) {
            await tell(tx, access, newEventNotice(access.team.name, facts), game);
          }
          return game;
        }),
      );
      return toTournamentGame(row);
    },

    async updateGame(
      access: TeamAccess,
      tournamentId: number,
      gameId: number,
      input: GameChange,
    ): Promise<TournamentGame> {
      requireGameWrite(access, input);
      const row = await db.transaction(async (tx) => {
        const current = await queries.findTournamentGameForUpdate(tx, access.team.id, tournamentId, gameId);
        const tournament = current && (await queries.findTournament(tx, access.team.id, tournamentId));
        if (!current || !tournament) throw notFound(EVENT_MESSAGES.gameNotFound);
        if (input.date !== undefined || input.time !== undefined) {
          const date = input.date === undefined ? current.date : input.date;
          const time = input.time === undefined ? current.time : input.time;
          refuseMissingTime(date, time, zone);
        }
        refuseLateArrival(
          input.arrival_time === undefined ? current.arrivalTime : input.arrival_time,
          input.time === undefined ? current.time : input.time,
        );
        const settled = settleScores(current, input);
        const after = await queries.updateTournamentGame(tx, access.team.id, tournamentId, gameId, {
          ...gameValues(input),
          ...settled,
        });
        if (!after) throw notFound(EVENT_MESSAGES.gameNotFound);
        const facts = [
          tournamentGameFacts(current, tournament),
          tournamentGameFacts(after, tournament),
        ] as const;
        await tell(tx, access, changeNotice(access.team.name, ...facts, today()), after);
        return after;
      });
      return toTournamentGame(row);
    },

    async removeGame(
      access: TeamAccess,
      tournamentId: number,
      gameId: number,
    ): Promise<{ message: string; detail: string }> {
      requireCapability(access, 'manage_events');
      await db.transaction(async (tx) => {
        const tournament = await queries.findTournament(tx, access.team.id, tournamentId);
        const gone =
          tournament && (await queries.deleteTournamentGame(tx, access.team.id, tournamentId, gameId));
        if (!tournament || !gone) throw notFound(EVENT_MESSAGES.gameNotFound);
        const link = `/${eventsHash({ tournamentId })}`;
        const notice = removedNotice(access.team.name, tournamentGameFacts(gone, tournament), today(), link);
        await tell(tx, access, notice, gone);
      });
      return { message: EVENT_MESSAGES.gameDeleted, detail: EVENT_MESSAGES.gameDeleted };
    },
  };
}

export type TournamentService = ReturnType<typeof createTournamentService>;
