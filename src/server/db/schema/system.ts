import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Counters of the rate limiter, shared by every app process. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Settings the app makes for itself once. (Earlier versions kept the generated token-signing secret here; it now lives outside the database: features/auth/signing-secret.ts.) */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
