import { desc, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/notifications.ts';
import { ownerUserId } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { ownerTeamId } from './teams.ts';

/**
 * What the bell lists: one row per person told (docs/decisions/042). Written in the transaction of
 * the change it tells of, so a change and its notifications exist together or not at all.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    teamId: ownerTeamId(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    /** The user who made the change: never told of it (kept for the audit of who caused what). */
    actorId: integer('actor_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, desc(t.id)),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);
