import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/features/auth/passwords.ts';
import { createAccessTokens } from '../../src/server/features/auth/access-tokens.ts';
import { insertUser } from '../../src/server/features/auth/queries.ts';
import { calendarSealer } from '../../src/server/features/calendar/sealing.ts';
import { feedPath } from '../../src/server/features/calendar/token-service.ts';
import { newLinkToken, sha256 } from '../../src/server/secrets.ts';
import { call } from '../support/teams.ts';
import {
  BACKENDS,
  GOOD_PASSWORD,
  queryRows,
  startTestApp,
  type TestApp,
  TEST_JWT_SECRET,
  uniqueEmail,
} from '../support/test-app.ts';
import type { Database } from '../../src/server/db/connect.ts';

// docs/product/limits-and-abuse.md 'Privacy in logs and email': a database backup must not be enough to
// forge a sign-in or open a calendar feed. PGlite keeps its generated secret in a 0600 file in DATA_DIR;
// PostgreSQL needs JWT_SECRET. A secret an earlier version kept in the database is moved out once,
// keeping everyone signed in and every feed working.

const LEGACY_SECRET = 'legacy-secret-kept-in-the-database-by-an-earlier-version';

/** What an earlier version left: its generated secret in app_settings, a user with a calendar feed sealed by it. */
async function earlierVersionState(db: Database['db'], secret: string) {
  await db.execute(sql`insert into app_settings (key, value) values ('access_token_secret', ${secret})`);
  const user = await insertUser(db, {
    name: 'Lena Legacy',
    email: uniqueEmail('legacy'),
    phone: null,
    role: 'coach',
    passwordHash: await hashPassword(GOOD_PASSWORD),
  });
  if (!user) throw new Error('no user');
  const feedToken = newLinkToken();
  await db.execute(
    sql`update users set calendar_token_hash = ${sha256(feedToken)},
        calendar_token_sealed = ${calendarSealer(secret).seal(feedToken, user.id)} where id = ${user.id}`,
  );
  const accessToken = await createAccessTokens(secret, 24).sign({ userId: user.id, tokenVersion: 0 });
  return { user, feedToken, accessToken };
}

const storedSecrets = (t: TestApp) =>
  queryRows<{ value: string }>(t.db, sql`select value from app_settings where key = 'access_token_secret'`);

describe.each(BACKENDS)('the signing secret on $name', (backend) => {
  let t: TestApp;
  let legacy: Awaited<ReturnType<typeof earlierVersionState>>;
  beforeAll(async () => {
    // On PostgreSQL the operator set JWT_SECRET to the value the database held, so nobody is signed out.
    const env: Record<string, string> = backend.name === 'postgres' ? { JWT_SECRET: LEGACY_SECRET } : {};
    t = await startTestApp(backend, env, undefined, {
      prepare: async (db) => {
        legacy = await earlierVersionState(db, LEGACY_SECRET);
      },
    });
  });
  afterAll(() => t?.close());

  const secretFile = () => path.join(t.dataDir, 'signing-secret');
  const keepsWorking = async () => {
    const me = await call(t, 'GET', '/api/auth/me', legacy.accessToken);
    expect(me.statusCode, me.body).toBe(200);
    const token = await call(t, 'GET', '/api/calendar/token', legacy.accessToken);
    expect(token.json()).toMatchObject({ token: legacy.feedToken });
    const feed = await t.app.inject({ method: 'GET', url: feedPath(legacy.user.id, legacy.feedToken) });
    expect(feed.statusCode).toBe(200);
  };

  it.runIf(backend.name === 'pglite')(
    'moves a secret an earlier version kept in the database to a 0600 file: sessions and feeds keep working',
    async () => {
      expect(fs.readFileSync(secretFile(), 'utf8').trim()).toBe(LEGACY_SECRET);
      expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600);
      expect(await storedSecrets(t)).toEqual([]);
      await keepsWorking();
      // After a restart the secret comes from the file alone.
      await t.restart();
      expect(await storedSecrets(t)).toEqual([]);
      await keepsWorking();
    },
  );

  it.runIf(backend.name === 'pglite')(
    'generates a secret into DATA_DIR when there is none, never into the database, and keeps it',
    async () => {
      fs.rmSync(secretFile());
      await t.restart();
      const secret = fs.readFileSync(secretFile(), 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(secret).not.toBe(LEGACY_SECRET);
      expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600);
      expect(await storedSecrets(t)).toEqual([]);
      // A new key: what the old one signed is refused.
      expect((await call(t, 'GET', '/api/auth/me', legacy.accessToken)).statusCode).toBe(401);
      const signedIn = await call(t, 'POST', '/api/auth/token', undefined, {
        username: legacy.user.email,
        password: GOOD_PASSWORD,
      });
      const token = signedIn.json().access_token as string;
      await t.restart();
      expect((await call(t, 'GET', '/api/auth/me', token)).statusCode).toBe(200);
      expect(fs.readFileSync(secretFile(), 'utf8').trim()).toBe(secret);
    },
  );

  it.runIf(backend.name === 'postgres')(
    'uses JWT_SECRET and removes a secret an earlier version kept in the database',
    async () => {
      expect(await storedSecrets(t)).toEqual([]);
      expect(fs.existsSync(secretFile())).toBe(false);
      await keepsWorking();
      // A token signed with another key is refused.
      const forged = await createAccessTokens(TEST_JWT_SECRET, 24).sign({
        userId: legacy.user.id,
        tokenVersion: 0,
      });
      expect((await call(t, 'GET', '/api/auth/me', forged)).statusCode).toBe(401);
    },
  );
});
