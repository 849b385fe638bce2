import type { z } from 'zod';
import type { Rsvp, RsvpList, rsvpSubmitAllBody, rsvpSubmitBody } from '../../../shared/api/calendar.ts';
import { canRsvpFor, RSVP_MESSAGES, rsvpClosedMessage } from '../../../shared/rsvp.ts';
import { compareByJersey } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { sqlState } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import * as roster from '../roster/queries.ts';
import { rosterViewer, toPlayer } from '../roster/view.ts';
import { loadTeamAccess, type TeamAccess } from '../teams/access.ts';
import { teamsOfMember } from '../teams/queries.ts';
import { overviewOf } from './overview.ts';
import * as queries from './queries.ts';

// RSVPs (docs/product/calendar-rsvp-and-feed.md 'RSVPs'; docs/decisions/017). An answer
// names an event and a player of one team; the caller must be a member of that team and may answer
// only for the players canRsvpFor allows, the roster's own is_mine rule deciding "their child" and
// "themselves". An event or team the caller cannot see is 'Event not found', whether it exists or not.

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
   * The caller's access to the event's team; 404 alike for a missing event and a team not theirs. Then
   * whether the caller may still answer: not once the event has started, except a coach for
   * RSVP_COACH_DAYS after (docs/product/calendar-rsvp-and-feed.md 'RSVPs close when the event starts').
   */
  async function accessToOpenEvent(user: UserRow, event: queries.EventRef): Promise<TeamAccess> {
    const found = await queries.findEvent(db, event);
    if (found === undefined) throw notFound(RSVP_MESSAGES.eventNotFound);
    const access = await loadTeamAccess(db, user, found.teamId, RSVP_MESSAGES.eventNotFound);
    const closed = rsvpClosedMessage(access.role, found, config.TEAM_TIME_ZONE, now());
    if (closed) throw conflict(closed);
    return access;
  }

  /** The team's players with is_mine computed exactly as the roster does (contacts only matter to parents). */
  async function withMine(access: TeamAccess, rows: roster.PlayerRow[]) {
    const viewer = rosterViewer(access);
    const contacts = viewer.role === 'parent' ? await roster.contactsOfTeam(db, access.team.id) : [];
    return rows.map((row) => ({
      row,
      isMine: toPlayer(
        row,
        contacts.filter((c) => c.playerId === row.id),
        viewer,
      ).is_mine,
    }));
  }

  /** The players of the ids, in that order, each one the caller may answer for; else the first refusal. */
  async function answerablePlayers(access: TeamAccess, ids: readonly number[]): Promise<roster.PlayerRow[]> {
    const found = await withMine(access, await queries.playersWithIds(db, access.team.id, ids));
    const byId = new Map(found.map((player) => [player.row.id, player]));
    return ids.map((id) => {
      const player = byId.get(id);
      if (!player) throw notFound(RSVP_MESSAGES.playerNotFound);
      // Whose player it is comes first, so a parent learns nothing of another child's status.
      if (!canRsvpFor(access.role, { status: 'active', is_mine: player.isMine })) {
        throw forbidden(RSVP_MESSAGES.notEligible);
      }
      if (player.row.status !== 'active') throw badRequest(RSVP_MESSAGES.inactivePlayer);
      return player.row;
    });
  }

  async function answer(
    user: UserRow,
    event: queries.EventRef,
    playerIds: readonly number[],
    input: { response: SubmitInput['response']; notes: string | null },
  ): Promise<Rsvp[]> {
    const access = await accessToOpenEvent(user, event);
    const players = await answerablePlayers(access, playerIds);
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
    const players = (await withMine(access, await roster.playersOfTeam(db, teamId)))
      .filter(({ row, isMine }) => canRsvpFor(access.role, { status: row.status, is_mine: isMine }))
      .map(({ row }) => ({ id: row.id, team_id: teamId, name: row.name, jersey_number: row.jerseyNumber }))
      .sort(compareByJersey);
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
    /** One player's answer; resubmitting replaces it. */
    async submit(user: UserRow, input: SubmitInput): Promise<Rsvp> {
      const event = { type: input.event_type, id: input.event_id };
      const [rsvp] = await answer(user, event, [input.player_id], input);
      if (!rsvp) throw notFound(RSVP_MESSAGES.eventNotFound);
      return rsvp;
    },

    /** The same answer for several players: every one must be answerable, and all are stored or none. */
    submitAll(user: UserRow, input: SubmitAllInput): Promise<Rsvp[]> {
      const event = { type: input.event_type, id: input.event_id };
      return answer(user, event, [...new Set(input.player_ids)], input);
    },

    /**
     * The players the caller may answer for and their answers, on every event: on the team `teamId`
     * names, or without it on every team the caller is a member of
     * (docs/product/calendar-rsvp-and-feed.md: the spec's request has no query), team by team in the
     * order they joined.
     */
    async listOwn(user: UserRow, userId: number, teamId: number | undefined): Promise<RsvpList> {
      if (userId !== user.id) throw notFound(RSVP_USER_NOT_FOUND);
      if (teamId !== undefined) return listOnTeam(await loadTeamAccess(db, user, teamId));
      const lists = await Promise.all(
        (await teamsOfMember(db, user.id)).map(async (team) =>
          listOnTeam(await loadTeamAccess(db, user, team.id)),
        ),
      );
      return {
        players: lists.flatMap((list) => list.players),
        rsvps: lists.flatMap((list) => list.rsvps),
      };
    },

    /** Coaches and admins: the upcoming events that take answers, with counts and who has not answered. */
    overview(access: TeamAccess) {
      if (!access.isCoach) throw forbidden(RSVP_MESSAGES.coachesOnly);
      return overviewOf(db, access.team.id, config.TEAM_TIME_ZONE);
    },
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
