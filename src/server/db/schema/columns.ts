import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the feature schemas.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: set by every update made through Drizzle (the calendar feed's LAST-MODIFIED). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** How many times the row was updated: grown by a trigger (migration 0011), never by the app. */
export const revision = () => integer('revision').notNull().default(0);

/** A single-use link sent by email (reset, invite): only the SHA-256 of its token is stored. */
export const emailedLinkColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The values of a shared list as SQL literals: `'a', 'b'` (the lists are constants; quotes are doubled anyway). */
export const sqlValues = (values: readonly string[]): string =>
  values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');

/** A CHECK that a column holds one of a shared list's values (NULL passes, as in every CHECK). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(sqlValues(values))})`;
