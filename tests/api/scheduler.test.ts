import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleJob, Scheduler } from '../../src/server/scheduler.ts';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';

// The scheduler (docs/decisions/043): a job is a row, due at a time, run once by whichever process
// claims it, again after a failure, and never twice because it was queued twice or the app restarted.

describe.each(BACKENDS)('the scheduler on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, undefined);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from scheduled_jobs`);
  });

  const past = () => new Date(Date.now() - 1000);
  const schedulerWith = (runs: string[], fail = 0) => {
    let failures = fail;
    return new Scheduler(t.db, 60_000, t.app.log).register('probe', async (payload, job) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('not now');
      }
      runs.push(`${job.key}:${(payload as { n: number }).n}`);
    });
  };

  it('runs a due job once, however often it was queued, and leaves one not yet due', async () => {
    const runs: string[] = [];
    await scheduleJob(t.db, { job: 'probe', key: 'a', dueAt: past(), payload: { n: 1 } });
    await scheduleJob(t.db, { job: 'probe', key: 'a', dueAt: past(), payload: { n: 2 } });
    await scheduleJob(t.db, {
      job: 'probe',
      key: 'later',
      dueAt: new Date(Date.now() + 3600_000),
      payload: { n: 3 },
    });
    const scheduler = schedulerWith(runs);
    await scheduler.drain();
    await scheduler.drain();
    expect(runs).toEqual(['a:1']);
    // Queued again after it ran: still the same (done) row.
    await scheduleJob(t.db, { job: 'probe', key: 'a', dueAt: past(), payload: { n: 4 } });
    await scheduler.drain();
    expect(runs).toEqual(['a:1']);
  });

  it('tries a failed job again later, keeping what went wrong', async () => {
    const runs: string[] = [];
    await scheduleJob(t.db, { job: 'probe', key: 'b', dueAt: past(), payload: { n: 1 } });
    const scheduler = schedulerWith(runs, 1);
    await scheduler.drain();
    expect(runs).toEqual([]);
    const [row] = await queryRows<{ last_error: string; due: boolean }>(
      t.db,
      sql`select last_error, due_at > now() as due from scheduled_jobs where key = 'b'`,
    );
    expect(row).toEqual({ last_error: 'not now', due: true });
    await t.db.execute(sql`update scheduled_jobs set due_at = now() where key = 'b'`);
    await scheduler.drain();
    expect(runs).toEqual(['b:1']);
  });

  it('two schedulers on one database run each job once', async () => {
    const runs: string[] = [];
    for (let n = 0; n < 20; n += 1) {
      await scheduleJob(t.db, { job: 'probe', key: `k${n}`, dueAt: past(), payload: { n } });
    }
    await Promise.all([schedulerWith(runs).drain(), schedulerWith(runs).drain()]);
    expect(runs).toHaveLength(20);
    expect(new Set(runs).size).toBe(20);
  });

  it('runs a recurring task when due and moves its row on, across a restart', async () => {
    let ran = 0;
    const make = () =>
      new Scheduler(t.db, 60_000, t.app.log).every('sweep', 3600_000, async () => {
        ran += 1;
      });
    const first = make();
    await first.ensureRecurring();
    await first.drain();
    await first.drain();
    expect(ran).toBe(1);
    // Another process (or this one after a restart) finds it not due for an hour.
    const second = make();
    await second.ensureRecurring();
    await second.drain();
    expect(ran).toBe(1);
    const [row] = await queryRows<{ minutes: number }>(
      t.db,
      sql`select round(extract(epoch from (due_at - now())) / 60)::integer as minutes from scheduled_jobs where job = 'sweep'`,
    );
    expect(row?.minutes).toBe(60);
  });
});
