import type { FastifyBaseLogger } from 'fastify';

// The one retrying sender behind every durable outbox (docs/product/limits-and-abuse.md 'Privacy in logs
// and email', docs/product/announcements.md 'Cross-posts to the group chat'): emails and group-chat
// posts. Every app process runs one per outbox; the claim in the database keeps two processes from
// sending the same row. It drains on a timer, and at once when
// `nudge()` says something was queued. What a row is, how it is claimed, sent and marked is the job's.
// Rows are claimed one at a time, each just before it is sent, for longer than its send may take: a
// row never waits behind slow sends under a claim that runs out, to be sent by another process too
// (docs/decisions/003).

export interface OutboxJob<Row> {
  /** Names the outbox in the logs. */
  name: string;
  /** Claims the next due row for this process (others skip it until the claim ends), if any. */
  claim(): Promise<Row | undefined>;
  /** Delivers one row; throws when it was not delivered. */
  deliver(row: Row): Promise<void>;
  sent(row: Row): Promise<void>;
  /** Records the failure and when to try again (or that it gave up). */
  failed(row: Row, error: unknown): Promise<void>;
  /** What the log says of a row (its id; never an address or a text). */
  describe(row: Row): Record<string, unknown>;
}

/**
 * What the log says of a failed delivery: its codes only. A mail server's reply names the recipient
 * ('550 5.1.1 <x@y>: Recipient address rejected'), and nodemailer puts it in the message.
 */
export function failureCodes(error: unknown): { code?: string; responseCode?: number } {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}

export class OutboxDrainer<Row> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** stop() waits: the drain under way ends after its current row. */
  private halting = false;

  constructor(
    private readonly job: OutboxJob<Row>,
    private readonly pollMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** pause() calls not yet resumed, and whether to start again when the last is. */
  private pauses = 0;
  private startOnResume = false;

  start(): void {
    // A start while paused (the scheduler's, once its recurring rows are in) waits for resume().
    if (this.pauses > 0) {
      this.startOnResume = true;
      return;
    }
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Holds the polling until resume(), after the work under way: the API tests that count a request's
   * statements, where a background read would fall inside the count now and then.
   */
  async pause(): Promise<void> {
    this.pauses += 1;
    if (this.pauses === 1) this.startOnResume = !this.stopped;
    await this.stop();
  }

  /** Polls again if it was started before or during the pause. */
  resume(): void {
    this.pauses -= 1;
    if (this.pauses > 0 || !this.startOnResume) return;
    this.startOnResume = false;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the timer and waits for the send under way (bounded by the transport's time limit). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halting = true;
    clearTimeout(this.timer);
    try {
      await this.running;
    } finally {
      this.halting = false;
    }
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
    while (!this.halting) {
      const row = await this.job.claim();
      if (row === undefined) return;
      try {
        await this.job.deliver(row);
        await this.job.sent(row);
      } catch (error) {
        this.log.warn(
          { ...this.job.describe(row), ...failureCodes(error) },
          `${this.job.name} not delivered; will retry`,
        );
        await this.job.failed(row, error);
      }
    }
  }
}
