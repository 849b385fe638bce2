import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOIN_ROLES } from '../../../shared/roles.ts';
import { JOIN_REQUEST_STATUSES } from '../../../shared/teams.ts';
import { ownerUserId, users } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { players } from './roster.ts';
import { ownerTeamId } from './teams.ts';

export const joinRequests = pgTable(
  'join_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    userId: ownerUserId(),
    role: text('role', { enum: JOIN_ROLES }).notNull(),
    message: text('message'),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    /** The player the coach linked the user to on approval. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('join_requests_team_idx').on(t.teamId),
    // Foreign keys that deleting a player or a user scans.
    index('join_requests_player_idx').on(t.playerId),
    index('join_requests_user_idx').on(t.userId),
    index('join_requests_reviewed_by_idx').on(t.reviewedBy),
    // At most one open request per user and team; decided ones are kept as history.
    uniqueIndex('join_requests_pending_key')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('join_requests_status_check', oneOf(t.status, JOIN_REQUEST_STATUSES)),
    check('join_requests_role_check', oneOf(t.role, JOIN_ROLES)),
  ],
);
