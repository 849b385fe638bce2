import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  type Database,
  MIGRATIONS_FOLDER,
  openDatabase,
  type OpeningDatabase,
  PGLITE_START_PARAMS,
  startDatabase,
} from '../../src/server/db/connect.ts';
import { PGliteThread } from '../../src/server/db/pglite-thread.ts';
import { MIGRATION_LOCK_ID } from '../../src/server/db/postgres.ts';
import { readSigningSecret } from '../../src/server/features/auth/signing-secret.ts';
import { LIVE_CHANNEL } from '../../src/server/features/live/hub.ts';
import { liveHubOf } from '../../src/server/features/live/routes.ts';
import { compiledThread } from '../support/compiled-thread.ts';
import { SCRATCH_FOLDER, SCRATCH_PREFIX } from '../support/database-templates.ts';
import {
  BACKENDS,
  type Backend,
  createPostgresDatabase,
  queryRows,
  TEST_JWT_SECRET,
} from '../support/test-app.ts';

// Start-up to healthy (docs/decisions/034): the app is built while its database opens, and serves
// nothing before the database is ready; a database with every migration applied is checked with one
// query, without Drizzle's migrator; the signing secret does not wait for the database; what is not
// configured (node-postgres, nodemailer, Fastify's own validator and serializer) is not loaded.

const ROOT = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A scratch folder: removed after the file's tests. */
function scratch(): string {
  const folder = fs.mkdtempSync(path.join(SCRATCH_FOLDER, `${SCRATCH_PREFIX}${process.pid}-`));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** A data folder holding a copy of the run's migrated PGlite database. */
function migratedFolder(): string {
  const folder = scratch();
  fs.cpSync(inject('pgliteTemplate'), path.join(folder, 'pgdata'), { recursive: true });
  return folder;
}

/** A copy of the migrations folder, to change. */
function migrationsCopy(): string {
  const folder = path.join(scratch(), 'drizzle');
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  return folder;
}

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}
const journalOf = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

/** A fresh migrated database of `backend` and its configuration; both go after the file's tests. */
async function freshDatabase(backend: Backend): Promise<{
  config: ReturnType<typeof loadConfig>;
  database: Database;
}> {
  const dataDir = backend.name === 'pglite' ? migratedFolder() : scratch();
  let url: string | undefined;
  if (backend.name === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    cleanups.push(created.drop);
    url = created.url;
  }
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url, poolSize: 2 }
      : { kind: 'pglite', dataDir, thread: await compiledThread() },
  );
  // The app may have closed it already.
  cleanups.push(() => database.close().catch(() => undefined));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET } : {}),
  });
  return { config, database };
}

/** A promise and the functions that settle it. */
function deferred() {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PGlite: the migrations at start', () => {
  it('opens a database with every migration applied without running the migrator', async () => {
    const migrations = migrationsCopy();
    // Drizzle's migrator reads every migration file first: without one, it cannot run at all.
    const first = journalOf(migrations).entries[0];
    fs.rmSync(path.join(migrations, `${first?.tag}.sql`));
    const { module, wasmModule } = await compiledThread();
    const thread = await PGliteThread.start(
      {
        dataDir: path.join(migratedFolder(), 'pgdata'),
        migrationsFolder: migrations,
        startParams: PGLITE_START_PARAMS,
        wasmModule,
      },
      module,
    );
    try {
      expect((await thread.query('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await thread.close();
    }
  });

  it('applies a migration added since, through the migrator', async () => {
    const migrations = migrationsCopy();
    const journal = journalOf(migrations);
    const last = journal.entries.at(-1);
    if (!last) throw new Error('no migrations');
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_opening_probe' });
    fs.writeFileSync(path.join(migrations, 'meta/_journal.json'), JSON.stringify(journal));
    fs.writeFileSync(path.join(migrations, '9999_opening_probe.sql'), 'create table opening_probe (id int);');
    const { module, wasmModule } = await compiledThread();
    const thread = await PGliteThread.start(
      {
        dataDir: path.join(migratedFolder(), 'pgdata'),
        migrationsFolder: migrations,
        startParams: PGLITE_START_PARAMS,
        wasmModule,
      },
      module,
    );
    try {
      expect((await thread.query('select count(*)::int as n from opening_probe')).rows).toEqual([{ n: 0 }]);
      expect(
        (await thread.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows,
      ).toEqual([{ n: journal.entries.length }]);
    } finally {
      await thread.close();
    }
  });

  it('hands out the database at once: its queries wait in the thread until it is ready', async () => {
    const opening = startDatabase({
      kind: 'pglite',
      dataDir: migratedFolder(),
      thread: await compiledThread(),
    });
    let ready = false;
    void opening.ready.then(() => (ready = true));
    const database = await opening.database;
    cleanups.push(() => database.close());
    // PostgreSQL's start takes the thread a few hundred milliseconds: not done yet.
    expect(ready).toBe(false);
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
    expect(rows).toEqual([{ n: 0 }]);
    expect(ready).toBe(true);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('PostgreSQL: the migrations at start', () => {
  /** Holds the migration lock on `url`'s database, as another process migrating it would. */
  async function holdMigrationLock(url: string): Promise<() => Promise<void>> {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    return () => holder.end();
  }

  it('opens an up-to-date database with one query, without waiting for a migration elsewhere', async () => {
    const { url, drop } = await createPostgresDatabase({ migrated: true });
    cleanups.push(drop);
    const release = await holdMigrationLock(url);
    try {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      await database.close();
    } finally {
      await release();
    }
  });

  it('migrates a database behind, one process at a time', async () => {
    const { url, drop } = await createPostgresDatabase();
    cleanups.push(drop);
    const release = await holdMigrationLock(url);
    let opened: Database | undefined;
    const opening = openDatabase({ kind: 'postgres', url, poolSize: 1 }).then(
      (database) => (opened = database),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(opened).toBeUndefined();
    } finally {
      await release();
    }
    const database = await opening;
    try {
      const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });
});

describe.each(BACKENDS)('building the app while the database opens on $name', (backend) => {
  it('resolves only once the database is ready', async () => {
    const { config, database } = await freshDatabase(backend);
    const ready = deferred();
    const opening: OpeningDatabase = { database: Promise.resolve(database), ready: ready.promise };
    let built = false;
    const building = buildApp({ config, opening, logger: false, startMailSender: false }).then((app) => {
      built = true;
      return app;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(built).toBe(false);
    ready.resolve();
    const app = await building;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      // The app closes a database it was given to open, as one it opened itself.
      await app.close();
    }
  });

  it('is ready to serve only once its live updates listen', async () => {
    const { config, database } = await freshDatabase(backend);
    const liveListens = deferred();
    const slowLive: Database = {
      ...database,
      listen: async (channel, onMessage, onLive) => {
        if (channel === LIVE_CHANNEL) await liveListens.promise;
        return database.listen(channel, onMessage, onLive);
      },
    };
    const app = await buildApp({ config, database: slowLive, logger: false, startMailSender: false });
    try {
      let ready = false;
      const readying = app.ready().then(() => (ready = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ready).toBe(false);
      liveListens.resolve();
      await readying;
      expect(liveHubOf(slowLive)?.live).toBe(true);
    } finally {
      liveListens.resolve();
      await app.close();
    }
  });

  it("fails with the database's own error, and closes it", async () => {
    const { config, database } = await freshDatabase(backend);
    let closed = false;
    const watched: Database = {
      ...database,
      close: async () => {
        closed = true;
        await database.close();
      },
    };
    const ready = deferred();
    const opening: OpeningDatabase = { database: Promise.resolve(watched), ready: ready.promise };
    const building = buildApp({ config, opening, logger: false, startMailSender: false });
    ready.reject(new Error('the migrations failed'));
    await expect(building).rejects.toThrow('the migrations failed');
    expect(closed).toBe(true);
  });

  it('reads the signing secret without waiting for the database, and removes the old copy after', async () => {
    const { config, database } = await freshDatabase(backend);
    const source = {
      configured: config.JWT_SECRET,
      database: backend.name,
      dataDir: config.DATA_DIR,
    };
    const secret = 'a-signing-secret-kept-in-the-data-folder-of-48-chars';
    if (backend.name === 'pglite')
      fs.writeFileSync(path.join(config.DATA_DIR, 'signing-secret'), secret, { mode: 0o600 });
    await database.db.execute(
      sql`insert into app_settings (key, value) values ('access_token_secret', 'old')`,
    );
    let removal: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      // Nobody else may touch the table until this ends (PGlite: nobody may query at all).
      await tx.execute(sql`lock table app_settings in access exclusive mode`);
      const read = await readSigningSecret(database.db, source);
      expect(read.secret).toBe(backend.name === 'pglite' ? secret : TEST_JWT_SECRET);
      removal = read.legacyRemoved;
      let removed = false;
      void removal.then(() => (removed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(removed).toBe(false);
    });
    await removal;
    expect(
      await queryRows(database.db, sql`select 1 from app_settings where key = 'access_token_secret'`),
    ).toEqual([]);
  });
});

describe('what the app loads', () => {
  it(
    "builds on PGlite without node-postgres, nodemailer, or Fastify's own validator and serializer",
    { timeout: 60_000 },
    () => {
      const script = `
        import { createRequire } from 'node:module';
        const loaded = (name) =>
          Object.keys(createRequire(import.meta.url).cache).some((m) => m.includes('/node_modules/' + name + '/'));
        const { buildApp } = await import('./src/server/app.ts');
        const { loadConfig } = await import('./src/server/config.ts');
        const app = await buildApp({
          config: loadConfig({ DATA_DIR: process.env.DATA, SERVE_WEB: 'false', LOG_LEVEL: 'silent' }),
          startMailSender: false,
        });
        await app.ready();
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        console.log(JSON.stringify({
          health: health.statusCode,
          pg: loaded('pg'),
          nodemailer: loaded('nodemailer'),
          ajv: loaded('ajv'),
          serializer: loaded('@fastify/fast-json-stringify-compiler'),
        }));
        await app.close();
      `;
      const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        env: { ...process.env, DATA: migratedFolder() },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
        health: 200,
        pg: false,
        nodemailer: false,
        ajv: false,
        serializer: false,
      });
    },
  );
});
