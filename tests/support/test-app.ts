import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/connect.ts';
import { type RenderedEmail, renderQueued } from '../../src/server/mail/templates.ts';
import { compiledThread } from './compiled-thread.ts';
import { SCRATCH_FOLDER, SCRATCH_PREFIX } from './database-templates.ts';

// API tests run through the real server on a real database: PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set. Each test app gets a fresh database of its own, a copy of one migrated
// once per run (global-setup.ts, docs/decisions/033).

export interface Backend {
  name: 'pglite' | 'postgres';
}

export const BACKENDS: Backend[] = [
  { name: 'pglite' },
  ...(process.env['TEST_DATABASE_URL'] ? [{ name: 'postgres' as const }] : []),
];

/** The test app's site: what the sender renders emails with. */
export const TEST_SITE = { publicUrl: 'http://club.test', clubName: 'Test Valley FC' };

/** The signing secret of every test app on PostgreSQL, so that two apps on one database accept each other's tokens. */
export const TEST_JWT_SECRET = 'club-teams-test-signing-secret-of-48-characters';

/**
 * The signing secret's setting of a test app: PostgreSQL requires JWT_SECRET; with PGlite the generated
 * secret goes to a file in dataDir. A second app on the same database and dataDir passes the same, so
 * both accept each other's tokens.
 */
export const secretEnv = (backend: Backend): Record<string, string> =>
  backend.name === 'postgres' ? { JWT_SECRET: TEST_JWT_SECRET } : {};

export interface TestApp {
  app: App;
  db: Database['db'];
  dataDir: string;
  /** Stops the app and starts a new one on the same database and DATA_DIR, as a server restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs on the migrated database before the app is built (a state an earlier version left). */
  prepare?: (db: Database['db']) => Promise<void>;
}

/**
 * A fresh PostgreSQL database on the test server, empty or (`migrated`) a copy of the run's migrated
 * template; returns its URL and a function that drops it.
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env['TEST_DATABASE_URL'];
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? inject('postgresTemplate') : undefined;
  if (migrated && !template)
    throw new Error('No PostgreSQL template: the API tests run with global-setup.ts');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    `create database "${name}"${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * An app on a fresh database of `backend` (or on `database`, already open: the app's close closes
 * it), configured for tests, with `env` on top.
 */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  database?: Database,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(SCRATCH_FOLDER, `${SCRATCH_PREFIX}${process.pid}-`));
  // An app of a second process on the same database names it with DATABASE_URL; it is not dropped then.
  const shared = env['DATABASE_URL'];
  const pgDatabase =
    backend.name === 'postgres' && !database
      ? shared
        ? { url: shared, drop: async () => {} }
        : await createPostgresDatabase({ migrated: true })
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_SITE.publicUrl,
    CLUB_NAME: TEST_SITE.clubName,
    MAIL_POLL_SECONDS: '0.1',
    // Generous limits: the rate-limit tests set their own.
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    LOGIN_LIMIT_PER_ACCOUNT_IP: '10000',
    SIGNUP_LIMIT_PER_IP: '10000',
    JOIN_LIMIT_PER_ACCOUNT: '10000',
    JOIN_LIMIT_PER_IP: '10000',
    FORGOT_LIMIT_PER_IP: '10000',
    FORGOT_LIMIT_PER_ACCOUNT: '10000',
    RESET_LIMIT_PER_IP: '10000',
    RESET_LIMIT_PER_ACCOUNT: '10000',
    // A closed local port: no test ever reaches the real group-chat service (tests that post set their own).
    GROUPME_API_URL: 'http://127.0.0.1:9/v3',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...secretEnv(backend),
    ...env,
  });
  if (!database && !pgDatabase) {
    // PGlite in DATA_DIR/pgdata, as the server keeps it, copied from the run's migrated template.
    fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  const opened =
    database ??
    (await openDatabase(
      pgDatabase
        ? { kind: 'postgres', url: pgDatabase.url, poolSize: 4 }
        : { kind: 'pglite', dataDir, thread: await compiledThread() },
    ));
  await options.prepare?.(opened.db);
  const start = async () => {
    const app = await buildApp({ config, database: opened, logger: false });
    await app.ready();
    return app;
  };
  const testApp: TestApp = {
    app: await start(),
    db: opened.db,
    dataDir,
    async restart() {
      await testApp.app.close();
      testApp.app = await start();
    },
    async close() {
      await testApp.app.close();
      await opened.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

let counter = 0;
/** An email address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const GOOD_PASSWORD = 'Corner#Kick9';

/** Rows of a raw SQL query; both drivers answer { rows }. */
export async function queryRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The token of the newest link to `path` (e.g. '/verify-email') emailed to `to`, read from the outbox. */
export async function emailedLinkToken(db: Database['db'], to: string, path: string): Promise<string> {
  for (const { text } of await queuedEmails(db, to)) {
    const match = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`No ${path} link was emailed to ${to}`);
}

/** The emails queued to `to`, newest first, rendered as the test app's sender would send them. */
export async function queuedEmails(
  db: Database['db'],
  to: string,
): Promise<(RenderedEmail & { id: number })[]> {
  const rows = await queryRows<{ id: number; template: string; params: unknown }>(
    db,
    sql`select id, template, params from email_outbox where to_address = ${to} order by id desc`,
  );
  return rows.map((row) => ({ id: row.id, ...renderQueued(row.template, row.params, TEST_SITE) }));
}
