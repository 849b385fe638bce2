import { text, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the feature schemas.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A single-use link sent by email (reset, invite): only the SHA-256 of its token is stored. */
export const emailedLinkColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
