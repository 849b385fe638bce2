import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MODERATOR_FLAGS } from '../../../shared/permissions.ts';
import { MEMBER_ROLES } from '../../../shared/roles.ts';
import { ownerUserId, users } from './auth.ts';
import { createdAt, oneOf, sqlValues } from './columns.ts';

/** The team a row belongs to; the row goes with the team. */
export const ownerTeamId = () =>
  integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    inviteCode: text('invite_code').notNull(),
    groupmeBotId: text('groupme_bot_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // The fields of the four-step setup wizard (docs/product/teams-and-joining.md).
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
    /**
     * Grows on every change to the team or anything it holds (players, contacts, members, requests,
     * invites, kits, its members' profiles), bumped by triggers (migration 0005), so a polled read can
     * answer 304 from this one number without reading the rows again.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    /**
     * Hours before each event that the automatic RSVP reminder goes out (Team Settings): null follows
     * REMINDER_HOURS_DEFAULT, 0 turns reminders off (docs/product/notifications.md 'RSVP reminders').
     */
    rsvpReminderHours: integer('rsvp_reminder_hours'),
  },
  (t) => [uniqueIndex('teams_invite_code_key').on(t.inviteCode)],
);

/**
 * Who belongs to which team, and as what (docs/product/teams-and-joining.md: memberships, so a user can
 * grow into more teams).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    userId: ownerUserId(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    /** Moderator flags (MODERATOR_FLAGS) this member holds on this team; coaches need none. */
    permissions: text('permissions', { enum: MODERATOR_FLAGS })
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
    check('team_members_role_check', oneOf(t.role, MEMBER_ROLES)),
    check(
      'team_members_permissions_check',
      sql`${t.permissions} <@ array[${sql.raw(sqlValues(MODERATOR_FLAGS))}]::text[]`,
    ),
  ],
);
