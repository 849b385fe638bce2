import { and, desc, eq, notInArray, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { players, pollVotes, polls, teams, users } from '../../db/schema.ts';
import {
  type ContactRow,
  contactsOfTeamPacked,
  type PlayerRow,
  playersOfTeamPacked,
} from '../roster/queries.ts';

// Every query names the team as well as the poll: a poll, vote or player id alone never reaches across
// teams. A list is read in one statement (its polls, every vote of them, and the team's players and
// contacts the votes' eligibility reads), never one per poll.

export type PollRow = typeof polls.$inferSelect;
export type PollWithAuthor = PollRow & { authorName: string | null };

export interface VoteRow {
  pollId: number;
  playerId: number;
  playerName: string;
  optionIndex: number;
  voterId: number | null;
  voterName: string | null;
  votedAsStaff: boolean;
  createdAt: Date;
  id: number;
}

const pollColumns = {
  id: polls.id,
  teamId: polls.teamId,
  authorId: polls.authorId,
  question: polls.question,
  options: polls.options,
  expiresAt: polls.expiresAt,
  createdAt: polls.createdAt,
  updatedAt: polls.updatedAt,
  authorName: users.name,
};

/** The team's polls, newest first, with their authors' names. */
export function pollsOfTeam(db: Db, teamId: number, pollId?: number): Promise<PollWithAuthor[]> {
  return db
    .select(pollColumns)
    .from(polls)
    .leftJoin(users, eq(users.id, polls.authorId))
    .where(and(eq(polls.teamId, teamId), pollId === undefined ? undefined : eq(polls.id, pollId)))
    .orderBy(desc(polls.createdAt), desc(polls.id));
}

const voteColumns = {
  id: pollVotes.id,
  pollId: pollVotes.pollId,
  playerId: pollVotes.playerId,
  playerName: players.name,
  optionIndex: pollVotes.optionIndex,
  voterId: pollVotes.voterId,
  voterName: users.name,
  votedAsStaff: pollVotes.votedAsStaff,
  createdAt: pollVotes.createdAt,
};

const packedPolls = pack(pollColumns, sql`${polls.createdAt} desc, ${polls.id} desc`);
const packedVotes = pack(voteColumns, sql`${pollVotes.createdAt}, ${pollVotes.id}`);

/**
 * A poll list's one statement: the team's polls (or one of them) newest first with their authors'
 * names, every vote of them oldest first with player and voter names, the team's players, and its
 * contacts when `withContacts` (who a parent answers for reads them). Each list is packed
 * (db/packed-rows.ts); each names the team in its WHERE clause. `team` and `poll` are numbers or the
 * prepared statement's placeholders.
 */
function pollViewSelect(
  db: Db,
  team: number | Placeholder,
  poll: number | Placeholder | undefined,
  withContacts: boolean,
) {
  return db
    .select({
      polls: sql<string>`${db
        .select({ rows: packedPolls.value })
        .from(polls)
        .leftJoin(users, eq(users.id, polls.authorId))
        .where(and(eq(polls.teamId, team), poll === undefined ? undefined : eq(polls.id, poll)))}`,
      votes: sql<string>`${db
        .select({ rows: packedVotes.value })
        .from(pollVotes)
        .innerJoin(players, and(eq(players.id, pollVotes.playerId), eq(players.teamId, pollVotes.teamId)))
        .leftJoin(users, eq(users.id, pollVotes.voterId))
        .where(
          and(eq(pollVotes.teamId, team), poll === undefined ? undefined : eq(pollVotes.pollId, poll)),
        )}`,
      players: sql<string>`${playersOfTeamPacked.value(db, team)}`,
      contacts: withContacts
        ? sql<string>`${contactsOfTeamPacked.value(db, team)}`
        : sql<string | null>`null`,
    })
    .from(teams)
    .where(eq(teams.id, team));
}

const teamParam = sql.placeholder('teamId');
const pollListStatements = {
  withContacts: preparedPerHandle((db) =>
    pollViewSelect(db, teamParam, undefined, true).prepare('poll_list_with_contacts'),
  ),
  withoutContacts: preparedPerHandle((db) =>
    pollViewSelect(db, teamParam, undefined, false).prepare('poll_list'),
  ),
};

/**
 * The team's polls (all, or the one of `pollId`) with their votes, players and (when `withContacts`)
 * contacts, in one round trip: the list's read is a prepared statement, one poll's is built each time.
 */
export async function pollView(
  db: Db,
  teamId: number,
  pollId: number | undefined,
  withContacts: boolean,
): Promise<{ polls: PollWithAuthor[]; votes: VoteRow[]; players: PlayerRow[]; contacts: ContactRow[] }> {
  // The rows' types are declared here: a left-joined author or voter may be gone (a null name).
  const [row] =
    pollId === undefined
      ? await pollListStatements[withContacts ? 'withContacts' : 'withoutContacts'](db).execute({ teamId })
      : await pollViewSelect(db, teamId, pollId, withContacts);
  return {
    polls: packedPolls.unpack(row?.polls ?? null),
    votes: packedVotes.unpack(row?.votes ?? null),
    players: playersOfTeamPacked.unpack(row?.players ?? null),
    contacts: contactsOfTeamPacked.unpack(row?.contacts ?? null),
  };
}

/** The team of the poll, before anything else is read; undefined when there is no such poll. */
export async function teamOfPoll(db: Db, pollId: number): Promise<number | undefined> {
  const [row] = await db.select({ teamId: polls.teamId }).from(polls).where(eq(polls.id, pollId));
  return row?.teamId;
}

/** The poll, its row locked for the rest of the transaction ('share' for a vote, 'update' for an edit). */
export async function lockPoll(
  db: Db,
  teamId: number,
  pollId: number,
  strength: 'share' | 'update',
): Promise<PollRow | undefined> {
  const [row] = await db
    .select()
    .from(polls)
    .where(and(eq(polls.teamId, teamId), eq(polls.id, pollId)))
    .for(strength === 'share' ? 'share' : 'update');
  return row;
}

export interface PollValues {
  question: string;
  options: string[];
  expiresAt: Date | null;
}

export async function insertPoll(
  db: Db,
  teamId: number,
  authorId: number,
  values: PollValues,
): Promise<PollRow> {
  const [row] = await db
    .insert(polls)
    .values({ teamId, authorId, ...values })
    .returning();
  if (!row) throw new Error('The poll was not stored');
  return row;
}

export async function updatePoll(db: Db, teamId: number, pollId: number, values: PollValues): Promise<void> {
  await db
    .update(polls)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(polls.teamId, teamId), eq(polls.id, pollId)));
}

/**
 * Moves the poll's votes to their options' new indexes (`mapping[old]`), dropping the votes of options
 * that no longer exist (null), in two statements whatever the number of votes.
 */
export async function remapVotes(
  db: Db,
  teamId: number,
  pollId: number,
  mapping: readonly (number | null)[],
): Promise<void> {
  const scope = and(eq(pollVotes.teamId, teamId), eq(pollVotes.pollId, pollId));
  const kept = mapping.flatMap((to, from) => (to === null ? [] : [[from, to] as const]));
  const keptFrom = kept.map(([from]) => from);
  await db
    .delete(pollVotes)
    .where(keptFrom.length === 0 ? scope : and(scope, notInArray(pollVotes.optionIndex, keptFrom)));
  const moved = kept.filter(([from, to]) => from !== to);
  if (moved.length === 0) return;
  const cases = sql.join(
    moved.map(([from, to]) => sql`when ${from}::int then ${to}::int`),
    sql` `,
  );
  await db
    .update(pollVotes)
    .set({ optionIndex: sql`case ${pollVotes.optionIndex} ${cases} else ${pollVotes.optionIndex} end` })
    .where(scope);
}

export async function deletePoll(db: Db, teamId: number, pollId: number): Promise<boolean> {
  const rows = await db
    .delete(polls)
    .where(and(eq(polls.teamId, teamId), eq(polls.id, pollId)))
    .returning({ id: polls.id });
  return rows.length > 0;
}

/**
 * Stores the player's vote in this poll, replacing the one before (one vote per player, the last
 * counts): its option, its voter, whether a coach or an admin cast it, and the time of this cast.
 */
export async function upsertVote(
  db: Db,
  vote: {
    teamId: number;
    pollId: number;
    playerId: number;
    optionIndex: number;
    voterId: number;
    votedAsStaff: boolean;
  },
): Promise<void> {
  await db
    .insert(pollVotes)
    .values(vote)
    .onConflictDoUpdate({
      target: [pollVotes.pollId, pollVotes.playerId],
      set: {
        optionIndex: vote.optionIndex,
        voterId: vote.voterId,
        votedAsStaff: vote.votedAsStaff,
        createdAt: sql`now()`,
      },
      // The team in the WHERE clause of the replaced row too, as every query by id has it.
      setWhere: eq(pollVotes.teamId, vote.teamId),
    });
}
