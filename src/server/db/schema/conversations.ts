import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './auth.ts';
import { createdAt } from './columns.ts';
import { ownerTeamId } from './teams.ts';

// Conversations and their messages (issue 10; docs/decisions/020). Every row names its team, and the
// composite keys keep a participant and a message on the team of their conversation. Triggers (migration
// 0014) keep each participant's unread count and the conversation's last activity as messages arrive,
// grow the team's data_version and send the live NOTIFY on 'club_live'.

export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    /** Null: the title is derived from the participants. */
    name: text('name'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The child-safe rule met a player without a parent account and added the team's coaches. */
    noParentYet: boolean('no_parent_yet').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_team_idx').on(t.teamId),
    index('conversations_created_by_idx').on(t.createdBy),
    uniqueIndex('conversations_id_team_key').on(t.id, t.teamId),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id').notNull(),
    teamId: ownerTeamId(),
    userId: ownerUserId(),
    /** Added by the child-safe rule (docs/product/conversations.md), not chosen by the creator. */
    addedForSafety: boolean('added_for_safety').notNull().default(false),
    /** Messages from others since this participant last read the conversation (kept by a trigger). */
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'conversation_participants_pkey', columns: [t.conversationId, t.userId] }),
    foreignKey({
      name: 'conversation_participants_conversation_team_fk',
      columns: [t.conversationId, t.teamId],
      foreignColumns: [conversations.id, conversations.teamId],
    }).onDelete('cascade'),
    // The unread count and the list: one index range per user and team.
    index('conversation_participants_user_team_idx').on(t.userId, t.teamId),
    index('conversation_participants_team_idx').on(t.teamId),
    check('conversation_participants_unread_check', sql`${t.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id').notNull(),
    teamId: ownerTeamId(),
    /** Kept when the sender's account goes (shown without a sender). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The page's Idempotency-Key: a retried send finds the message it already stored. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'messages_conversation_team_fk',
      columns: [t.conversationId, t.teamId],
      foreignColumns: [conversations.id, conversations.teamId],
    }).onDelete('cascade'),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_team_idx').on(t.teamId),
    index('messages_sender_idx').on(t.senderId),
    uniqueIndex('messages_sender_idempotency_key')
      .on(t.senderId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
