import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { spawn } from 'node:child_process';
import { DataDirLockedError, lockDataDir, lockOwnerPid } from '../../src/server/db/data-dir-lock.ts';

describe('configuration', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      TEAM_TIME_ZONE: 'America/Chicago',
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats blank variables as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://club.example/' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('https://club.example');
  });

  it('names every bad setting', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', TEAM_TIME_ZONE: 'Nowhere/City' }),
    ).toThrow(
      /DATABASE_URL must start with postgres[\s\S]*JWT_SECRET must be at least 32 characters[\s\S]*TEAM_TIME_ZONE must be an IANA time zone/,
    );
  });

  it('requires JWT_SECRET with DATABASE_URL: the database never holds the signing secret', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/club' })).toThrow(
      /JWT_SECRET: required with DATABASE_URL/,
    );
    const secret = 'a'.repeat(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/club', JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    // PGlite generates one into DATA_DIR.
    expect(loadConfig({}).JWT_SECRET).toBeUndefined();
  });

  it('keeps an orphan sweep from removing a file whose upload may still be running', () => {
    expect(() => loadConfig({ BLOB_SWEEP_GRACE_MINUTES: '5' })).toThrow(/BLOB_SWEEP_GRACE_MINUTES/);
    expect(loadConfig({ BLOB_SWEEP_GRACE_MINUTES: '15' }).BLOB_SWEEP_GRACE_MINUTES).toBe(15);
  });
});

describe('data folder lock', () => {
  it('lets one holder in at a time and takes over a lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);

    // A pid that cannot be running (beyond the kernel's maximum).
    fs.writeFileSync(path.join(dir, 'app.lock'), '99999999');
    const again = lockDataDir(dir);
    expect(lockOwnerPid(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8'))).toBe(process.pid);
    again();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a lock whose pid now belongs to another running program', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
    const other = spawn('sleep', ['30']);
    await new Promise((resolve) => other.once('spawn', resolve));
    try {
      // The lock names a live pid, but that process started at another time than the one recorded.
      fs.writeFileSync(path.join(dir, 'app.lock'), JSON.stringify({ pid: other.pid, started: '1' }));
      const release = lockDataDir(dir);
      expect(lockOwnerPid(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8'))).toBe(process.pid);
      release();
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A live child process running `command` while `run` runs; killed afterwards. */
  async function withProcess(
    command: string,
    args: readonly string[],
    run: (pid: number) => void | Promise<void>,
  ) {
    const child = spawn(command, [...args], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    try {
      await run(child.pid ?? 0);
    } finally {
      child.kill();
    }
  }
  const waitingNode = [process.execPath, ['-e', 'setTimeout(() => {}, 30000)']] as const;

  it('takes over an earlier version’s pid-only lock naming a live program that is not Node.js', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
    await withProcess('sleep', ['30'], (pid) => {
      fs.writeFileSync(path.join(dir, 'app.lock'), String(pid));
      const release = lockDataDir(dir);
      expect(lockOwnerPid(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8'))).toBe(process.pid);
      release();
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a pid-only lock naming a Node.js process that started after the lock was written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
    const lock = path.join(dir, 'app.lock');
    fs.writeFileSync(lock, '1');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await withProcess(...waitingNode, (pid) => {
      fs.writeFileSync(lock, String(pid));
      fs.utimesSync(lock, anHourAgo, anHourAgo);
      const release = lockDataDir(dir);
      expect(lockOwnerPid(fs.readFileSync(lock, 'utf8'))).toBe(process.pid);
      release();
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps out of a pid-only lock whose Node.js process was running when it was written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lock-'));
    await withProcess(...waitingNode, (pid) => {
      fs.writeFileSync(path.join(dir, 'app.lock'), String(pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
