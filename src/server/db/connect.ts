import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { fromDatabase } from './errors.ts';
import type { SetupData } from './pglite-setup.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';
import { RUNNING_TYPESCRIPT, siblingModule, tsxModule } from './sibling-module.ts';

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

function writeWatcher() {
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

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

// PGlite's own defaults, less '-F' (which turns fsync off): a club's data must survive a power cut.
export const PGLITE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  // 16 MB of buffers rather than PostgreSQL's 128 MB: a club's working set fits, and the process stays
  // small enough for a 1 GB server (docs/decisions/034).
  '-c',
  'shared_buffers=16MB',
];

/** initdb's own settings: the same buffers while it creates the database (and in postgresql.conf). */
export const PGLITE_INITDB_PARAMS = ['-c', 'shared_buffers=16MB'];

/**
 * The set-up child's memory (docs/decisions/034): a 1 MB young generation rather than up to 16 MB
 * twice over, one thread compiling PGlite's WebAssembly rather than one per core (each thread's
 * compiler memory stays with its malloc arena), and one malloc arena (MALLOC_ARENA_MAX, below): -55 MB
 * of its peak together. Its work is one long computation: neither slows it.
 */
const SETUP_NODE_FLAGS = ['--max-semi-space-size=1', '--wasm-num-compilation-tasks=1'];

/**
 * Creates the database in an empty data folder, in a child process whose memory is returned when it
 * ends (db/pglite-setup.ts). The caller holds the folder's lock. Resolves to the child's peak memory.
 */
export async function setUpPglite(pgdata: string): Promise<{ peakRssBytes: number }> {
  const data: SetupData = {
    dataDir: pgdata,
    migrationsFolder: MIGRATIONS_FOLDER,
    startParams: PGLITE_START_PARAMS,
    initDbParams: PGLITE_INITDB_PARAMS,
  };
  const entry = fileURLToPath(siblingModule('pglite-setup'));
  const args = [
    ...SETUP_NODE_FLAGS,
    ...(RUNNING_TYPESCRIPT ? ['--import', tsxModule('tsx/esm')] : []),
    entry,
    JSON.stringify(data),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MALLOC_ARENA_MAX: '1' },
  });
  let errors = '';
  let report = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Could not create the database in ${pgdata}: ${errors.trim() || `exit code ${code}`}`);
  return JSON.parse(report.trim().split('\n').at(-1) ?? '{}') as { peakRssBytes: number };
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How often the listening connection proves it is alive (tests shorten it). */
      listenHeartbeatMs?: number;
    }
  /** `dataDir` 'memory://' keeps everything in memory (tests); a folder keeps it on disk. */
  | { kind: 'pglite'; dataDir: string; thread?: CompiledThread };

/**
 * What a process that opens many PGlite databases compiles once rather than for each (the API tests,
 * docs/decisions/033): the thread's module as JavaScript, and PGlite's WebAssembly.
 */
export interface CompiledThread {
  module: URL;
  wasmModule: WebAssembly.Module;
}

/** The database the configuration names: DATABASE_URL, or else PGlite under DATA_DIR. */
export function configuredDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE?: number;
  DATA_DIR: string;
}): DatabaseTarget {
  return config.DATABASE_URL
    ? {
        kind: 'postgres',
        url: config.DATABASE_URL,
        ...(config.DATABASE_POOL_SIZE ? { poolSize: config.DATABASE_POOL_SIZE } : {}),
      }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}

/** Opens the database and applies every pending migration before anything else uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.poolSize ?? 10, target.listenHeartbeatMs ?? LISTEN_HEARTBEAT_MS)
    : openPglite(target.dataDir, target.thread);
}

async function openPglite(dataDir: string, compiled?: CompiledThread): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    // PGlite runs on a thread of its own, which also applies the migrations: its queries execute
    // synchronously and would otherwise stall every other request (docs/decisions/013). An empty folder
    // gets its database from a child process first (docs/decisions/034).
    const pgdata = inMemory ? dataDir : path.join(dataDir, 'pgdata');
    if (!inMemory && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await setUpPglite(pgdata);
    const client = await PGliteThread.start(
      {
        dataDir: pgdata,
        migrationsFolder: MIGRATIONS_FOLDER,
        startParams: PGLITE_START_PARAMS,
        wasmModule: compiled?.wasmModule,
      },
      compiled?.module,
    );
    const writes = writeWatcher();
    // Drizzle's PGlite driver calls only query and transaction, which the thread answers alike.
    const db = drizzlePglite(client as unknown as PGlite, { schema, logger: writes.logger });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      // One process holds the data: notifications never miss.
      async listen(channel, onMessage, onLive) {
        const stop = await client.listen(channel, onMessage);
        onLive(true);
        return async () => {
          onLive(false);
          if (!client.closed) await stop();
        };
      },
      onWrite: (listener) => writes.listeners.add(listener),
      onStatement: writes.onStatement,
      onFailure: (listener) => client.onFailure(listener),
      ping: async () => void (await client.query('select 1')),
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

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
const MIGRATION_LOCK_ID = 7_240_011;

async function openPostgres(url: string, poolSize: number, heartbeatMs: number): Promise<Database> {
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
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const writes = writeWatcher();
  const db = drizzleNodePg(pool, { schema, logger: writes.logger });
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
