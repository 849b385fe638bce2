import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/connect.ts';
import { scheduledJobs } from './db/schema.ts';
import { retryDelaySeconds } from './outbox-claims.ts';
import { OutboxDrainer } from './outbox-drainer.ts';

// The scheduler (docs/decisions/043): work due at a time is a row of scheduled_jobs, never a timer in a
// process. Every app process polls the table; a due job is claimed by one of them (SKIP LOCKED) and
// marked done by the claim that ran it. A job's (job, key) is unique: queuing it again, from another
// process or after a restart, adds nothing. Recurring work (the reminder sweep, digests) is one row per
// task whose due time moves on after each run.

export type JobRow = typeof scheduledJobs.$inferSelect;

/** What runs a job: throws to be tried again later (10 s doubling, at most 5 minutes). */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface JobSpec {
  job: string;
  key: string;
  dueAt: Date;
  payload?: Record<string, unknown>;
}

/** Queues a job unless one with its (job, key) exists, done or not. Pass the transaction's handle. */
export async function scheduleJob(db: Db, spec: JobSpec): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values({ job: spec.job, key: spec.key, dueAt: spec.dueAt, payload: spec.payload ?? {} })
    .onConflictDoNothing();
}

/** A job is held by its claim for this long: longer than any handler may take. */
const CLAIM_SECONDS = 120;

const unclaimed = () => or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, sql`now()`));

async function claimDueJob(db: Db, names: readonly string[]): Promise<JobRow | undefined> {
  if (names.length === 0) return undefined;
  const due = db
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(
      and(
        isNull(scheduledJobs.doneAt),
        lte(scheduledJobs.dueAt, sql`now()`),
        unclaimed(),
        sql`${scheduledJobs.job} in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(scheduledJobs.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(scheduledJobs)
    .set({
      lockedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'`,
      attempts: sql`${scheduledJobs.attempts} + 1`,
    })
    .where(sql`${scheduledJobs.id} in ${due}`)
    .returning();
  return row;
}

/** Only the claim that holds a row may mark it (outbox-claims.ts says why). */
const stillClaimed = (row: JobRow) =>
  and(eq(scheduledJobs.id, row.id), eq(scheduledJobs.attempts, row.attempts));

interface Recurring {
  everyMs: number;
  run: () => Promise<void>;
}

export class Scheduler extends OutboxDrainer<JobRow> {
  private readonly handlers: Map<string, JobHandler>;
  private readonly recurring: Map<string, Recurring>;

  constructor(
    private readonly db: Db,
    pollMs: number,
    log: FastifyBaseLogger,
  ) {
    const handlers = new Map<string, JobHandler>();
    const recurring = new Map<string, Recurring>();
    super(
      {
        name: 'scheduler',
        claim: () => claimDueJob(db, [...handlers.keys(), ...recurring.keys()]),
        deliver: async (row) => {
          const periodic = recurring.get(row.job);
          if (periodic) return periodic.run();
          const handler = handlers.get(row.job);
          if (!handler) throw new Error(`No handler for job ${row.job}`);
          await handler(row.payload, row);
        },
        sent: async (row) => {
          const periodic = recurring.get(row.job);
          await db
            .update(scheduledJobs)
            .set(
              periodic
                ? {
                    // Attempts keep growing: they name the claim, and an overrun claim of an earlier
                    // run must never match a later one.
                    lockedUntil: null,
                    lastError: null,
                    dueAt: sql`now() + ${periodic.everyMs} * interval '1 millisecond'`,
                  }
                : { doneAt: sql`now()`, lockedUntil: null, lastError: null },
            )
            .where(stillClaimed(row));
        },
        failed: async (row, error) => {
          await db
            .update(scheduledJobs)
            .set({
              lockedUntil: null,
              lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
              dueAt: sql`now() + ${retryDelaySeconds(row.attempts)} * interval '1 second'`,
            })
            .where(stillClaimed(row));
        },
        describe: (row) => ({ jobId: row.id, job: row.job, attempts: row.attempts }),
      },
      pollMs,
      log,
    );
    this.handlers = handlers;
    this.recurring = recurring;
  }

  /** Runs jobs named `job` when they are due. Register before start(). */
  register(job: string, handler: JobHandler): this {
    if (this.handlers.has(job) || this.recurring.has(job)) throw new Error(`Job ${job} registered twice`);
    this.handlers.set(job, handler);
    return this;
  }

  /**
   * Runs `run` about every `everyMs`, in one process at a time, whichever claims its row (made at
   * start, due at once).
   */
  every(job: string, everyMs: number, run: () => Promise<void>): this {
    if (this.handlers.has(job) || this.recurring.has(job)) throw new Error(`Job ${job} registered twice`);
    this.recurring.set(job, { everyMs, run });
    return this;
  }

  /** The row of each recurring task, due at once where it was not there (start() makes them). */
  async ensureRecurring(): Promise<void> {
    const rows = [...this.recurring.keys()].map((job) => ({ job, key: 'every', dueAt: new Date() }));
    if (rows.length > 0) await this.db.insert(scheduledJobs).values(rows).onConflictDoNothing();
  }

  override start(): void {
    this.ensureRecurring().then(
      () => super.start(),
      (error: unknown) => {
        this.log.error({ err: error }, 'scheduler could not start; retrying');
        setTimeout(() => this.start(), 5_000).unref();
      },
    );
  }
}
