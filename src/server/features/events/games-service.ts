import { z } from 'zod';
import { type Game, type gameBody, type gamePatch, gameSchema } from '../../../shared/api/events.ts';
import { EVENT_MESSAGES } from '../../../shared/events.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { keptRows, RowFragments } from '../../db/row-fragments.ts';
import { compileWriter, jsonAnswer } from '../../plugins/response-serializer.ts';
import { notFound } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { requireGameWrite, settleScores } from './scores.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { eventsHash } from '../../../shared/event-links.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { changeNotice, gameFacts, newEventNotice, noticeEvent, removedNotice } from './notices.ts';
import { refuseLateArrival, refuseMissingTime } from './times.ts';

// Individual games: friendly, league or other (docs/product/events.md). Every member reads
// them; writes need can_manage_events, scores alone can_update_scores (docs/product/events.md). A game id
// is always read together with the route's team: another team's game is 'Game not found'.

type GameInput = z.output<typeof gameBody>;
type GameChange = z.output<typeof gamePatch>;

function toGame(row: queries.GameRow): Game {
  return {
    id: row.id,
    team_id: row.teamId,
    opponent: row.opponent,
    date: row.date,
    time: row.time,
    location: row.location,
    address: row.address,
    type: row.type,
    is_home: row.isHome,
    kit: row.kit,
    notes: row.notes,
    arrival_time: row.arrivalTime,
    status: row.status,
    our_score: row.ourScore,
    opponent_score: row.opponentScore,
  };
}

const gameList = z.array(gameSchema);
const writeGame = compileWriter(gameSchema);
/** Each game's part of the list, written, by its version (db/row-fragments.ts). */
const keptGames = preparedPerHandle(() => new RowFragments<{ json: string }>());

/** The columns a body sets: all of them for a new game's body, those given for an edit. */
function values(input: GameInput): Required<queries.GameValues>;
function values(input: GameChange): queries.GameValues;
function values(input: GameChange): queries.GameValues {
  return {
    opponent: input.opponent,
    date: input.date,
    time: input.time,
    location: input.location,
    address: input.address,
    type: input.type,
    isHome: input.is_home,
    kit: input.kit,
    notes: input.notes,
    arrivalTime: input.arrival_time,
  };
}

export function createGameService({ db, config }: { db: Db; config: Pick<Config, 'TEAM_TIME_ZONE'> }) {
  const zone = config.TEAM_TIME_ZONE;
  return {
    /** By date, then time. */
    async list(access: TeamAccess): Promise<Game[]> {
      return (await queries.gamesOfTeam(db, access.team.id)).map(toGame);
    },

    /**
     * The list as the API sends it: each unchanged game's part kept from an earlier read, only the
     * games added or changed since read (db/row-fragments.ts).
     */
    async listAnswer(access: TeamAccess): Promise<Game[]> {
      const teamId = access.team.id;
      const parts = await keptRows(
        keptGames(db),
        () => queries.gameVersionsOfTeam(db, teamId),
        async (ids) =>
          (await queries.gamesOfTeamById(db, teamId, ids)).map((row) => ({
            key: row.version,
            value: { json: writeGame(toGame(row)) ?? '' },
          })),
      );
      if (parts === undefined) return this.list(access);
      return jsonAnswer(gameList, `[${parts.map((part) => part.json).join(',')}]`);
    },

    async create(access: TeamAccess, input: GameInput): Promise<Game> {
      requireCapability(access, 'manage_events');
      refuseMissingTime(input.date, input.time, zone);
      refuseLateArrival(input.arrival_time, input.time);
      const row = await db.transaction(async (tx) => {
        const game = await queries.insertGame(tx, access.team.id, {
          ...values(input),
          ...settleScores(undefined, input),
        });
        // A game entered after it was played (a result recorded) is history, not news.
        if (game.date >= todayIn(zone) && game.status !== 'cancelled') {
          const notice = newEventNotice(access.team.name, gameFacts(game));
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('game', game, zone),
          });
        }
        return game;
      });
      return toGame(row);
    },

    async update(access: TeamAccess, gameId: number, input: GameChange): Promise<Game> {
      requireGameWrite(access, input);
      const row = await db.transaction(async (tx) => {
        const current = await queries.findGameForUpdate(tx, access.team.id, gameId);
        if (!current) throw notFound(EVENT_MESSAGES.gameNotFound);
        // What the write would leave: a new date keeps the stored time and the other way round.
        if (input.date !== undefined || input.time !== undefined) {
          refuseMissingTime(input.date ?? current.date, input.time ?? current.time, zone);
        }
        refuseLateArrival(
          input.arrival_time === undefined ? current.arrivalTime : input.arrival_time,
          input.time ?? current.time,
        );
        const after = await queries.updateGame(tx, access.team.id, gameId, {
          ...values(input),
          ...settleScores(current, input),
        });
        if (!after) throw notFound(EVENT_MESSAGES.gameNotFound);
        const notice = changeNotice(access.team.name, gameFacts(current), gameFacts(after), todayIn(zone));
        if (notice) {
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('game', after, zone),
          });
        }
        return after;
      });
      return toGame(row);
    },

    /** The deletion, and in the same transaction the notice that it is off the schedule (notices.ts). */
    async remove(access: TeamAccess, gameId: number): Promise<{ message: string; detail: string }> {
      requireCapability(access, 'manage_events');
      await db.transaction(async (tx) => {
        const gone = await queries.deleteGame(tx, access.team.id, gameId);
        if (!gone) throw notFound(EVENT_MESSAGES.gameNotFound);
        const link = `/${eventsHash({ section: 'games' })}`;
        const notice = removedNotice(access.team.name, gameFacts(gone), todayIn(zone), link);
        if (notice) {
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('game', gone, zone),
          });
        }
      });
      return { message: EVENT_MESSAGES.gameDeleted, detail: EVENT_MESSAGES.gameDeleted };
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
