import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';

// Drizzle's migrator (run by connect.ts's PGlite thread and by postgres.ts) applies every migration of
// the folder's journal newer than the newest one the database recorded: it reads and hashes every
// migration file, makes sure of its own schema and table, then reads that newest record, in three
// statements and a transaction. At most starts nothing is pending: one query and the journal tell so,
// and the migrator, with its module, is left alone (docs/decisions/034).

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/** The newest migration a database applied: Drizzle's record of it (created_at is the journal's `when`). */
export const NEWEST_APPLIED_QUERY =
  'select max(created_at)::text as newest from drizzle.__drizzle_migrations';

/** The time of the newest migration in `folder`'s journal, as Drizzle's migrator compares it. */
function newestInJournal(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether every migration of `folder` is applied, from `newest`, the answer of NEWEST_APPLIED_QUERY
 * (undefined when it failed: a database Drizzle never migrated has no record). The migrator would
 * apply nothing then: it applies only what is newer than the newest record.
 */
export function migrationsApplied(folder: string, newest: string | null | undefined): boolean {
  return newest !== undefined && newest !== null && Number(newest) >= newestInJournal(folder);
}
