import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './database.ts';
import { writeWatcher } from './database.ts';
import { fromDatabase } from './errors.ts';
import { MIGRATIONS_FOLDER, migrationsApplied, NEWEST_APPLIED_QUERY } from './migrations.ts';
import * as schema from './schema.ts';

// PostgreSQL (DATABASE_URL): a pool, the migrations, the health check's own connection and LISTEN.
// Loaded only when configured (connect.ts): an app on PGlite never reads node-postgres.

/**
 * A transaction takes its connection with pool.connect(), outside any query Drizzle wraps: its failure
 * (the server down, every connection busy) is marked as the database's (db/errors.ts).
 */
function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback) return connect((error, client, done) => callback(fromDatabase(error), client, done));
    return connect()?.catch((error: unknown) => {
      throw fromDatabase(error);
    });
  }) as typeof pool.connect;
}

// Several app processes may start at once against one server: an advisory lock lets one migrate at a time.
export const MIGRATION_LOCK_ID = 7_240_011;

/** Opens a pool on `url` and applies every pending migration before anything else uses it. */
export async function openPostgres(
  url: string,
  poolSize = 10,
  heartbeatMs = LISTEN_HEARTBEAT_MS,
): Promise<Database> {
  // A server that does not answer (a network cut drops packets rather than refusing) fails a query
  // after 5 s instead of holding the request: the answer is 503 (db/errors.ts), not a hang. The same
  // limit bounds the wait for a free connection when all `poolSize` are busy: that 503 says the server
  // is busy (db/errors.ts isPoolBusy).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  markConnectFailures(pool);
  // A connection that the server ends (a restart, a failover, an administrator) is dropped from the
  // pool, and the next query opens a new one; a query or transaction using it fails with the error.
  // Without listeners node-postgres raises that error as an uncaught exception, which would stop the
  // process: the pool's listener covers idle connections, each connection's own one those in use.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    try {
      // Up to date (most starts): one query, no lock, so a start never waits for another's migration
      // that it does not need.
      const newest = await client.query<{ newest: string | null }>(NEWEST_APPLIED_QUERY).then(
        (result) => result.rows[0]?.newest,
        () => undefined,
      );
      if (!migrationsApplied(MIGRATIONS_FOLDER, newest)) {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const writes = writeWatcher();
  const db = drizzle(pool, { schema, logger: writes.logger });
  const pinger = healthConnection(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async close() {
      await pinger.close();
      await pool.end();
    },
    ping: (timeoutMs) => pinger.ping(timeoutMs),
    listen: (channel, onMessage, onLive) => listenOnPostgres(url, channel, onMessage, onLive, heartbeatMs),
    onWrite: (listener) => writes.listeners.add(listener),
    onStatement: writes.onStatement,
    onFailure: () => {},
  };
}

/**
 * The connection health's `select 1` uses, beside the pool: opened when first needed, kept while it
 * works, dropped after any failure (the next ping opens a new one).
 */
function healthConnection(url: string) {
  let current: Promise<pg.Client> | undefined;
  const drop = (client: Promise<pg.Client>) => {
    if (current === client) current = undefined;
    void client.then((open) => open.end()).catch(() => undefined);
  };
  return {
    async ping(timeoutMs: number): Promise<void> {
      const client = (current ??= (async () => {
        const fresh = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: timeoutMs,
          query_timeout: timeoutMs,
          keepAlive: true,
        });
        fresh.on('error', () => undefined);
        try {
          await fresh.connect();
        } catch (error) {
          await fresh.end().catch(() => undefined);
          throw error;
        }
        return fresh;
      })());
      try {
        await (await client).query('select 1');
      } catch (error) {
        drop(client);
        throw fromDatabase(error);
      }
    },
    async close(): Promise<void> {
      const client = current;
      current = undefined;
      await client?.then((open) => open.end()).catch(() => undefined);
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;
/**
 * A connection the network drops silently (a NAT forgetting it, a failover without a reset) raises no
 * error: a query every half minute that must answer within 10 s (or the heartbeat's own period, if
 * shorter) shows it is alive; otherwise it counts as lost.
 */
const LISTEN_HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

/** LISTEN on a connection of its own, reconnecting after a drop (and saying so: messages may be lost). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void,
  heartbeatMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    clearInterval(heartbeat);
    onLive(false);
    void client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS);
  };

  const beat = (client: pg.Client) => {
    let answered = false;
    const deadline = setTimeout(
      () => {
        if (!answered) lost(client);
      },
      Math.min(HEARTBEAT_TIMEOUT_MS, heartbeatMs),
    );
    deadline.unref();
    client.query('select 1').then(
      () => {
        answered = true;
        clearTimeout(deadline);
      },
      () => lost(client),
    );
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      heartbeat = setInterval(() => beat(client), heartbeatMs);
      heartbeat.unref();
      onLive(true);
    } catch (error) {
      lost(client);
      throw error;
    }
  };

  // Down at start: the app still starts, without the cache, and keeps trying.
  await connect().catch(() => undefined);
  return async () => {
    stopped = true;
    onLive(false);
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
