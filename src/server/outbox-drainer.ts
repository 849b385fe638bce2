import type { FastifyBaseLogger } from 'fastify';

// The one retrying sender behind every durable outbox (DECISIONS.md 'Notifications by email',
// 'Cross-posts'): emails and group-chat posts. Every app process runs one per outbox; the claim in the
// database keeps two processes from sending the same row. It drains on a timer, and at once when
// `nudge()` says something was queued. What a row is, how it is claimed, sent and marked is the job's.

const BATCH = 20;

export interface OutboxJob<Row> {
  /** Names the outbox in the logs. */
  name: string;
  /** Claims up to `batch` due rows for this process (others skip them until the claim ends). */
  claim(batch: number): Promise<Row[]>;
  /** Delivers one row; throws when it was not delivered. */
  deliver(row: Row): Promise<void>;
  sent(row: Row): Promise<void>;
  /** Records the failure and when to try again (or that it gave up). */
  failed(row: Row, error: unknown): Promise<void>;
  /** What the log says of a row. */
  describe(row: Row): Record<string, unknown>;
}

export class OutboxDrainer<Row> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly job: OutboxJob<Row>,
    private readonly pollMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Something was queued: send now rather than at the next tick (nothing before start). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Sends everything due now; resolves when the outbox has nothing due. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sendDue().finally(() => (this.running = undefined));
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.job.name} sender failed`))
        .finally(() => {
          if (this.stopped) return;
          const next = this.again ? 0 : this.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, delay);
    this.timer.unref();
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const batch = await this.job.claim(BATCH);
      for (const row of batch) {
        try {
          await this.job.deliver(row);
          await this.job.sent(row);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn(
            { ...this.job.describe(row), error: message },
            `${this.job.name} not delivered; will retry`,
          );
          await this.job.failed(row, error);
        }
      }
      if (batch.length < BATCH) return;
    }
  }
}
