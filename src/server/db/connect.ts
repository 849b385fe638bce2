import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, type Db, writeWatcher } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { MIGRATIONS_FOLDER } from './migrations.ts';
import type { SetupData } from './pglite-setup.ts';
import { PGliteThread } from './pglite-thread.ts';
import { RUNNING_TYPESCRIPT, siblingModule, tsxModule } from './sibling-module.ts';

// Opens the configured database. What this module imports is little, so that main.ts can start
// PGlite's thread before the app's modules load (docs/decisions/034): Drizzle's driver and the schema
// load while the thread starts, and PostgreSQL's driver (postgres.ts) only when it is configured.

export type { Database, Db } from './database.ts';
export { MIGRATIONS_FOLDER } from './migrations.ts';

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

/** A database being opened (startDatabase). */
export interface OpeningDatabase {
  /**
   * The database to build the app on: PGlite's as soon as its thread has started (its queries wait in
   * the thread until it is ready), PostgreSQL's once migrated.
   */
  database: Promise<Database>;
  /** Resolves once every migration is applied, rejects if the database cannot be opened. */
  ready: Promise<void>;
}

/**
 * Starts opening the database; the caller may build on `database` meanwhile, and serves nothing
 * before `ready` (app.ts).
 */
export function startDatabase(target: DatabaseTarget): OpeningDatabase {
  const opening =
    target.kind === 'postgres'
      ? openingPostgres(target.url, target.poolSize, target.listenHeartbeatMs)
      : startPglite(target.dataDir, target.thread);
  // Its failure is also `database`'s, or awaited later: not an unhandled one meanwhile.
  opening.ready.catch(() => undefined);
  return opening;
}

/** Opens the database and applies every pending migration before anything else uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const { database, ready } = startDatabase(target);
  const opened = await database;
  try {
    await ready;
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
  return opened;
}

function openingPostgres(url: string, poolSize?: number, heartbeatMs?: number): OpeningDatabase {
  const database = import('./postgres.ts').then(({ openPostgres }) =>
    openPostgres(url, poolSize, heartbeatMs),
  );
  return { database, ready: database.then(() => undefined) };
}

function startPglite(dataDir: string, compiled?: CompiledThread): OpeningDatabase {
  let thread: PGliteThread | undefined;
  const database = (async () => {
    const inMemory = dataDir.startsWith('memory://');
    const release = inMemory ? () => {} : lockDataDir(dataDir);
    try {
      // PGlite runs on a thread of its own, which also applies the migrations: its queries execute
      // synchronously and would otherwise stall every other request (docs/decisions/013). An empty
      // folder gets its database from a child process first (docs/decisions/034).
      const pgdata = inMemory ? dataDir : path.join(dataDir, 'pgdata');
      if (!inMemory && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await setUpPglite(pgdata);
      thread = PGliteThread.launch(
        {
          dataDir: pgdata,
          migrationsFolder: MIGRATIONS_FOLDER,
          startParams: PGLITE_START_PARAMS,
          wasmModule: compiled?.wasmModule,
        },
        compiled?.module,
      );
      // Loaded while the thread starts PostgreSQL.
      const [{ drizzle }, schema] = await Promise.all([import('drizzle-orm/pglite'), import('./schema.ts')]);
      const client = thread;
      const writes = writeWatcher();
      // Drizzle's PGlite driver calls only query and transaction, which the thread answers alike.
      const db = drizzle(client as unknown as PGlite, { schema, logger: writes.logger });
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
      } satisfies Database;
    } catch (error) {
      await thread?.worker.terminate();
      release();
      throw error;
    }
  })();
  return { database, ready: database.then(() => thread?.ready) };
}
