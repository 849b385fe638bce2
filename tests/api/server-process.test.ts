import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_JWT_SECRET } from '../support/test-app.ts';
import { lockOwnerPid } from '../../src/server/db/data-dir-lock.ts';

// The server as `npm start` runs it: a real process, a data folder on disk, signals.

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, SERVE_WEB: 'false', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, running: Running): Promise<void> {
  // A first start on an empty folder sets the database up: on a 2-core machine running the other test
  // files at once (decision 044) that took over 30 s once.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no health within 60 s: ${running.output()}`);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the server process', () => {
  it(
    'keeps data in the folder, refuses a second process on it, and closes cleanly on SIGTERM',
    { timeout: 90_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-process-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      cleanups.push(() => void first.child.kill('SIGKILL'));
      await waitForHealth(port, first);
      expect(lockOwnerPid(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8'))).toBe(first.child.pid);

      const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Durable Dana',
          email: 'dana@example.com',
          password: 'Corner#Kick9',
          role: 'coach',
        }),
      });
      expect(register.status).toBe(201);

      const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another process');
      // One clear line, no stack trace.
      expect(second.output().trim().split('\n')).toHaveLength(1);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

      // The account survived the restart.
      const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      cleanups.push(() => void third.child.kill('SIGKILL'));
      await waitForHealth(port, third);
      const token = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=dana%40example.com&password=Corner%23Kick9',
      });
      expect(token.status).toBe(200);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
  );

  it('refuses to start on invalid configuration, naming the setting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', TEAM_TIME_ZONE: 'Mars/Olympus' },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('TEAM_TIME_ZONE must be an IANA time zone');
  });

  it('refuses to start on PostgreSQL without JWT_SECRET, in one clear line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      // Never reached: the configuration is refused first.
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/club', JWT_SECRET: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^Invalid configuration:\n {2}JWT_SECRET: required with DATABASE_URL \(.*\)\n$/,
    );
  });

  it.runIf(process.env['TEST_DATABASE_URL'])(
    'runs two processes side by side on one PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) =>
        startServer({
          DATABASE_URL: database.url,
          JWT_SECRET: TEST_JWT_SECRET,
          PORT: String(port),
          DATA_DIR: os.tmpdir(),
        }),
      );
      for (const server of servers) cleanups.push(() => void server.child.kill('SIGKILL'));
      await Promise.all(ports.map((port, i) => waitForHealth(port, servers[i] as Running)));

      await fetch(`http://127.0.0.1:${ports[0]}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Shared Sam',
          email: 'sam@example.com',
          password: 'Corner#Kick9',
          role: 'coach',
        }),
      });
      // A token from one process works on the other: both have the same JWT_SECRET, the users are in the database.
      const token = await fetch(`http://127.0.0.1:${ports[1]}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sam@example.com', password: 'Corner#Kick9' }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const me = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/me`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(await me.json()).toMatchObject({ email: 'sam@example.com' });
      for (const server of servers) server.child.kill('SIGTERM');
      for (const server of servers) expect(await server.exited).toBe(0);
    },
  );

  it(
    'creates an admin from the command line, who can then sign in as admin',
    { timeout: 90_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-admin-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const cli = path.join(ROOT, 'src/server/cli/create-admin.ts');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const created = spawnSync(
        process.execPath,
        ['--import', 'tsx', cli, '--email', 'Boss@Club.org', '--name', 'Club Admin'],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(created.status, created.stderr).toBe(0);
      expect(created.stdout).toContain('Admin account created: Club Admin <boss@club.org>');
      const password = created.stdout.match(/Password \(shown once[^:]*\): (\S+)/)?.[1] ?? '';
      expect(password.length).toBeGreaterThan(8);

      const duplicate = spawnSync(
        process.execPath,
        ['--import', 'tsx', cli, '--email', 'boss@club.org', '--name', 'Again'],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(duplicate.status).toBe(1);
      expect(duplicate.stderr).toContain('already exists');
      const weak = spawnSync(
        process.execPath,
        ['--import', 'tsx', cli, '--email', 'b@club.org', '--name', 'B', '--password', 'weak'],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain('Password must be at least 8 characters long');

      const port = await freePort();
      const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      cleanups.push(() => void server.child.kill('SIGKILL'));
      await waitForHealth(port, server);
      const token = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'boss@club.org', password }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(await me.json()).toMatchObject({ role: 'admin', name: 'Club Admin' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});
