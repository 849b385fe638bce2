import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromToday } from '../support/events.ts';
import { closedPort } from '../support/ports.ts';
import { GOOD_PASSWORD, startTestApp, type TestApp } from '../support/test-app.ts';
import { type Account, call, createTeam, signUp } from '../support/teams.ts';

// PostgreSQL really stopped (docs/product/limits-and-abuse.md 'When a dependency is down';
// docs/decisions/026): every request that needs the database answers 503 {detail} with Retry-After
// instead of 500, /api/health names the database, and once the server is back the app serves again
// without a restart. The server stopped is a private cluster this test starts (initdb, pg_ctl) on a free
// port, never the shared one. PostgreSQL refuses to run as root, so its tools run as the postgres user.

const BIN = '/usr/lib/postgresql/15/bin';
const TOOLS_PRESENT =
  fs.existsSync(path.join(BIN, 'initdb')) &&
  fs.existsSync(path.join(BIN, 'pg_ctl')) &&
  fs.existsSync('/usr/sbin/runuser') &&
  (() => {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

const DATABASE_DOWN = 'The database is not reachable right now. Please try again in a moment.';

/** Runs a PostgreSQL tool as the postgres user. */
function asPostgres(tool: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args], { stdio: 'pipe' });
}

describe.runIf(process.env['TEST_DATABASE_URL'] && TOOLS_PRESENT)('PostgreSQL stopped', () => {
  let folder = '';
  let dataDir = '';
  let port = 0;
  let t: TestApp;
  let coach: Account;
  let teamId = 0;

  const pgCtl = (action: 'start' | 'stop') =>
    action === 'start'
      ? asPostgres('pg_ctl', [
          '-D',
          dataDir,
          '-l',
          path.join(folder, 'server.log'),
          '-w',
          '-o',
          `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
          'start',
        ])
      : asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-pg-'));
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(folder, uid, gid);
    dataDir = path.join(folder, 'data');
    port = await closedPort();
    asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    pgCtl('start');
    // The app's own database on the private server (DATABASE_URL given: startTestApp does not drop it).
    t = await startTestApp(
      { name: 'postgres' },
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
    );
    coach = await signUp(t, 'coach', 'Dana Down');
    teamId = (await createTeam(t, coach)).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    try {
      asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped.
    }
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const requests = () => ({
    read: () => call(t, 'GET', `/api/teams/${teamId}/players`, coach.token),
    me: () => call(t, 'GET', '/api/auth/me', coach.token),
    write: () =>
      call(t, 'POST', `/api/tournaments/team/${teamId}`, coach.token, {
        name: 'Spring Cup',
        location: 'Riverside Park',
        start_date: fromToday(10),
        end_date: fromToday(11),
      }),
    signIn: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: coach.email, password: GOOD_PASSWORD },
      }),
  });

  it(
    'answers 503 with Retry-After while it is stopped, and serves again once it is back',
    { timeout: 90_000 },
    async () => {
      const { read, me, write, signIn } = requests();
      expect((await read()).statusCode).toBe(200);

      pgCtl('stop');
      // Kept answers (the signed-in user, the team's ETag) are trusted only while the connection that
      // hears changes is up. pg_ctl returns once the server is gone, but the app learns of it when its
      // socket's close event is handled, a moment later: a request sent in that moment may still be
      // answered from what was kept. The app must notice within moments, not serve stale reads on.
      await expect.poll(async () => (await read()).statusCode, { timeout: 5_000, interval: 50 }).toBe(503);
      for (const [name, send] of Object.entries({ read, me, write, signIn })) {
        const answer = await send();
        expect(answer.statusCode, `${name}: ${answer.body}`).toBe(503);
        expect(answer.json(), name).toEqual({ detail: DATABASE_DOWN });
        expect(Number(answer.headers['retry-after']), name).toBeGreaterThan(0);
      }
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(503);
      expect(health.json()).toEqual({
        detail: 'Database is not reachable',
        checks: { database: 'failing: not reachable', blob_store: 'ok', mail: 'ok' },
      });
      expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);

      // Back: the same app process serves again, with new connections.
      pgCtl('start');
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(200);
      expect((await me()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(201);
      expect((await signIn()).statusCode).toBe(200);
    },
  );
});
