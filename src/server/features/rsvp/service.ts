import type { z } from 'zod';
import type { Rsvp, RsvpList, rsvpSubmitAllBody, rsvpSubmitBody } from '../../../shared/api/calendar.ts';
import { RSVP_MESSAGES, rsvpClosedMessage } from '../../../shared/rsvp.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { sqlState } from '../../db/errors.ts';
import { conflict, notFound } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { playersAnsweredFor, playersToAnswerFor } from '../roster/answering.ts';
import { accessesOfMember, requireCapability, type TeamAccess } from '../teams/access.ts';
import { overviewOf } from './overview.ts';
import * as queries from './queries.ts';

// RSVPs (docs/product/calendar-rsvp-and-feed.md 'RSVPs'; docs/decisions/017). An answer
// names an event and a player of one team; the caller must be a member of that team and may answer
// only for the players they answer for (roster/answering.ts, shared with poll votes). The routes find
// the event's team first (teamOf), so an event or team the caller cannot see is 'Event not found',
// whether it exists or not.

type SubmitInput = z.output<typeof rsvpSubmitBody>;
type SubmitAllInput = z.output<typeof rsvpSubmitAllBody>;

export const RSVP_USER_NOT_FOUND = 'User not found';

function toRsvp(row: queries.RsvpRow, playerName: string, respondedByName: string | null): Rsvp {
  const event = queries.eventOfRow(row);
  return {
    id: row.id,
    team_id: row.teamId,
    player_id: row.playerId,
    player_name: playerName,
    event_type: event.type,
    event_id: event.id,
    response: row.response,
    notes: row.notes,
    responded_by_name: respondedByName,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The foreign key a write broke, when its event or player was deleted meanwhile. */
function brokenReference(error: unknown): string | undefined {
  if (sqlState(error) !== '23503') return undefined;
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { constraint, cause } = current as { constraint?: unknown; cause?: unknown };
    if (typeof constraint === 'string') return constraint;
    current = cause;
  }
  return '';
}

export function createRsvpService({
  db,
  config,
  now = () => new Date(),
}: {
  db: Db;
  config: Pick<Config, 'TEAM_TIME_ZONE'>;
  /** The clock the closing rule reads (tests move it). */
  now?: () => Date;
}) {
  /**
   * Whether the caller may still answer for the event of their team: not once it has started, except a
   * coach for RSVP_COACH_DAYS after (docs/product/calendar-rsvp-and-feed.md 'RSVPs close when the event starts').
   */
  async function requireOpenEvent(access: TeamAccess, event: queries.EventRef): Promise<void> {
    const found = await queries.findEvent(db, access.team.id, event);
    if (found === undefined) throw notFound(RSVP_MESSAGES.eventNotFound);
    const closed = rsvpClosedMessage(access.role, found, config.TEAM_TIME_ZONE, now());
    if (closed) throw conflict(closed);
  }

  async function answer(
    access: TeamAccess,
    event: queries.EventRef,
    playerIds: readonly number[],
    input: { response: SubmitInput['response']; notes: string | null },
  ): Promise<Rsvp[]> {
    const { user } = access;
    await requireOpenEvent(access, event);
    const players = await playersToAnswerFor(db, access, playerIds, RSVP_MESSAGES);
    let rows: queries.RsvpRow[];
    try {
      rows = await queries.upsertAnswers(
        db,
        access.team.id,
        event,
        // Written in id order, whatever order the caller sent: two answers for overlapping players
        // then lock their rows in the same order and cannot deadlock each other.
        players
          .map((player) => ({ playerId: player.id, response: input.response, notes: input.notes }))
          .sort((a, b) => a.playerId - b.playerId),
        user.id,
      );
    } catch (error) {
      // The event or a player was deleted between the checks and the write.
      const broken = brokenReference(error);
      if (broken === undefined) throw error;
      throw notFound(
        broken === 'rsvps_player_team_fk' ? RSVP_MESSAGES.playerNotFound : RSVP_MESSAGES.eventNotFound,
      );
    }
    const names = new Map(players.map((player) => [player.id, player.name]));
    const byPlayer = new Map(rows.map((row) => [row.playerId, row]));
    return players.flatMap((player) => {
      const row = byPlayer.get(player.id);
      return row ? [toRsvp(row, names.get(player.id) ?? '', user.name)] : [];
    });
  }

  /** The players the caller may answer for on one team (roster order), and their answers. */
  async function listOnTeam(access: TeamAccess): Promise<RsvpList> {
    const teamId = access.team.id;
    const players = (await playersAnsweredFor(db, access)).map((row) => ({
      id: row.id,
      team_id: teamId,
      name: row.name,
      jersey_number: row.jerseyNumber,
    }));
    if (players.length === 0) return { players, rsvps: [] };
    const answers = await queries.answersOfPlayers(
      db,
      teamId,
      players.map((player) => player.id),
    );
    return {
      players,
      rsvps: answers.map((a) => toRsvp(a.rsvp, a.playerName, a.respondedByName)),
    };
  }

  return {
    /** The scope's `teamOf` for an answer: the event's team (undefined: 'Event not found'). */
    teamOfEvent: (event: queries.EventRef) => queries.teamOfEvent(db, event),

    /** One player's answer; resubmitting replaces it. */
    async submit(access: TeamAccess, input: SubmitInput): Promise<Rsvp> {
      const event = { type: input.event_type, id: input.event_id };
      const [rsvp] = await answer(access, event, [input.player_id], input);
      if (!rsvp) throw notFound(RSVP_MESSAGES.eventNotFound);
      return rsvp;
    },

    /** The same answer for several players: every one must be answerable, and all are stored or none. */
    submitAll(access: TeamAccess, input: SubmitAllInput): Promise<Rsvp[]> {
      const event = { type: input.event_type, id: input.event_id };
      return answer(access, event, [...new Set(input.player_ids)], input);
    },

    /** The players the caller may answer for and their answers, on every event of the team. */
    listOnTeam,

    /**
     * The same on every team the caller is a member of (docs/product/calendar-rsvp-and-feed.md: the spec's request has no query),
     * team by team in the order they joined.
     */
    async listOnEveryTeam(user: UserRow): Promise<RsvpList> {
      const lists = await Promise.all((await accessesOfMember(db, user)).map(listOnTeam));
      return {
        players: lists.flatMap((list) => list.players),
        rsvps: lists.flatMap((list) => list.rsvps),
      };
    },

    /** Coaches and admins: the upcoming events that take answers, with counts and who has not answered. */
    overview(access: TeamAccess) {
      requireCapability(access, 'view_rsvp_overview', RSVP_MESSAGES.coachesOnly);
      return overviewOf(db, access.team.id, config.TEAM_TIME_ZONE);
    },
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
