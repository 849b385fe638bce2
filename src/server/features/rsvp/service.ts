import type { z } from 'zod';
import type {
  AnswerLink,
  Rsvp,
  RsvpList,
  rsvpSubmitAllBody,
  rsvpSubmitBody,
  rsvpUpcomingBody,
} from '../../../shared/api/calendar.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import {
  RSVP_EVENT_TYPES,
  RSVP_MESSAGES,
  rsvpClosedMessage,
  rsvpWindow,
  type RsvpWhen,
} from '../../../shared/rsvp.ts';
import type { OverviewQuery } from '../../../shared/rsvp-overview.ts';
import { ANSWER_LINK_MESSAGES, firstName } from '../../../shared/rsvp-reminders.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { sqlState } from '../../db/errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http-error.ts';
import { findUserById, type UserRow } from '../auth/queries.ts';
import { type LinkSigner, verifyRsvpAnswer } from '../auth/signed-links.ts';
import { playersAnsweredFor, playersToAnswerFor } from '../roster/answering.ts';
import type { PlayerRow } from '../roster/queries.ts';
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
type UpcomingInput = z.output<typeof rsvpUpcomingBody>;
/** An answer and its note (undefined: a note already given stays). */
type AnswerInput = { response: SubmitInput['response']; notes: string | null | undefined };

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
  links,
  now = () => new Date(),
}: {
  db: Db;
  config: Pick<Config, 'TEAM_TIME_ZONE'>;
  /** Checks an email's answer links (auth/signed-links.ts). */
  links: LinkSigner;
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
    input: AnswerInput,
  ): Promise<Rsvp[]> {
    await requireOpenEvent(access, event);
    const players = await playersToAnswerFor(db, access, playerIds, RSVP_MESSAGES);
    return store(access, event, players, input);
  }

  /** The one write of answers, once the event and the players are checked (a submit, an email's link). */
  async function store(
    access: TeamAccess,
    event: queries.EventRef,
    players: readonly PlayerRow[],
    input: AnswerInput,
  ): Promise<Rsvp[]> {
    const { user } = access;
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

  /**
   * What an email's answer link is for, checked as a signed-in answer would be
   * (docs/product/notifications.md 'Answer from the email'): a link tampered with, or whose person is
   * no longer in the team or no longer answers for the player, is 'This answer link is not valid.'
   * alike (nothing told of why); an expired link or a started event is closed; a cancelled one takes none.
   */
  async function linkTarget(token: string) {
    const claims = verifyRsvpAnswer(links, token);
    if (claims === 'expired') throw badRequest(RSVP_MESSAGES.closed);
    const invalid = () => badRequest(ANSWER_LINK_MESSAGES.invalid);
    if (!claims) throw invalid();
    const event = { type: claims.eventType, id: claims.eventId };
    const row = await queries.reminderEvent(db, event);
    const user = row && (await findUserById(db, claims.userId));
    if (!row || !user) throw invalid();
    // Still a member of the event's team (the link works for its person only while they are).
    const access = (await accessesOfMember(db, user)).find((candidate) => candidate.team.id === row.teamId);
    if (!access) throw invalid();
    let player: PlayerRow | undefined;
    try {
      [player] = await playersToAnswerFor(db, access, [claims.playerId], RSVP_MESSAGES);
    } catch (error) {
      if (error instanceof HttpError) throw invalid();
      throw error;
    }
    if (!player) throw invalid();
    if (row.cancelled) throw badRequest(ANSWER_LINK_MESSAGES.cancelled);
    const closed = rsvpClosedMessage(access.role, row, config.TEAM_TIME_ZONE, now());
    if (closed) throw badRequest(closed);
    return { claims, event, row, access, player };
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

    /**
     * 'Answer all upcoming' (docs/product/calendar-rsvp-and-feed.md 'Next up'): one player's same answer
     * to every event of the team that has not started and is not cancelled, in one transaction (all or
     * none). Answers already given are replaced; their notes stay. Events already started are left as
     * they are, for coaches too.
     */
    async answerUpcoming(access: TeamAccess, input: UpcomingInput): Promise<Rsvp[]> {
      const [player] = await playersToAnswerFor(db, access, [input.player_id], RSVP_MESSAGES);
      if (!player) throw notFound(RSVP_MESSAGES.playerNotFound);
      const teamId = access.team.id;
      const zone = config.TEAM_TIME_ZONE;
      const at = now();
      const today = todayIn(zone, at);
      const [games, tournamentGames, practices] = await Promise.all([
        queries.upcomingGames(db, teamId, today),
        queries.upcomingTournamentGames(db, teamId, today),
        queries.upcomingPractices(db, teamId, today),
      ]);
      const open = (event: RsvpWhen & { status: string }) =>
        event.status !== 'cancelled' && rsvpWindow(event, zone, at) === 'open';
      const ids = {
        game: games.filter((g) => open({ ...g, tournamentEndDate: null })).map((g) => g.id),
        tournament: tournamentGames.filter(open).map((g) => g.id),
        practice: practices.filter((p) => open({ ...p, tournamentEndDate: null })).map((p) => p.id),
      };
      let rows: queries.RsvpRow[];
      try {
        rows = await db.transaction(async (tx) => {
          const stored: queries.RsvpRow[] = [];
          for (const type of RSVP_EVENT_TYPES) {
            stored.push(
              ...(await queries.upsertPlayerAnswers(
                tx,
                teamId,
                player.id,
                type,
                ids[type],
                input.response,
                access.user.id,
              )),
            );
          }
          return stored;
        });
      } catch (error) {
        // An event or the player was deleted between the read and the write: nothing was stored.
        const broken = brokenReference(error);
        if (broken === undefined) throw error;
        throw notFound(
          broken === 'rsvps_player_team_fk' ? RSVP_MESSAGES.playerNotFound : RSVP_MESSAGES.eventNotFound,
        );
      }
      return rows.map((row) => toRsvp(row, player.name, access.user.name));
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

    /**
     * Coaches and admins: the events of the window (from today on by default) that take answers, with
     * counts and who has not answered.
     */
    overview(access: TeamAccess, query: OverviewQuery = {}) {
      requireCapability(access, 'view_rsvp_overview', RSVP_MESSAGES.coachesOnly);
      return overviewOf(db, access.team.id, config.TEAM_TIME_ZONE, now(), query);
    },

    /** GET /api/team-rsvp/answer-link: what the link would record; it records nothing. */
    async describeAnswerLink(token: string): Promise<AnswerLink> {
      const { claims, event, row, player } = await linkTarget(token);
      return {
        player_name: firstName(player.name),
        team_name: row.teamName,
        event_type: event.type,
        event_id: event.id,
        event_name: row.name,
        tournament_name: row.tournamentName,
        event_date: row.date,
        event_time: row.time,
        response: claims.response,
      };
    },

    /**
     * POST /api/team-rsvp/answer-link: records the link's answer as its person, through the same write
     * as a signed-in answer (a note already given stays).
     */
    async recordAnswerLink(token: string): Promise<{ detail: string }> {
      const { claims, event, access, player } = await linkTarget(token);
      await store(access, event, [player], { response: claims.response, notes: undefined });
      return { detail: ANSWER_LINK_MESSAGES.recorded(claims.response, firstName(player.name)) };
    },
  };
}

export type RsvpService = ReturnType<typeof createRsvpService>;
