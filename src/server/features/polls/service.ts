import type { z } from 'zod';
import type {
  EligiblePlayer,
  Poll,
  PollList,
  pollBody,
  PollVote,
  voteBody,
} from '../../../shared/api/polls.ts';
import { isArchived, POLL_MESSAGES, remapOptions, sameOption, voteCounts } from '../../../shared/polls.ts';
import { hasCapability } from '../../../shared/permissions.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { sqlState } from '../../db/errors.ts';
import { countHit } from '../../db/rate-counter.ts';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../http-error.ts';
import { requireVerifiedSender } from '../auth/verified-sender.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { answeringReadsContacts, playersAnsweredAmong, playersToAnswerFor } from '../roster/answering.ts';
import type { ContactRow, PlayerRow } from '../roster/queries.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import { pollNotice } from './notice.ts';
import * as queries from './queries.ts';

// Team polls (docs/product/polls.md 'Fields and rules', 'Poll email'; docs/decisions/019).
// Creating needs make_announcements, and tells every other member with a poll_new notification written
// with the poll (notice.ts; the notification sender emails it). Editing and deleting are for the
// author, who must still be a coach, an admin or hold make_announcements. A vote names a player: the
// caller may vote for exactly the players they answer for (roster/answering.ts, as for RSVPs). A player
// has one vote per poll and the last counts: anyone who answers for the player may change it until the
// poll expires, a parent a vote a coach cast too (docs/decisions/046); a coach's or admin's vote is
// marked so ('answered by {coach}'). The routes find a poll's team first (teamOf), so a poll of a team the caller is not
// in is 'Poll not found', whether it exists or not.

const HOUR_MS = 60 * 60 * 1000;

type PollInput = z.output<typeof pollBody>;
type VoteInput = z.output<typeof voteBody>;

interface Eligibility {
  /** Coaches and admins see every vote; others only their own players' votes. */
  seesAllVotes: boolean;
  /** Active players the caller may vote for, by id. */
  eligible: Map<number, EligiblePlayer>;
}

export function createPollService({
  db,
  config,
}: {
  db: Db;
  config: Pick<Config, 'POLL_LIMIT_PER_AUTHOR_PER_HOUR'>;
}) {
  /** Who sees which votes and votes for whom, from the team's players and contacts the view read. */
  function eligibilityOf(
    access: TeamAccess,
    rows: readonly PlayerRow[],
    contacts: readonly ContactRow[],
  ): Eligibility {
    const players = playersAnsweredAmong(access, rows, contacts);
    return {
      seesAllVotes: hasCapability(access, 'view_all_votes'),
      eligible: new Map(players.map((p) => [p.id, { id: p.id, name: p.name }])),
    };
  }

  function toPoll(
    access: TeamAccess,
    who: Eligibility,
    row: queries.PollWithAuthor,
    votes: readonly queries.VoteRow[],
    now: Date,
  ): Poll {
    const mine = votes.filter((v) => v.voterId === access.user.id);
    const latest = mine.reduce<queries.VoteRow | undefined>(
      (last, v) => (!last || v.createdAt >= last.createdAt ? v : last),
      undefined,
    );
    const votedPlayerIds = votes.filter((v) => who.eligible.has(v.playerId)).map((v) => v.playerId);
    const shown = who.seesAllVotes ? votes : votes.filter((v) => who.eligible.has(v.playerId));
    return {
      id: row.id,
      team_id: row.teamId,
      question: row.question,
      options: row.options,
      expires_at: row.expiresAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      author_id: row.authorId,
      author_name: row.authorName,
      total_votes: votes.length,
      vote_counts: voteCounts(
        row.options.length,
        votes.map((v) => ({ option_index: v.optionIndex })),
      ),
      user_vote: latest?.optionIndex ?? null,
      // A parent or player has voted when their player has; a coach or admin, who may answer for every
      // player, only when they voted themselves ('You have voted' would otherwise follow any parent's vote).
      has_voted: mine.length > 0 || (!who.seesAllVotes && votedPlayerIds.length > 0),
      voted_player_ids: votedPlayerIds.sort((a, b) => a - b),
      is_archived: isArchived(row.expiresAt, now),
      can_manage: row.authorId === access.user.id && hasCapability(access, 'make_announcements'),
      user_votes: shown.map((v): PollVote => ({
        player_id: v.playerId,
        player_name: v.playerName,
        option_text: row.options[v.optionIndex] ?? '',
        voter_name: v.voterName,
        option_index: v.optionIndex,
        answered_by: v.votedAsStaff ? (v.voterName ?? POLL_MESSAGES.aCoach) : null,
      })),
    };
  }

  /** The polls (all of the team, or one) as the caller sees them, in one statement whatever their number. */
  async function view(access: TeamAccess, pollId?: number): Promise<PollList> {
    const {
      polls: rows,
      votes,
      players,
      contacts,
    } = await queries.pollView(db, access.team.id, pollId, answeringReadsContacts(access));
    const who = eligibilityOf(access, players, contacts);
    const byPoll = new Map<number, queries.VoteRow[]>();
    for (const vote of votes) byPoll.set(vote.pollId, [...(byPoll.get(vote.pollId) ?? []), vote]);
    const now = new Date();
    return {
      polls: rows.map((row) => toPoll(access, who, row, byPoll.get(row.id) ?? [], now)),
      eligible_players: [...who.eligible.values()],
      role: access.role,
    };
  }

  async function one(access: TeamAccess, pollId: number): Promise<Poll> {
    const [poll] = (await view(access, pollId)).polls;
    if (!poll) throw notFound(POLL_MESSAGES.notFound);
    return poll;
  }

  /** Edit and delete: the author, who must still be a coach, an admin or hold make_announcements. */
  async function requireAuthor(access: TeamAccess, pollId: number): Promise<void> {
    const [row] = await queries.pollsOfTeam(db, access.team.id, pollId);
    if (!row) throw notFound(POLL_MESSAGES.notFound);
    if (row.authorId !== access.user.id) throw forbidden(POLL_MESSAGES.authorOnly);
    requireCapability(access, 'make_announcements');
  }

  return {
    /** The scope's `teamOf` for a route naming a poll (undefined: 'Poll not found'). */
    teamOf: (pollId: number) => queries.teamOfPoll(db, pollId),

    list: (access: TeamAccess): Promise<PollList> => view(access),

    async create(access: TeamAccess, input: PollInput): Promise<Poll> {
      const { user } = access;
      requireCapability(access, 'make_announcements');
      // Each poll emails the team: only from an account with a confirmed email (docs/decisions/007).
      requireVerifiedSender(user);
      // A poll made already expired would be emailed to everyone and refuse every vote.
      if (isArchived(input.expires_at)) throw badRequest(POLL_MESSAGES.expiryPast);
      // Each poll emails the whole team: an hourly allowance per author, counted before the write so a
      // refused one is counted too (docs/product/polls.md).
      const hit = await countHit(db, `poll:author:${user.id}`, HOUR_MS);
      if (hit.count > config.POLL_LIMIT_PER_AUTHOR_PER_HOUR) {
        throw tooMany(POLL_MESSAGES.tooMany, hit.ttlMs / 1000);
      }
      const { team } = access;
      const row = await db.transaction(async (tx) => {
        const poll = await queries.insertPoll(tx, team.id, user.id, {
          question: input.question,
          options: input.options,
          expiresAt: input.expires_at,
        });
        await notifyTeam(tx, { teamId: team.id, actorId: user.id, ...pollNotice(team.name, poll) });
        return poll;
      });
      return one(access, row.id);
    },

    async update(access: TeamAccess, pollId: number, input: PollInput): Promise<Poll> {
      await requireAuthor(access, pollId);
      await db.transaction(async (tx) => {
        const current = await queries.lockPoll(tx, access.team.id, pollId, 'update');
        if (!current) throw notFound(POLL_MESSAGES.notFound);
        // A past expiry is refused unless it is the one stored (an expired poll edited, expiry untouched).
        if (
          input.expires_at !== null &&
          isArchived(input.expires_at) &&
          input.expires_at.getTime() !== current.expiresAt?.getTime()
        ) {
          throw badRequest(POLL_MESSAGES.expiryPast);
        }
        await queries.remapVotes(tx, access.team.id, pollId, remapOptions(current.options, input.options));
        await queries.updatePoll(tx, access.team.id, pollId, {
          question: input.question,
          options: input.options,
          expiresAt: input.expires_at,
        });
      });
      return one(access, pollId);
    },

    async remove(access: TeamAccess, pollId: number): Promise<{ message: string }> {
      await requireAuthor(access, pollId);
      if (!(await queries.deletePoll(db, access.team.id, pollId))) throw notFound(POLL_MESSAGES.notFound);
      return { message: POLL_MESSAGES.deleted };
    },

    async vote(access: TeamAccess, pollId: number, input: VoteInput): Promise<Poll> {
      const teamId = access.team.id;
      const [player] = await playersToAnswerFor(db, access, [input.player_id], POLL_MESSAGES);
      if (!player) throw notFound(POLL_MESSAGES.playerNotFound);
      try {
        await db.transaction(async (tx) => {
          // Shared lock: an edit of the options waits for the vote, and the vote sees the edited options.
          const poll = await queries.lockPoll(tx, teamId, pollId, 'share');
          if (!poll) throw notFound(POLL_MESSAGES.notFound);
          if (isArchived(poll.expiresAt)) throw badRequest(POLL_MESSAGES.expired);
          if (input.option_index >= poll.options.length) throw badRequest(POLL_MESSAGES.optionOutOfRange);
          // The options were edited since the voter loaded them: the index may name another option now.
          // Only a client that sends the text it showed can be told so; the spec's body has none.
          if (
            typeof input.option_text === 'string' &&
            !sameOption(poll.options[input.option_index] ?? '', input.option_text)
          ) {
            throw conflict(POLL_MESSAGES.pollChanged);
          }
          await queries.upsertVote(tx, {
            teamId,
            pollId,
            playerId: player.id,
            optionIndex: input.option_index,
            voterId: access.user.id,
            // Answered as the team's staff, who answer for every player ('a coach' on the answer).
            votedAsStaff: hasCapability(access, 'answer_for_all_players'),
          });
        });
      } catch (error) {
        // The poll or the player was deleted between the checks and the write.
        if (sqlState(error) === '23503') throw notFound(POLL_MESSAGES.notFound);
        throw error;
      }
      return one(access, pollId);
    },
  };
}

export type PollService = ReturnType<typeof createPollService>;
