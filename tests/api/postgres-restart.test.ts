import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/connect.ts';
import { createPostgresDatabase } from '../support/test-app.ts';

// When PostgreSQL ends the app's connections (a restart, a failover, an administrator), idle or in the
// middle of a transaction, the app must carry on with new ones. Without error listeners node-postgres
// raised the connection's error as an uncaught exception: the process would stop.

describe.runIf(process.env['TEST_DATABASE_URL'])('PostgreSQL ending connections', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  beforeAll(async () => {
    target = await createPostgresDatabase();
    database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('keeps answering after the server terminated every pooled connection', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Three idle connections in the pool.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
      await admin.connect();
      const name = new URL(target.url).pathname.slice(1);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = (await database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('keeps running when the server ends a connection in the middle of a transaction', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const name = new URL(target.url).pathname.slice(1);
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
        await admin.connect();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`select 2`);
      });
      await expect(transaction).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = (await database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
