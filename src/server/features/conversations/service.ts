import type { z } from 'zod';
import type {
  Conversation,
  conversationCreateBody,
  Message,
  messageBody,
  Participant,
  Recipient,
} from '../../../shared/api/conversations.ts';
import {
  canMessage,
  childrenAmong,
  childSafeAdditions,
  conversationTitle,
  conversationTypeOf,
  MESSAGE_LIMITS,
  MESSAGING_MESSAGES,
  maySend,
  PARTICIPANT_GROUPS,
  type Sender,
} from '../../../shared/conversations.ts';
import { hasCapability, holderOnTeam } from '../../../shared/permissions.ts';
import { type Role, roleOnTeam as teamRole } from '../../../shared/roles.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import { spendWriteAllowance } from '../../write-limits.ts';
import type { UserRow } from '../auth/queries.ts';
import type { TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { scheduleUnreadCheck } from './unread-email.ts';

// Conversations and messages (docs/product/conversations.md 'Conversations and messages', 'Child-safe
// messaging', docs/product/roster-and-parents.md 'Who sees what'; docs/decisions/020). Who may message
// whom is the shared canMessage, decided here and nowhere else, on creation and again for every message
// (maySend); the child-safe rule adds parents (or coaches, or the club's admins) on creation and before
// every message; unread counts are kept by a trigger on message insert (migration 0014). A conversation
// the caller does not take part in is 'Conversation not found', whether it exists or not.

type CreateInput = z.output<typeof conversationCreateBody>;
type MessageInput = z.output<typeof messageBody>;

/** The role a person has on the team: 'admin' for a club admin, else their membership's role. */
function roleOnTeam(person: { userRole: Role; memberRole: Role | null }): Role {
  return teamRole(person.userRole, person.memberRole);
}

/**
 * Emails of other people only for coaches and admins (docs/product/roster-and-parents.md 'Who sees
 * what'); one's own always.
 */
function emailFor(access: TeamAccess, userId: number | null, email: string | null): string {
  if (email === null) return '';
  return userId === access.user.id || hasCapability(access, 'view_member_emails') ? email : '';
}

/**
 * Whom the child-safe rule may bring for want of a parent: the team's coaches (members as coach) and,
 * when they are not a second adult, the club's admins (the directory holds every one of them).
 */
function standIns(directory: readonly queries.DirectoryRow[]) {
  // Whom to bring, by who they are: what anyone may do is decided by canMessage and the capabilities.
  return {
    coachIds: directory
      // eslint-disable-next-line no-restricted-syntax -- picks the people to copy, decides no permission
      .filter((row) => row.userRole !== 'admin' && row.memberRole === 'coach')
      .map((row) => row.userId),
    // eslint-disable-next-line no-restricted-syntax -- picks the people to copy, decides no permission
    adminIds: directory.filter((row) => row.userRole === 'admin').map((row) => row.userId),
  };
}

function canSendMessages(access: TeamAccess): boolean {
  return hasCapability(access, 'send_messages');
}

/**
 * A participant as the messaging rule sees them (docs/product/conversations.md 'Who may message whom'):
 * their role on the team and whether they hold send_messages, by the rule the caller's own is decided by.
 */
function asSender(person: queries.ParticipantRow): Sender {
  const holder = holderOnTeam({
    accountRole: person.userRole,
    memberRole: person.memberRole,
    flags: person.permissions ?? [],
  });
  return {
    user_id: person.userId,
    role: roleOnTeam(person),
    canSendMessages: hasCapability(holder, 'send_messages'),
  };
}

function toMessage(access: TeamAccess, row: queries.MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    sender:
      row.senderId === null || row.senderName === null
        ? null
        : { name: row.senderName, email: emailFor(access, row.senderId, row.senderEmail) },
    content: row.content,
    timestamp: row.createdAt.toISOString(),
  };
}

/** How many (conversation, participant) -> team answers a process keeps. */
const PARTICIPANT_TEAMS_KEPT = 50_000;

export function createConversationService({
  db,
  config,
}: {
  db: Db;
  config: Pick<
    Config,
    'CONVERSATION_LIMIT_PER_USER_PER_HOUR' | 'MESSAGE_LIMIT_PER_USER_PER_HOUR' | 'MESSAGE_EMAIL_DELAY_MINUTES'
  >;
}) {
  const participantTeams = new Map<string, number>();
  /** The caller's conversations on the team (or one), in one statement whatever their number. */
  async function view(access: TeamAccess, conversationId?: number): Promise<Conversation[]> {
    const teamId = access.team.id;
    const userId = access.user.id;
    const {
      conversations: rows,
      participants: people,
      memberCount: teamMemberCount,
    } = await queries.conversationsOfUser(db, teamId, userId, conversationId);
    const byConversation = new Map<number, queries.ParticipantRow[]>();
    for (const person of people) {
      byConversation.set(person.conversationId, [
        ...(byConversation.get(person.conversationId) ?? []),
        person,
      ]);
    }
    return rows.map((row): Conversation => {
      const members = byConversation.get(row.id) ?? [];
      const participants = members.map((p): Participant => ({
        user_id: p.userId,
        role: roleOnTeam(p),
        user: { id: p.userId, name: p.name, email: emailFor(access, p.userId, p.email) },
        added_for_safety: p.addedForSafety,
      }));
      const type = conversationTypeOf(members.length);
      return {
        id: row.id,
        team_id: row.teamId,
        name: row.name,
        title: conversationTitle({
          name: row.name,
          viewerId: userId,
          participants: participants.map((p) => ({ user_id: p.user_id, name: p.user.name })),
          teamMemberCount,
          memberParticipantCount: members.filter((p) => p.memberRole !== null).length,
        }),
        conversation_type: type,
        is_group: type === 'group',
        unread_count: row.unreadCount,
        last_message_at: row.lastMessageAt?.toISOString() ?? null,
        last_message_preview: row.preview,
        created_at: row.createdAt.toISOString(),
        created_by: row.createdBy,
        participants,
        no_parent_yet: row.noParentYet,
      };
    });
  }

  async function one(access: TeamAccess, conversationId: number): Promise<Conversation> {
    const [conversation] = await view(access, conversationId);
    if (!conversation) throw notFound(MESSAGING_MESSAGES.conversationNotFound);
    return conversation;
  }

  /**
   * Before every message, the rules applied again to who is in the conversation now (people who left
   * the team no longer count): the messaging rule, so a flag revoked since stops counting (`maySend`);
   * then the child-safe rule, so a parent who left is replaced by the coaches (or the club's admins), a
   * parent who joined since is added, and no message goes to an adult alone with a player.
   */
  async function beforeMessage(access: TeamAccess, conversationId: number): Promise<void> {
    const teamId = access.team.id;
    const [people, facts] = await Promise.all([
      queries.participantsOfUsersConversations(db, teamId, access.user.id, conversationId),
      queries.conversationFacts(db, teamId, conversationId),
    ]);
    if (!facts) throw notFound(MESSAGING_MESSAGES.conversationNotFound);
    // Who is on the team now (a club admin is on every team): people, not a permission.
    // eslint-disable-next-line no-restricted-syntax -- membership of the conversation's people
    const onTeam = people.filter((p) => p.memberRole !== null || p.userRole === 'admin');
    const present = onTeam.map((p) => ({ user_id: p.userId, role: roleOnTeam(p) }));

    const starterRow = onTeam.find((p) => p.userId === facts.createdBy);
    const allowed = maySend({
      sender: { user_id: access.user.id, role: access.role, canSendMessages: canSendMessages(access) },
      starter: starterRow ? asSender(starterRow) : null,
      chosen: onTeam
        .filter((p) => !p.addedForSafety)
        .map((p) => ({ user_id: p.userId, role: roleOnTeam(p) })),
    });
    if (!allowed) throw forbidden(MESSAGING_MESSAGES.sendNotAllowed);

    const playerIds = childrenAmong(present);
    if (playerIds.length === 0) return;
    const [parentsOfPlayer, directory] = await Promise.all([
      queries.parentsOfPlayers(db, teamId, playerIds),
      queries.directoryOfTeam(db, teamId),
    ]);
    const safety = childSafeAdditions({ participants: present, parentsOfPlayer, ...standIns(directory) });
    if (safety.blocked) throw forbidden(MESSAGING_MESSAGES.noSecondAdult);
    const inIt = new Set(people.map((p) => p.userId));
    const missing = safety.added.filter((id) => !inIt.has(id));
    const mark = safety.noParentYet && !facts.noParentYet;
    if (missing.length === 0 && !mark) return;
    await db.transaction(async (tx) => {
      if (missing.length > 0) {
        await queries.insertParticipants(
          tx,
          teamId,
          conversationId,
          missing.map((userId) => ({ userId, addedForSafety: true })),
        );
      }
      if (mark) await queries.setNoParentYet(tx, teamId, conversationId);
    });
  }

  /** Whom the caller may message on the team, themself excluded, with their role on the team. */
  function messageable(access: TeamAccess, directory: readonly queries.DirectoryRow[]) {
    const sender = { role: access.role, canSendMessages: canSendMessages(access) };
    return directory
      .map((row) => ({ ...row, role: roleOnTeam(row) }))
      .filter((row) => row.userId !== access.user.id && canMessage(sender, row.role));
  }

  return {
    /**
     * For the signed-in scope's `teamOf`: the conversation's team when the user takes part in it. A
     * participant row is never removed but with its conversation, team or user, each of which fails the
     * access check that follows; so a found team is kept, and the open thread's 3-second poll (and its
     * 304) costs no query for it.
     */
    async teamOfConversation(user: UserRow, conversationId: number): Promise<number | undefined> {
      const key = `${conversationId}:${user.id}`;
      const kept = participantTeams.get(key);
      if (kept !== undefined) return kept;
      const teamId = await queries.teamOfParticipant(db, conversationId, user.id);
      if (teamId !== undefined) {
        if (participantTeams.size >= PARTICIPANT_TEAMS_KEPT) participantTeams.clear();
        participantTeams.set(key, teamId);
      }
      return teamId;
    },

    list: (access: TeamAccess): Promise<Conversation[]> => view(access),

    async recipients(access: TeamAccess): Promise<Recipient[]> {
      const order = (role: Role) => PARTICIPANT_GROUPS.indexOf(role);
      return messageable(access, await queries.directoryOfTeam(db, access.team.id))
        .map((row): Recipient => ({ user_id: row.userId, name: row.name, role: row.role }))
        .sort(
          (a, b) => order(a.role) - order(b.role) || a.name.localeCompare(b.name) || a.user_id - b.user_id,
        );
    },

    async create(access: TeamAccess, input: CreateInput): Promise<Conversation> {
      const me = access.user.id;
      const chosenIds = [...new Set(input.participant_ids)].filter((id) => id !== me);
      if (chosenIds.length === 0) throw badRequest(MESSAGING_MESSAGES.selectParticipant);
      const directory = await queries.directoryOfTeam(db, access.team.id);
      const allowed = new Map(messageable(access, directory).map((row) => [row.userId, row]));
      // Someone not on the team and someone the caller may not message look alike: nothing is revealed.
      if (chosenIds.some((id) => !allowed.has(id))) throw forbidden(MESSAGING_MESSAGES.notMessageable);

      const chosen = [
        { user_id: me, role: access.role },
        ...chosenIds.map((id) => ({ user_id: id, role: allowed.get(id)?.role ?? 'player' })),
      ];
      const playerIds = childrenAmong(chosen);
      const parentsOfPlayer = await queries.parentsOfPlayers(db, access.team.id, playerIds);
      const safety = childSafeAdditions({ participants: chosen, parentsOfPlayer, ...standIns(directory) });
      if (safety.blocked) throw forbidden(MESSAGING_MESSAGES.noSecondAdult);

      const conversationId = await db.transaction(async (tx) => {
        await spendWriteAllowance(tx, 'conversations', me, config.CONVERSATION_LIMIT_PER_USER_PER_HOUR);
        const id = await queries.insertConversation(tx, {
          teamId: access.team.id,
          name: input.name,
          createdBy: me,
          noParentYet: safety.noParentYet,
        });
        await queries.insertParticipants(tx, access.team.id, id, [
          ...chosen.map((p) => ({ userId: p.user_id, addedForSafety: false })),
          ...safety.added.map((userId) => ({ userId, addedForSafety: true })),
        ]);
        return id;
      });
      return one(access, conversationId);
    },

    async messages(access: TeamAccess, conversationId: number): Promise<Message[]> {
      const rows = await queries.messagesOfConversation(
        db,
        access.team.id,
        conversationId,
        MESSAGE_LIMITS.threadPage,
      );
      return rows.map((row) => toMessage(access, row));
    },

    async markRead(access: TeamAccess, conversationId: number): Promise<{ unread_count: number }> {
      await queries.markRead(db, access.team.id, conversationId, access.user.id);
      return { unread_count: await queries.unreadOfUser(db, access.team.id, access.user.id) };
    },

    async unreadCount(access: TeamAccess): Promise<{ unread_count: number }> {
      return { unread_count: await queries.unreadOfUser(db, access.team.id, access.user.id) };
    },

    /**
     * Stores the message, or with an Idempotency-Key already used by this sender answers the message
     * stored then (`replayed`), storing nothing new. A key reused for another conversation or text is 409.
     */
    async send(
      access: TeamAccess,
      input: MessageInput,
      idempotencyKey: string | null,
    ): Promise<{ message: Message; replayed: boolean }> {
      const senderId = access.user.id;
      const replay = async (): Promise<{ message: Message; replayed: boolean } | undefined> => {
        if (idempotencyKey === null) return undefined;
        const stored = await queries.messageByKey(db, senderId, idempotencyKey);
        if (!stored) return undefined;
        if (stored.conversationId !== input.conversation_id || stored.content !== input.content) {
          throw conflict(MESSAGING_MESSAGES.idempotencyKeyReused);
        }
        return { message: toMessage(access, stored), replayed: true };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      await beforeMessage(access, input.conversation_id);
      try {
        // Stored, then counted, in one transaction: a second send under the same key (a double tap)
        // meets the first one's row at the unique index before it counts anything, and is answered
        // with that message below, even when the first one used the hour's last allowance. A send
        // over the allowance takes its row back with the rest of its transaction.
        const row = await db.transaction(async (tx) => {
          const inserted = await queries.insertMessage(tx, {
            teamId: access.team.id,
            conversationId: input.conversation_id,
            senderId,
            content: input.content,
            idempotencyKey,
          });
          await spendWriteAllowance(tx, 'messages', senderId, config.MESSAGE_LIMIT_PER_USER_PER_HOUR);
          await scheduleUnreadCheck(tx, inserted, config.MESSAGE_EMAIL_DELAY_MINUTES);
          return inserted;
        });
        const message = toMessage(access, {
          id: row.id,
          conversationId: input.conversation_id,
          senderId,
          senderName: access.user.name,
          senderEmail: access.user.email,
          content: input.content,
          idempotencyKey,
          createdAt: row.createdAt,
        });
        return { message, replayed: false };
      } catch (error) {
        // The same key sent twice at once: the other request stored it first.
        if (isUniqueViolation(error, 'messages_sender_idempotency_key')) {
          const stored = await replay();
          if (stored) return stored;
        }
        throw error;
      }
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
