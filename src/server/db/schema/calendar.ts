import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// The calendar feed's Last-Modified (docs/product/calendar-rsvp-and-feed.md 'The calendar feed';
// docs/decisions/017): per feed address (a user, and the player a parent's feed is narrowed to, 0 for
// none) the hash of the text it answered last and when that text first differed from the one before.
// Shared by every app process, so a deleted event or a team left (which leave no row to date them) still
// move Last-Modified on.

export const calendarFeedStates = pgTable(
  'calendar_feed_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id').notNull().default(0),
    contentHash: text('content_hash').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playerId] })],
);
