import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { RSVP_RESPONSES } from '../../../shared/rsvp.ts';
import { users } from './auth.ts';
import { createdAt, oneOf, updatedAt } from './columns.ts';
import { games, practices, tournamentGames } from './events.ts';
import { players } from './roster.ts';
import { ownerTeamId } from './teams.ts';

// RSVPs (docs/product/calendar-rsvp-and-feed.md 'RSVPs'): one answer per player and event. The event is
// one of three columns, exactly one set, each a real foreign key that names the team too, so an answer
// can only be about a player and an event of one team, and goes when its event or player goes.

export const rsvps = pgTable(
  'rsvps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: ownerTeamId(),
    playerId: integer('player_id').notNull(),
    gameId: integer('game_id'),
    tournamentGameId: integer('tournament_game_id'),
    practiceId: integer('practice_id'),
    response: text('response', { enum: RSVP_RESPONSES }).notNull(),
    notes: text('notes'),
    /** Who gave the answer (a parent, the player, a coach); kept when that account goes. */
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'rsvps_player_team_fk',
      columns: [t.playerId, t.teamId],
      foreignColumns: [players.id, players.teamId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rsvps_game_team_fk',
      columns: [t.gameId, t.teamId],
      foreignColumns: [games.id, games.teamId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rsvps_tournament_game_team_fk',
      columns: [t.tournamentGameId, t.teamId],
      foreignColumns: [tournamentGames.id, tournamentGames.teamId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'rsvps_practice_team_fk',
      columns: [t.practiceId, t.teamId],
      foreignColumns: [practices.id, practices.teamId],
    }).onDelete('cascade'),
    check(
      'rsvps_one_event_check',
      sql`num_nonnulls(${t.gameId}, ${t.tournamentGameId}, ${t.practiceId}) = 1`,
    ),
    check('rsvps_response_check', oneOf(t.response, RSVP_RESPONSES)),
    uniqueIndex('rsvps_player_game_key').on(t.playerId, t.gameId),
    uniqueIndex('rsvps_player_tournament_game_key').on(t.playerId, t.tournamentGameId),
    uniqueIndex('rsvps_player_practice_key').on(t.playerId, t.practiceId),
    index('rsvps_team_idx').on(t.teamId),
    index('rsvps_game_idx').on(t.gameId),
    index('rsvps_tournament_game_idx').on(t.tournamentGameId),
    index('rsvps_practice_idx').on(t.practiceId),
    index('rsvps_responded_by_idx').on(t.respondedBy),
  ],
);
