import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  MIGRATIONS_FOLDER,
  openDatabase,
  PGLITE_START_PARAMS,
} from '../../src/server/db/connect.ts';
import { isConnectionFailure, isUniqueViolation, sqlState } from '../../src/server/db/errors.ts';
import { PGliteThread } from '../../src/server/db/pglite-thread.ts';
import { compiledThread } from '../support/compiled-thread.ts';
import { SCRATCH_FOLDER, SCRATCH_PREFIX } from '../support/database-templates.ts';

// PGlite runs on a thread of its own (db/pglite-thread.ts): the app's thread must stay free while a
// query runs, and transactions, errors and notifications must behave as PGlite's own.

let database: Database;
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
beforeAll(async () => {
  const dataDir = migratedCopy();
  database = await openDatabase({ kind: 'pglite', dataDir, thread: await compiledThread() });
  await database.db.execute(sql`create table probe (id int primary key, note text)`);
});
afterAll(() => database.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A scratch folder holding a copy of the run's migrated PGlite database in `pgdata`. */
function migratedCopy(): string {
  const folder = fs.mkdtempSync(path.join(SCRATCH_FOLDER, `${SCRATCH_PREFIX}${process.pid}-`));
  folders.push(folder);
  fs.cpSync(inject('pgliteTemplate'), path.join(folder, 'pgdata'), { recursive: true });
  return folder;
}

/**
 * A thread of its own on a copy of the run's migrated database, compiled as the test apps' threads are
 * (compiled-thread.ts). Each used to create its database in memory, initdb and migrations through tsx:
 * past the 30 s limit on a busy machine, before and after the other changes of docs/decisions/033.
 */
async function startThread(): Promise<PGliteThread> {
  const dataDir = path.join(migratedCopy(), 'pgdata');
  const { module, wasmModule } = await compiledThread();
  return PGliteThread.start(
    { dataDir, migrationsFolder: MIGRATIONS_FOLDER, startParams: PGLITE_START_PARAMS, wasmModule },
    module,
  );
}

describe('PGlite on its own thread', () => {
  it("leaves the app's thread free while a long query runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    try {
      let ticksWhenDone = -1;
      const long = database.db
        .execute(sql`select sum(a * b) from generate_series(1, 3000) a, generate_series(1, 1000) b`)
        .then(() => (ticksWhenDone = ticks));
      await long;
      // On the app's thread the query would run to its end in one go: no tick could happen meanwhile.
      expect(ticksWhenDone).toBeGreaterThan(3);
    } finally {
      clearInterval(timer);
    }
  });

  it('rolls a failed transaction back and passes the error on with its SQLSTATE and constraint', async () => {
    await database.db.execute(sql`insert into probe values (1, 'kept')`);
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (2, 'rolled back')`);
      await tx.execute(sql`insert into probe values (1, 'duplicate')`);
    });
    const error = await failing.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(sqlState(error)).toBe('23505');
    expect(isUniqueViolation(error, 'probe_pkey')).toBe(true);
    expect(await rows(sql`select id, note from probe order by id`)).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('commits a transaction and keeps other queries out of it until it ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (3, 'in the transaction')`);
      await held;
    });
    // A query from outside waits for PGlite's one lock, as with PGlite on the app's thread.
    let outsideDone = false;
    const outside = rows(sql`select count(*)::int as n from probe`).then((result) => {
      outsideDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await inside;
    expect(await outside).toEqual([{ n: 2 }]);
  });

  it('rolls back a transaction whose code throws, and a nested savepoint on its own', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (4, 'gone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (5, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into probe values (6, 'gone')`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    expect((await rows(sql`select id from probe order by id`)).map((r) => r['id'])).toEqual([1, 3, 5]);
  });

  it('delivers notifications to the listener', async () => {
    const heard: string[] = [];
    const stop = await database.listen(
      'probe_channel',
      (payload) => heard.push(payload),
      () => {},
    );
    await database.db.execute(sql`select pg_notify('probe_channel', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });

  it('fails a query whose parameter cannot cross to the thread, leaving nothing waiting', async () => {
    const thread = await startThread();
    try {
      await expect(thread.query('select $1::text', [() => 1])).rejects.toThrow();
      expect(await thread.query('select 1 as one')).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await thread.close();
    }
  });

  it('tells its owner when the thread dies, and fails every call instead of hanging', async () => {
    const thread = await startThread();
    const failures: Error[] = [];
    thread.onFailure((error) => failures.push(error));
    await thread.worker.terminate();
    await expect.poll(() => failures.length).toBe(1);
    await expect(thread.query('select 1')).rejects.toThrow('The database thread stopped');
    // Requests meeting it answer 503 with Retry-After while the process stops (docs/decisions/026).
    expect(isConnectionFailure(await thread.query('select 1').catch((error: unknown) => error))).toBe(true);
    // Closing on purpose is no failure.
    const closed = await startThread();
    const none: Error[] = [];
    closed.onFailure((error) => none.push(error));
    await closed.close();
    expect(none).toEqual([]);
  });
});
