import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_START_PARAMS } from '../../src/server/db/connect.ts';

// Migrated databases that each test app copies instead of creating and migrating its own
// (docs/decisions/033): a PGlite data folder, and a PostgreSQL template database. Both are named by a
// key of everything that shapes them, so a change to the migrations (or to PGlite, its start
// parameters or this code) makes new ones, and a test never starts from a stale database.

/** Where the PGlite templates are kept between runs (ignored by git). */
export const TEMPLATE_FOLDER = path.resolve(import.meta.dirname, '../../.cache/test-databases');
const POSTGRES_PREFIX = 'club_test_template_';
/** A template nobody used for this long belongs to migrations of the past (another branch): removed. */
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Where test apps keep their data folders: in memory (tmpfs) where the system has one, so PGlite's
 * fsync at each commit costs nothing, as it costs nothing in the in-memory PGlite the tests used before.
 */
export const SCRATCH_FOLDER = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
/** A test app's folder names the process that made it: one left by a process that is gone is removed. */
export const SCRATCH_PREFIX = 'club-test-';

/** A hash of the migrations, PGlite's version and start parameters, and the code that builds templates. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const add = (label: string, content: string | Buffer) =>
    hash.update(`${label}\0`).update(content).update('\0');
  add('journal', fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json')));
  for (const file of fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    add(file, fs.readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  // PGlite's package.json is not among its exports: it sits above the entry point's dist/ folder.
  const pglite = path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    '..',
  );
  add(
    'pglite',
    (JSON.parse(fs.readFileSync(path.join(pglite, 'package.json'), 'utf8')) as { version: string }).version,
  );
  add('params', JSON.stringify(PGLITE_START_PARAMS));
  add('templates', fs.readFileSync(import.meta.filename));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of a migrated PGlite database (what DATA_DIR/pgdata holds) for `key`: made once, by the
 * app's own openDatabase (its thread, its migrations), then reused.
 */
export async function pgliteTemplate(key: string): Promise<string> {
  fs.mkdirSync(TEMPLATE_FOLDER, { recursive: true });
  const template = path.join(TEMPLATE_FOLDER, `pglite-${key}`);
  if (!fs.existsSync(template)) {
    // Made beside it and renamed: a run that starts meanwhile never copies half a database, and two
    // runs making it at once both end with a whole one.
    const partial = path.join(
      TEMPLATE_FOLDER,
      `partial-${key}-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: partial });
      // Closing shuts PGlite down cleanly: a copy starts without recovery.
      await database.close();
      try {
        fs.renameSync(path.join(partial, 'pgdata'), template);
      } catch (error) {
        if (!fs.existsSync(template)) throw error; // else another run's rename came first
      }
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const now = new Date();
  fs.utimesSync(template, now, now);
  for (const name of fs.readdirSync(TEMPLATE_FOLDER)) {
    const other = path.join(TEMPLATE_FOLDER, name);
    if (other !== template && now.getTime() - fs.statSync(other).mtimeMs > UNUSED_FOR_MS) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
  return template;
}

/** Removes the test apps' folders that processes no longer running left behind (a run that was killed). */
export function removeAbandonedScratch(): void {
  const pattern = new RegExp(`^${SCRATCH_PREFIX}(\\d+)-`);
  for (const name of fs.readdirSync(SCRATCH_FOLDER)) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && !isRunning(pid)) fs.rmSync(path.join(SCRATCH_FOLDER, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The migrated template database for `key` on the PostgreSQL server of `baseUrl`: made once, then
 * reused. It accepts no connections, so copying it never fails for someone connected to it.
 */
export async function postgresTemplate(baseUrl: string, key: string): Promise<string> {
  const name = `${POSTGRES_PREFIX}${key}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!(await exists())) {
      // Made under a name of its own and renamed: the template's name only ever names a whole one.
      const building = `club_test_building_${key}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${pg.escapeIdentifier(building)}`);
      try {
        const url = new URL(baseUrl);
        url.pathname = `/${building}`;
        // The app's own migration path (advisory lock and all), as every app's start runs it.
        const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
        await database.close();
        await admin.query(
          `alter database ${pg.escapeIdentifier(building)} rename to ${pg.escapeIdentifier(name)}`,
        );
      } catch (error) {
        await admin.query(`drop database if exists ${pg.escapeIdentifier(building)} with (force)`);
        if (!(await exists())) throw error; // else another run's rename came first
      }
      await admin.query(
        `alter database ${pg.escapeIdentifier(name)} is_template true allow_connections false`,
      );
    }
    // When it was last used: templates of other migrations are dropped once unused for a day.
    await admin.query(
      `comment on database ${pg.escapeIdentifier(name)} is ${pg.escapeLiteral(new Date().toISOString())}`,
    );
    await dropUnusedTemplates(admin, name);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropUnusedTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database
      where datname like $1 and datname <> $2`,
    [`${POSTGRES_PREFIX}%`, keep],
  );
  for (const { datname, used } of rows) {
    if (used && Date.now() - Date.parse(used) < UNUSED_FOR_MS) continue;
    await admin.query(`alter database ${pg.escapeIdentifier(datname)} is_template false`);
    await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)}`).catch(() => undefined);
  }
}
