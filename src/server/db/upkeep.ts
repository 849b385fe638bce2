import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

// The embedded PostgreSQL (PGlite) runs no autovacuum (docs/decisions/054). Without it, a table's
// statistics stay what they were when the app first planned a statement on it, and the plans made
// then stay too: a foreign-key check planned while the notifications table was empty read the whole
// table for each delivery row as it grew (a change told to 1,000 members: 2.3 s, 0.3 s with
// statistics). Nor is the space of updated and deleted rows made reusable. The app does that work
// itself, about every hour, in whichever process claims the job. PostgreSQL's autovacuum does it there.

export const UPKEEP_JOB = 'database_upkeep';
/** Hourly: on a database of several seasons (60,000 notifications) it held the connection 0.5-1 s. */
export const UPKEEP_EVERY_MS = 60 * 60 * 1000;

/** The recurring upkeep task for this database, or none where the server does it. */
export function upkeepTask(database: Pick<Database, 'db' | 'kind'>): (() => Promise<void>) | undefined {
  if (database.kind !== 'pglite') return undefined;
  return async () => {
    await database.db.execute(sql`vacuum (analyze)`);
  };
}
