import { and, asc, desc, eq, inArray, isNotNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { ModeratorFlag } from '../../../shared/permissions.ts';
import type { MemberRole, Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import {
  conversationParticipants,
  conversations,
  messages,
  parentContacts,
  players,
  teamMembers,
  teams,
  users,
} from '../../db/schema.ts';

// Every query names the team as well as the conversation or message: an id alone never reaches across
// teams. A list is read in a fixed number of statements (the caller's conversations with their unread
// count and newest message; every participant of those), never one per conversation.

/** How many characters of the newest message the list shows. */
export const PREVIEW_CHARS = 100;

export interface DirectoryRow {
  userId: number;
  name: string;
  /** The account's role ('admin' for a club admin). */
  userRole: Role;
  /** The membership of this team; null for a club admin who is not a member. */
  memberRole: MemberRole | null;
}

/** The team's members and every club admin: the people a conversation on this team may hold. */
export function directoryOfTeam(db: Db, teamId: number): Promise<DirectoryRow[]> {
  return db
    .select({
      userId: users.id,
      name: users.name,
      userRole: users.role,
      memberRole: teamMembers.role,
    })
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, teamId)))
    .where(or(isNotNull(teamMembers.id), eq(users.role, 'admin')))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Player account -> the linked parent accounts of that player on this team (members of the team as
 * parents), for the given player accounts, in one statement.
 */
export async function parentsOfPlayers(
  db: Db,
  teamId: number,
  playerUserIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (playerUserIds.length === 0) return result;
  const rows = await db
    .selectDistinct({ playerUserId: players.userId, parentUserId: parentContacts.userId })
    .from(players)
    .innerJoin(
      parentContacts,
      and(eq(parentContacts.playerId, players.id), eq(parentContacts.teamId, players.teamId)),
    )
    // Parents only: a contact email may belong to a sibling's (or the player's own) player account, and
    // a minor never stands in for a parent.
    .innerJoin(
      teamMembers,
      and(
        eq(teamMembers.userId, parentContacts.userId),
        eq(teamMembers.teamId, players.teamId),
        eq(teamMembers.role, 'parent'),
      ),
    )
    .innerJoin(users, and(eq(users.id, parentContacts.userId), ne(users.role, 'player')))
    .where(
      and(
        eq(players.teamId, teamId),
        inArray(players.userId, [...playerUserIds]),
        isNotNull(parentContacts.userId),
        ne(parentContacts.userId, players.userId),
      ),
    )
    .orderBy(asc(parentContacts.userId));
  for (const { playerUserId, parentUserId } of rows) {
    if (playerUserId === null || parentUserId === null) continue;
    result.set(playerUserId, [...(result.get(playerUserId) ?? []), parentUserId]);
  }
  return result;
}

/** The team of the conversation when the user takes part in it; undefined otherwise (or no such conversation). */
export async function teamOfParticipant(
  db: Db,
  conversationId: number,
  userId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: conversationParticipants.teamId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  return row?.teamId;
}

export interface ListedConversation {
  id: number;
  teamId: number;
  name: string | null;
  createdBy: number | null;
  noParentYet: boolean;
  lastMessageAt: Date | null;
  createdAt: Date;
  unreadCount: number;
  preview: string | null;
}

export interface ParticipantRow {
  conversationId: number;
  userId: number;
  name: string;
  email: string;
  userRole: Role;
  memberRole: MemberRole | null;
  /** Moderator flags on the team (none for a non-member). */
  permissions: ModeratorFlag[] | null;
  addedForSafety: boolean;
}

/** A team, user or conversation id: a value, or the placeholder of a prepared statement. */
type Id = number | Placeholder;

/** What the list shows of each of the user's conversations: unread count and newest message too. */
const listedFields = {
  id: conversations.id,
  teamId: conversations.teamId,
  name: conversations.name,
  createdBy: conversations.createdBy,
  noParentYet: conversations.noParentYet,
  lastMessageAt: conversations.lastMessageAt,
  createdAt: conversations.createdAt,
  unreadCount: conversationParticipants.unreadCount,
  preview: sql<string | null>`(
    select left(m.content, ${sql.raw(String(PREVIEW_CHARS))}) from ${messages} m
    where m.conversation_id = ${conversations.id} and m.team_id = ${conversations.teamId}
    order by m.created_at desc, m.id desc limit 1)`,
};
const joinedConversation = and(
  eq(conversations.id, conversationParticipants.conversationId),
  eq(conversations.teamId, conversationParticipants.teamId),
);
/** The user's conversations on the team (or one of them). */
const usersConversations = (teamId: Id, userId: Id, conversationId?: Id) =>
  and(
    eq(conversationParticipants.userId, userId),
    eq(conversationParticipants.teamId, teamId),
    conversationId === undefined ? undefined : eq(conversations.id, conversationId),
  );
/** Newest activity first. */
const byActivity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc, ${conversations.id} desc`;

const participantFields = {
  conversationId: conversationParticipants.conversationId,
  userId: users.id,
  name: users.name,
  email: users.email,
  userRole: users.role,
  memberRole: teamMembers.role,
  permissions: teamMembers.permissions,
  addedForSafety: conversationParticipants.addedForSafety,
};
const participantUser = eq(users.id, conversationParticipants.userId);
const membershipOn = (teamId: Id) => and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, teamId));
/** Every participant of the user's conversations on the team (or of one). */
function participantsOfUsers(db: Db, teamId: Id, userId: Id, conversationId?: Id) {
  const mine = db
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.userId, userId), eq(conversationParticipants.teamId, teamId)));
  return and(
    eq(conversationParticipants.teamId, teamId),
    conversationId === undefined
      ? inArray(conversationParticipants.conversationId, mine)
      : eq(conversationParticipants.conversationId, conversationId),
  );
}
/** By conversation, then name. */
const byConversationAndName = sql`${conversationParticipants.conversationId}, ${users.name}, ${users.id}`;

const packedConversations = pack(listedFields, byActivity);
const packedParticipants = pack(participantFields, byConversationAndName);
const params = {
  team: sql.placeholder('teamId'),
  user: sql.placeholder('userId'),
  conversation: sql.placeholder('conversationId'),
};
/** The list (`one` false) or one conversation of it, prepared once each per handle. */
const conversationList = (one: boolean) =>
  preparedPerHandle((db) => {
    const conversationId = one ? params.conversation : undefined;
    return db
      .select({
        conversations: sql<string>`${db
          .select({ rows: packedConversations.value })
          .from(conversationParticipants)
          .innerJoin(conversations, joinedConversation)
          .where(usersConversations(params.team, params.user, conversationId))}`,
        participants: sql<string>`${db
          .select({ rows: packedParticipants.value })
          .from(conversationParticipants)
          .innerJoin(users, participantUser)
          .leftJoin(teamMembers, membershipOn(params.team))
          .where(participantsOfUsers(db, params.team, params.user, conversationId))}`,
        memberCount: sql<number>`${db
          .select({ count: sql<number>`count(*)::int` })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, params.team))}`,
      })
      .from(teams)
      .where(eq(teams.id, params.team))
      .prepare(one ? 'conversation_one' : 'conversation_list');
  });
const listOfConversations = conversationList(false);
const oneConversation = conversationList(true);

/**
 * The user's conversations on the team (or one of them), newest activity first, every participant of
 * them (by conversation, then name) and how many members the team has: one statement, whatever their
 * number (db/packed-rows.ts).
 */
export async function conversationsOfUser(
  db: Db,
  teamId: number,
  userId: number,
  conversationId?: number,
): Promise<{ conversations: ListedConversation[]; participants: ParticipantRow[]; memberCount: number }> {
  const [row] =
    conversationId === undefined
      ? await listOfConversations(db).execute({ teamId, userId })
      : await oneConversation(db).execute({ teamId, userId, conversationId });
  return {
    conversations: packedConversations.unpack(row?.conversations ?? null),
    participants: packedParticipants.unpack(row?.participants ?? null),
    memberCount: Number(row?.memberCount ?? 0),
  };
}

/** Every participant of the user's conversations on the team (or of one), with names, in one statement. */
export function participantsOfUsersConversations(
  db: Db,
  teamId: number,
  userId: number,
  conversationId?: number,
): Promise<ParticipantRow[]> {
  return db
    .select(participantFields)
    .from(conversationParticipants)
    .innerJoin(users, participantUser)
    .leftJoin(teamMembers, membershipOn(teamId))
    .where(participantsOfUsers(db, teamId, userId, conversationId))
    .orderBy(byConversationAndName);
}

export async function insertConversation(
  db: Db,
  values: { teamId: number; name: string | null; createdBy: number; noParentYet: boolean },
): Promise<number> {
  const [row] = await db.insert(conversations).values(values).returning({ id: conversations.id });
  if (!row) throw new Error('The conversation was not stored');
  return row.id;
}

export async function insertParticipants(
  db: Db,
  teamId: number,
  conversationId: number,
  people: readonly { userId: number; addedForSafety: boolean }[],
): Promise<void> {
  await db
    .insert(conversationParticipants)
    .values(
      people.map((p) => ({ conversationId, teamId, userId: p.userId, addedForSafety: p.addedForSafety })),
    )
    // Applying the child-safe rule again may meet someone already there (who left and came back).
    .onConflictDoNothing();
}

/** Who started the conversation (null once their account is gone) and whether no parent is copied yet. */
export async function conversationFacts(
  db: Db,
  teamId: number,
  conversationId: number,
): Promise<{ createdBy: number | null; noParentYet: boolean } | undefined> {
  const [row] = await db
    .select({ createdBy: conversations.createdBy, noParentYet: conversations.noParentYet })
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.id, conversationId)));
  return row;
}

/** Marks that the child-safe rule brought coaches for want of a parent. */
export async function setNoParentYet(db: Db, teamId: number, conversationId: number): Promise<void> {
  await db
    .update(conversations)
    .set({ noParentYet: true })
    .where(
      and(
        eq(conversations.teamId, teamId),
        eq(conversations.id, conversationId),
        eq(conversations.noParentYet, false),
      ),
    );
}

export interface MessageRow {
  id: number;
  conversationId: number;
  senderId: number | null;
  senderName: string | null;
  senderEmail: string | null;
  content: string;
  idempotencyKey: string | null;
  createdAt: Date;
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderName: users.name,
  senderEmail: users.email,
  content: messages.content,
  idempotencyKey: messages.idempotencyKey,
  createdAt: messages.createdAt,
};

const packedMessages = pack(messageColumns, sql`${messages.createdAt}, ${messages.id}`);
const threadPage = preparedPerHandle((db) => {
  const ofThread = and(
    eq(messages.teamId, sql.placeholder('teamId')),
    eq(messages.conversationId, sql.placeholder('conversationId')),
  );
  const newest = db
    .select({ id: messages.id })
    .from(messages)
    .where(ofThread)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'));
  return db
    .select({ rows: packedMessages.value })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(ofThread, inArray(messages.id, newest)))
    .prepare('thread_page');
});

/**
 * The newest `limit` messages of the conversation, oldest first: one prepared statement (db/prepared.ts)
 * that sends them packed in one row (db/packed-rows.ts).
 */
export async function messagesOfConversation(
  db: Db,
  teamId: number,
  conversationId: number,
  limit: number,
): Promise<MessageRow[]> {
  const [row] = await threadPage(db).execute({ teamId, conversationId, limit });
  return packedMessages.unpack(row?.rows ?? null);
}

/** The message the sender already stored under this Idempotency-Key, if any. */
export async function messageByKey(
  db: Db,
  senderId: number,
  idempotencyKey: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertMessage(
  db: Db,
  values: {
    teamId: number;
    conversationId: number;
    senderId: number;
    content: string;
    idempotencyKey: string | null;
  },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!row) throw new Error('The message was not stored');
  return row;
}

/**
 * Marks the conversation read for the user: unread 0, last read now. Writes only when something changes
 * (unread messages, or a message newer than the last read), since every write grows the team's data
 * version and tells the live streams. True when a row changed.
 */
export async function markRead(
  db: Db,
  teamId: number,
  conversationId: number,
  userId: number,
): Promise<boolean> {
  const cp = conversationParticipants;
  // The team row first, as a new message takes it (its data_version) before the participants' rows:
  // taking them the other way round, a send and a mark-read at once deadlock on PostgreSQL.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from teams where id = ${teamId} for no key update`);
    const rows = await tx
      .update(cp)
      .set({ unreadCount: 0, lastReadAt: sql`now()` })
      .where(
        and(
          eq(cp.teamId, teamId),
          eq(cp.conversationId, conversationId),
          eq(cp.userId, userId),
          or(
            sql`${cp.unreadCount} > 0`,
            sql`exists (select 1 from ${conversations} c
            where c.id = ${conversationId} and c.team_id = ${teamId} and c.last_message_at is not null
              and (${cp.lastReadAt} is null or ${cp.lastReadAt} < c.last_message_at))`,
          ),
        ),
      )
      .returning({ conversationId: cp.conversationId });
    return rows.length > 0;
  });
}

/** The user's unread messages over all their conversations on the team, in one statement. */
export async function unreadOfUser(db: Db, teamId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)::int` })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.userId, userId), eq(conversationParticipants.teamId, teamId)));
  return row?.total ?? 0;
}
