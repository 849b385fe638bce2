import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';

// PGlite runs no autovacuum (docs/decisions/054): without statistics a connection keeps the plans it
// made while a table was empty, and the deliveries' foreign-key check then read the whole
// notifications table for each row (a fan-out to 1,000 members: 2.3 s against 0.3 s). The app
// keeps the statistics itself; PostgreSQL's autovacuum does it there.

describe.each(BACKENDS)('the database upkeep on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  const upkeepRows = () =>
    queryRows<{ job: string }>(t.db, sql`select job from scheduled_jobs where job = 'database_upkeep'`);
  const teamsCounted = async () =>
    Number(
      (
        await queryRows<{ reltuples: number }>(
          t.db,
          sql`select reltuples from pg_class where relname = 'teams'`,
        )
      )[0]?.reltuples,
    );

  it.runIf(backend.name === 'pglite')(
    'keeps the statistics of grown tables, by a recurring job',
    async () => {
      await t.db.execute(sql`
      insert into teams (name, invite_code)
      select 'Upkeep ' || n, 'UPK' || n from generate_series(1, 300) n`);
      expect(await teamsCounted()).toBeLessThan(300);
      await t.app.scheduler.ensureRecurring();
      expect(await upkeepRows()).toHaveLength(1);
      await t.app.scheduler.drain();
      expect(await teamsCounted()).toBeGreaterThanOrEqual(300);
      const [due] = await queryRows<{ later: boolean }>(
        t.db,
        sql`select due_at > now() + interval '50 minutes' as later from scheduled_jobs where job = 'database_upkeep'`,
      );
      expect(due?.later).toBe(true);
    },
  );

  it.runIf(backend.name === 'postgres')('leaves it to autovacuum on PostgreSQL', async () => {
    await t.app.scheduler.ensureRecurring();
    expect(await upkeepRows()).toEqual([]);
  });
});
