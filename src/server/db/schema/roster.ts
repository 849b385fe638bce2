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
import { PLAYER_STATUSES, POSITIONS, RELATIONSHIPS } from '../../../shared/teams.ts';
import { users } from './auth.ts';
import { createdAt, oneOf } from './columns.ts';
import { ownerTeamId } from './teams.ts';

export const players = pgTable(
  'players',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    name: text('name').notNull(),
    position: text('position', { enum: POSITIONS }),
    jerseyNumber: integer('jersey_number'),
    age: integer('age'),
    status: text('status', { enum: PLAYER_STATUSES }).notNull().default('active'),
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
    // Lets a contact name its player and team together (parent_contacts_player_team_fk).
    uniqueIndex('players_id_team_key').on(t.id, t.teamId),
    check('players_status_check', oneOf(t.status, PLAYER_STATUSES)),
    check('players_position_check', oneOf(t.position, POSITIONS)),
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
    relationship: text('relationship', { enum: RELATIONSHIPS }).notNull().default('parent'),
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
    // A contact's player is on the contact's team: the database refuses anything else.
    foreignKey({
      name: 'parent_contacts_player_team_fk',
      columns: [t.playerId, t.teamId],
      foreignColumns: [players.id, players.teamId],
    }).onDelete('cascade'),
    check('parent_contacts_relationship_check', oneOf(t.relationship, RELATIONSHIPS)),
  ],
);
