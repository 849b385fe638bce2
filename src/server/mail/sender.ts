import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { claimDueEmails, markFailed, markSent } from './outbox.ts';
import type { MailTransport } from './transport.ts';

const BATCH = 20;

/**
 * Drains the outbox: every process runs one, and the claim in the database keeps two from sending the
 * same email. Runs on a timer, and at once when `nudge()` says something was queued.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Something was queued: send now rather than at the next tick. */
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
        .catch((error: unknown) => this.log.error({ err: error }, 'mail sender failed'))
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
      const batch = await claimDueEmails(this.db, BATCH);
      for (const row of batch) {
        try {
          await this.transport.send({
            from: this.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            ...(row.htmlBody ? { html: row.htmlBody } : {}),
          });
          await markSent(this.db, row.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn(
            { emailId: row.id, attempts: row.attempts, error: message },
            'email not delivered; will retry',
          );
          await markFailed(this.db, row, message);
        }
      }
      if (batch.length < BATCH) return;
    }
  }
}
