import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, setUpPglite } from '../../src/server/db/connect.ts';

// What keeps the embedded default small (docs/decisions/034): an empty data folder gets its database
// from a child process, PGlite runs with 16 MB of buffers, and the S3 SDK is loaded only when a bucket
// is configured.

const ROOT = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

describe('start-up', () => {
  it(
    'creates the database of an empty folder, migrated, with 16 MB of buffers',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
      folders.push(dataDir);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(fs.existsSync(path.join(dataDir, 'pgdata/PG_VERSION'))).toBe(true);
        const rows = async (query: SQL) =>
          ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
        expect(await rows(sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
        // Migrated: the tables are there.
        expect(await rows(sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
      // Opened again, the folder's database is used as it is.
      const again = await openDatabase({ kind: 'pglite', dataDir });
      await again.close();
    },
  );

  it(
    'creates it in a set-up process that stays under 400 MB, and leaves no half-made folder',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
      folders.push(dataDir);
      const pgdata = path.join(dataDir, 'pgdata');
      const { peakRssBytes } = await setUpPglite(pgdata);
      // The set-up once reached 730 MB in the server's own process. Here the process also compiles
      // TypeScript (tsx), which `npm start` does not. The same commit measured under 300 MB on one
      // machine and 351-372 MB on another (same Node, PGlite and flags; 2026-11-26): the line is where a
      // regression shows on both, not a figure of one machine.
      expect(peakRssBytes / 1024 ** 2).toBeLessThan(400);
      expect(fs.existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
      expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);
    },
  );

  it('loads the S3 SDK only when a bucket is configured, on first use', { timeout: 60_000 }, () => {
    // A fresh process: the app's whole module graph, then the configured store (CommonJS modules such as
    // the SDK show in require.cache however they were imported).
    const script = `
      import { createRequire } from 'node:module';
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((m) => m.includes('@aws-sdk'));
      await import('./src/server/app.ts');
      const { blobStoreFromConfig } = await import('./src/server/blob-store/index.ts');
      const { loadConfig } = await import('./src/server/config.ts');
      const folder = blobStoreFromConfig(loadConfig({ DATA_DIR: process.env.DATA }));
      await folder.check({ timeoutMs: 1000 });
      const afterFolder = loaded();
      const s3 = blobStoreFromConfig(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'club-docs' }));
      const beforeUse = loaded();
      await s3.check({ timeoutMs: 1000 }).catch(() => undefined);
      console.log(JSON.stringify({ afterFolder, beforeUse, afterUse: loaded(), kind: s3.kind }));
    `;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
    folders.push(dataDir);
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, DATA: dataDir },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      afterFolder: false,
      beforeUse: false,
      afterUse: true,
      kind: 's3',
    });
  });
});
