import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { KIT_DEFAULTS, KIT_TYPES } from '../../shared/kits.ts';

// The one database schema. Migrations in ./drizzle are generated from it (npm run db:generate).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The user a row belongs to; the row goes with the user. */
const ownerUserId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The team a row belongs to; the row goes with the team. */
const ownerTeamId = () =>
  integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** A single-use link sent by email (reset, invite): only the SHA-256 of its token is stored. */
const emailedLinkColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role').notNull(),
    /** argon2id; null for an invited account that has not set a password yet. */
    passwordHash: text('password_hash'),
    /** Bumped by a password change or reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the owner followed a link sent to `email` (verification, invite or reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for in the profile; it replaces `email` once the link sent to it is followed. */
    pendingEmail: text('pending_email'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('coach', 'parent', 'player', 'admin')`),
  ],
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

/** Durable queue of emails: a row is kept until an SMTP server (or the file transport) accepted it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender that claimed the row holds it until then; a crashed sender's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Counters of the rate limiter, shared by every app process. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Settings the app makes for itself once, such as the generated token-signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    inviteCode: text('invite_code').notNull(),
    groupmeBotId: text('groupme_bot_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // The fields of the four-step setup wizard (spec part 2 section 3).
    ageGroup: text('age_group'),
    division: text('division'),
    leagueName: text('league_name'),
    season: text('season'),
    seasonStart: date('season_start'),
    seasonEnd: date('season_end'),
    teamDescription: text('team_description'),
    headCoachName: text('head_coach_name'),
    headCoachPhone: text('head_coach_phone'),
    headCoachEmail: text('head_coach_email'),
    assistantCoachName: text('assistant_coach_name'),
    assistantCoachPhone: text('assistant_coach_phone'),
    assistantCoachEmail: text('assistant_coach_email'),
    primaryColor: text('primary_color').notNull().default('#10b981'),
    secondaryColor: text('secondary_color').notNull().default('#059669'),
    teamLogoUrl: text('team_logo_url'),
    practiceLocation: text('practice_location'),
    practiceDay: text('practice_day'),
    practiceTime: text('practice_time'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    emergencyContactRelation: text('emergency_contact_relation'),
  },
  (t) => [uniqueIndex('teams_invite_code_key').on(t.inviteCode)],
);

/** Who belongs to which team, and as what (DECISIONS.md: memberships, so a user can grow into more teams). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    userId: ownerUserId(),
    role: text('role').notNull(),
    /** Moderator flags (MODERATOR_FLAGS) this member holds on this team; coaches need none. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the member last became a moderator; kept after a revoke, so the history stays. */
    moderatorSince: timestamp('moderator_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_key').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
    check('team_members_role_check', sql`${t.role} in ('coach', 'parent', 'player')`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    name: text('name').notNull(),
    position: text('position'),
    jerseyNumber: integer('jersey_number'),
    age: integer('age'),
    status: text('status').notNull().default('active'),
    /** The player's own email, once a player account was linked on approval. */
    email: text('email'),
    /** The player's own account, linked when a coach approves a player's join request. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('players_team_idx').on(t.teamId),
    // Numbers are unique within a team; players without a number are not counted.
    uniqueIndex('players_team_jersey_key')
      .on(t.teamId, t.jerseyNumber)
      .where(sql`${t.jerseyNumber} is not null`),
    index('players_user_idx').on(t.userId),
    check('players_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** A parent or guardian of a player, as the coach entered them; linked to an account once there is one. */
export const parentContacts = pgTable(
  'parent_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    phone: text('phone'),
    relationship: text('relationship').notNull().default('parent'),
    isPrimary: boolean('is_primary').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    inviteSentAt: timestamp('invite_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('parent_contacts_team_idx').on(t.teamId),
    uniqueIndex('parent_contacts_player_email_key').on(t.playerId, t.email),
    index('parent_contacts_email_idx').on(t.email),
    index('parent_contacts_user_idx').on(t.userId),
    check(
      'parent_contacts_relationship_check',
      sql`${t.relationship} in ('parent', 'guardian', 'grandmother', 'grandfather', 'aunt', 'uncle', 'emergency_contact', 'other')`,
    ),
  ],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    userId: ownerUserId(),
    role: text('role').notNull(),
    message: text('message'),
    status: text('status').notNull().default('pending'),
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
    check('join_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('join_requests_role_check', sql`${t.role} in ('parent', 'player')`),
  ],
);

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

/** A team's kits (spec part 2 section 3); games name the kit they play in. */
export const kits = pgTable(
  'kits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    name: text('name').notNull(),
    type: text('type', { enum: KIT_TYPES }).notNull().default(KIT_DEFAULTS.type),
    description: text('description'),
    jerseyColor: text('jersey_color').notNull().default(KIT_DEFAULTS.jersey_color),
    shortsColor: text('shorts_color').notNull().default(KIT_DEFAULTS.shorts_color),
    socksColor: text('socks_color').notNull().default(KIT_DEFAULTS.socks_color),
    createdAt: createdAt(),
  },
  (t) => [
    index('kits_team_idx').on(t.teamId),
    check('kits_type_check', sql.raw(`type in (${KIT_TYPES.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
