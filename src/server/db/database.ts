import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

// What the app sees of its database, whichever it is (connect.ts opens PGlite, postgres.ts PostgreSQL).

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY on `channel`, from every process using the database, and
   * `onLive(false)` while notifications may be missed (the listening connection is down), `onLive(true)`
   * once listening again. Resolves to a stop function.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Calls `listener` before every statement this process sends that is not a SELECT. */
  onWrite(listener: () => void): void;
  /**
   * Calls `listener` if the database is lost for good: PGlite's thread died. (A PostgreSQL pool opens
   * new connections by itself and never calls it.)
   */
  onFailure(listener: (error: Error) => void): void;
  /**
   * Calls `listener` with the text of every statement this process sends, reads included; returns a
   * function that stops it. For tests that count a request's queries (no query per row of a list).
   */
  onStatement(listener: (query: string) => void): () => void;
  /**
   * Proves the database answers (`select 1`) within `timeoutMs`, for /api/health. With PostgreSQL it
   * uses a connection of its own, so a pool whose connections are all busy does not read as the
   * database down.
   */
  ping(timeoutMs: number): Promise<void>;
}

/**
 * Drizzle's logger sees every statement: the hook behind `Database.onWrite`. Reads, and the writes of
 * the housekeeping tables that no cached answer holds (the outbox the mail sender claims from every few
 * seconds, the rate-limit counters, the calendar feed's Last-Modified records), do not count.
 */
const NOT_A_CHANGE =
  /^\s*(select\b|(update|insert into|delete from)\s+"?(email_outbox|rate_limit_hits|calendar_feed_states|notification_deliveries|scheduled_jobs|push_subscriptions|notification_preferences|notification_settings)\b)/i;

export function writeWatcher() {
  const listeners = new Set<() => void>();
  const statementListeners = new Set<(query: string) => void>();
  return {
    listeners,
    onStatement(listener: (query: string) => void) {
      statementListeners.add(listener);
      return () => void statementListeners.delete(listener);
    },
    logger: {
      logQuery(query: string) {
        statementListeners.forEach((listener) => listener(query));
        if (listeners.size > 0 && !NOT_A_CHANGE.test(query)) listeners.forEach((listener) => listener());
      },
    },
  };
}
