import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_GAME_STATUS,
  DEFAULT_GAME_TYPE,
  GAME_STATUSES,
  GAME_TYPES,
  PRACTICE_STATUSES,
} from '../../../shared/events.ts';
import { users } from './auth.ts';
import { createdAt, oneOf, revision, updatedAt } from './columns.ts';
import { ownerTeamId } from './teams.ts';

// Team events (docs/product/events.md): tournaments and their games, individual games, practices.
// Dates are calendar dates ('YYYY-MM-DD'), times 'HH:MM' text in the team's time zone; a tournament's
// status is computed from its dates, never stored (docs/product/events.md).

/** Scores are whole numbers of 0 or more, or not known yet. */
const scoresCheck = (name: string, t: { ourScore: AnyPgColumn; opponentScore: AnyPgColumn }) =>
  check(
    name,
    sql`(${t.ourScore} is null or ${t.ourScore} >= 0) and (${t.opponentScore} is null or ${t.opponentScore} >= 0)`,
  );

export const tournaments = pgTable(
  'tournaments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    url: text('url'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    /**
     * The original a quick-add copy was made from (docs/product/events.md 'Quick-add'), so a copy is
     * known after a rename too. A record of where it came from, not a reference: no foreign key, so
     * deleting the original touches no other team's rows, and ids are never reused.
     */
    sourceTournamentId: integer('source_tournament_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Grown by the database on every update (migration 0011): the calendar feed's SEQUENCE. */
    revision: revision(),
  },
  (t) => [
    index('tournaments_team_start_idx').on(t.teamId, t.startDate),
    index('tournaments_created_by_idx').on(t.createdBy),
    // Lets a tournament game name its tournament and team together (tournament_games_tournament_team_fk).
    uniqueIndex('tournaments_id_team_key').on(t.id, t.teamId),
    check('tournaments_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const tournamentGames = pgTable(
  'tournament_games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** The tournament's team, kept on the game so that every query names the team. */
    teamId: ownerTeamId(),
    opponent: text('opponent').notNull(),
    roundName: text('round_name'),
    date: date('date', { mode: 'string' }),
    /** 'HH:MM', 'TBD', or null. */
    time: text('time'),
    field: text('field'),
    kit: text('kit'),
    status: text('status', { enum: GAME_STATUSES }).notNull().default(DEFAULT_GAME_STATUS),
    notes: text('notes'),
    condition: text('condition'),
    /** 'HH:MM' in the team's zone, when players should be there (migration 0025); null: not said. */
    arrivalTime: text('arrival_time'),
    ourScore: integer('our_score'),
    opponentScore: integer('opponent_score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Grown by the database on every update (migration 0011): the calendar feed's SEQUENCE. */
    revision: revision(),
  },
  (t) => [
    index('tournament_games_tournament_idx').on(t.tournamentId),
    index('tournament_games_team_date_idx').on(t.teamId, t.date),
    // Lets an RSVP name the game and its team together (rsvps_tournament_game_team_fk).
    uniqueIndex('tournament_games_id_team_key').on(t.id, t.teamId),
    // A game's tournament is on the game's team: the database refuses anything else.
    foreignKey({
      name: 'tournament_games_tournament_team_fk',
      columns: [t.tournamentId, t.teamId],
      foreignColumns: [tournaments.id, tournaments.teamId],
    }).onDelete('cascade'),
    check('tournament_games_status_check', oneOf(t.status, GAME_STATUSES)),
    scoresCheck('tournament_games_scores_check', t),
  ],
);

/** Individual games: friendly, league or other. */
export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    opponent: text('opponent').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM'. */
    time: text('time').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    type: text('type', { enum: GAME_TYPES }).notNull().default(DEFAULT_GAME_TYPE),
    isHome: boolean('is_home').notNull().default(true),
    kit: text('kit'),
    notes: text('notes'),
    /** 'HH:MM' in the team's zone, when players should be there (migration 0024); null: not said. */
    arrivalTime: text('arrival_time'),
    status: text('status', { enum: GAME_STATUSES }).notNull().default(DEFAULT_GAME_STATUS),
    ourScore: integer('our_score'),
    opponentScore: integer('opponent_score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Grown by the database on every update (migration 0011): the calendar feed's SEQUENCE. */
    revision: revision(),
  },
  (t) => [
    index('games_team_date_idx').on(t.teamId, t.date),
    uniqueIndex('games_id_team_key').on(t.id, t.teamId),
    check('games_type_check', oneOf(t.type, GAME_TYPES)),
    check('games_status_check', oneOf(t.status, GAME_STATUSES)),
    scoresCheck('games_scores_check', t),
  ],
);

export const practices = pgTable(
  'practices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM'. */
    time: text('time').notNull(),
    location: text('location').notNull(),
    address: text('address'),
    /** Minutes. */
    duration: integer('duration'),
    focus: text('focus'),
    notes: text('notes'),
    equipmentNeeded: text('equipment_needed'),
    /** 'HH:MM' in the team's zone, when players should be there (migration 0024); null: not said. */
    arrivalTime: text('arrival_time'),
    /** 'scheduled' | 'cancelled': a cancelled practice stays on every schedule, marked (decision 041). */
    status: text('status', { enum: PRACTICE_STATUSES }).notNull().default('scheduled'),
    /**
     * The weekly series the practice was created with (migration 0026, decision 048): one id for all the
     * practices of one `POST /api/practices` with repeat weeks; null for a single practice (and for every
     * practice created before series existed).
     */
    seriesId: uuid('series_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Grown by the database on every update (migration 0011): the calendar feed's SEQUENCE. */
    revision: revision(),
  },
  (t) => [
    index('practices_team_date_idx').on(t.teamId, t.date),
    index('practices_team_series_idx')
      .on(t.teamId, t.seriesId, t.date)
      .where(sql`${t.seriesId} is not null`),
    uniqueIndex('practices_id_team_key').on(t.id, t.teamId),
    check('practices_duration_check', sql`${t.duration} is null or ${t.duration} > 0`),
    check('practices_status_check', oneOf(t.status, PRACTICE_STATUSES)),
  ],
);
