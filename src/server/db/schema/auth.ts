import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/roles.ts';
import { createdAt, emailedLinkColumns, oneOf } from './columns.ts';

// Accounts and the single-use links emailed to them.

/** The user a row belongs to; the row goes with the user. */
export const ownerUserId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ROLES }).notNull(),
    /** argon2id; null for an invited account that has not set a password yet. */
    passwordHash: text('password_hash'),
    /** Bumped by a password change or reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * SHA-256 of the one older token that outlives the last password change: the session that made
     * the change stays signed in even when its client keeps the token it had (the spec's client reads
     * nothing from the answer), while every other session ends. Null after a reset or a first password.
     */
    keptTokenHash: text('kept_token_hash'),
    /** When the owner followed a link sent to `email` (verification, invite or reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for in the profile; it replaces `email` once the link sent to it is followed. */
    pendingEmail: text('pending_email'),
    /**
     * The calendar feed's secret (docs/decisions/017): its SHA-256, which the feed URL is checked
     * against, and the secret sealed with the server's key, so the Subscribe dialog can show the same
     * URL again. Null until the user first asks for it.
     */
    calendarTokenHash: text('calendar_token_hash'),
    calendarTokenSealed: text('calendar_token_sealed'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_role_check', oneOf(t.role, ROLES))],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    ...emailedLinkColumns(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use links that prove the owner reads `email` (registration, email change); stored hashed. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerUserId(),
    /** The address the link was sent to: the account's email, or the pending new one. */
    email: text('email').notNull(),
    ...emailedLinkColumns(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);
