import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ANNOUNCEMENT_PRIORITIES, DEFAULT_ANNOUNCEMENT_PRIORITY } from '../../../shared/announcements.ts';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { games, practices, tournaments } from './events.ts';
import { players } from './roster.ts';
import { ownerTeamId } from './teams.ts';

// The Communication area (issue 10): announcements with their comments, polls with their votes, and
// the durable outbox of group-chat cross-posts. Every row names its team.

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    /** Kept when the author's account goes (shown without an author). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: ANNOUNCEMENT_PRIORITIES })
      .notNull()
      .default(DEFAULT_ANNOUNCEMENT_PRIORITY),
    allowComments: boolean('allow_comments').notNull().default(true),
    // The related event, at most one; it goes quietly when the event is deleted.
    relatedTournamentId: integer('related_tournament_id').references(() => tournaments.id, {
      onDelete: 'set null',
    }),
    relatedGameId: integer('related_game_id').references(() => games.id, { onDelete: 'set null' }),
    relatedPracticeId: integer('related_practice_id').references(() => practices.id, {
      onDelete: 'set null',
    }),
    /**
     * Null: never expires. Past: answered as archived (docs/product/announcements.md 'Fields and
     * defaults').
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    postToGroupme: boolean('post_to_groupme').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_team_created_idx').on(t.teamId, t.createdAt),
    index('announcements_author_idx').on(t.authorId),
    index('announcements_related_tournament_idx').on(t.relatedTournamentId),
    index('announcements_related_game_idx').on(t.relatedGameId),
    index('announcements_related_practice_idx').on(t.relatedPracticeId),
    uniqueIndex('announcements_id_team_key').on(t.id, t.teamId),
    check('announcements_priority_check', oneOf(t.priority, ANNOUNCEMENT_PRIORITIES)),
    check(
      'announcements_one_related_event_check',
      sql`num_nonnulls(${t.relatedTournamentId}, ${t.relatedGameId}, ${t.relatedPracticeId}) <= 1`,
    ),
  ],
);

export const announcementComments = pgTable(
  'announcement_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    announcementId: integer('announcement_id').notNull(),
    teamId: ownerTeamId(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'announcement_comments_announcement_team_fk',
      columns: [t.announcementId, t.teamId],
      foreignColumns: [announcements.id, announcements.teamId],
    }).onDelete('cascade'),
    index('announcement_comments_announcement_idx').on(t.announcementId, t.createdAt),
    index('announcement_comments_team_idx').on(t.teamId),
    index('announcement_comments_author_idx').on(t.authorId),
  ],
);

export const polls = pgTable(
  'polls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    /** The options' texts in order; a vote names one by its index. */
    options: text('options').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('polls_team_created_idx').on(t.teamId, t.createdAt),
    index('polls_author_idx').on(t.authorId),
    uniqueIndex('polls_id_team_key').on(t.id, t.teamId),
    check('polls_options_check', sql`cardinality(${t.options}) >= 2`),
  ],
);

/** One vote per player and poll; whoever may answer for the player casts it. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pollId: integer('poll_id').notNull(),
    teamId: ownerTeamId(),
    playerId: integer('player_id').notNull(),
    optionIndex: integer('option_index').notNull(),
    voterId: integer('voter_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The voter answered as a coach or an admin (migration 0024): the vote reads 'answered by {coach}'
     * and the player's parent may change it. Written with every vote, the last one's.
     */
    votedAsStaff: boolean('voted_as_staff').notNull().default(false),
    /** When the vote was cast; a changed vote is a new cast (the last counts). */
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'poll_votes_poll_team_fk',
      columns: [t.pollId, t.teamId],
      foreignColumns: [polls.id, polls.teamId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'poll_votes_player_team_fk',
      columns: [t.playerId, t.teamId],
      foreignColumns: [players.id, players.teamId],
    }).onDelete('cascade'),
    uniqueIndex('poll_votes_poll_player_key').on(t.pollId, t.playerId),
    index('poll_votes_team_idx').on(t.teamId),
    index('poll_votes_player_idx').on(t.playerId),
    index('poll_votes_voter_idx').on(t.voterId),
    check('poll_votes_option_check', sql`${t.optionIndex} >= 0`),
  ],
);

/**
 * Durable queue of group-chat cross-posts (docs/product/announcements.md 'Cross-posts to the group
 * chat'), like the email outbox: a row is kept until the service accepted it; a 4xx answer (a wrong bot
 * id) gives up after 5 tries and stays as the team's last cross-post error.
 */
export const chatPostOutbox = pgTable(
  'chat_post_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    /** The announcement it cross-posts: deleting the announcement takes its unsent (and sent) posts. */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    botId: text('bot_id').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when it stopped retrying (a 4xx five times). */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_post_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    index('chat_post_outbox_team_idx').on(t.teamId, t.createdAt),
    index('chat_post_outbox_announcement_idx').on(t.announcementId),
  ],
);
