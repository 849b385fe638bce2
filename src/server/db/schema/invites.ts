import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerUserId } from './auth.ts';
import { emailedLinkColumns } from './columns.ts';
import { ownerTeamId } from './teams.ts';

/** Single-use links emailed with a parent account a coach created; stored as SHA-256 like reset links. */
export const inviteTokens = pgTable(
  'invite_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    teamId: ownerTeamId(),
    ...emailedLinkColumns(),
  },
  (t) => [
    uniqueIndex('invite_tokens_hash_key').on(t.tokenHash),
    index('invite_tokens_user_idx').on(t.userId),
    index('invite_tokens_team_idx').on(t.teamId),
  ],
);
