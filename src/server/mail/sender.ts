import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { OutboxDrainer } from '../outbox-drainer.ts';
import { claimDueEmails, markFailed, markSent, type OutboxRow } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/** Drains the email outbox through the mail transport (SMTP, or files in development). */
export class MailSender extends OutboxDrainer<OutboxRow> {
  constructor(
    db: Db,
    private readonly transport: MailTransport,
    from: string,
    pollMs: number,
    log: FastifyBaseLogger,
  ) {
    super(
      {
        name: 'email',
        claim: (batch) => claimDueEmails(db, batch),
        deliver: (row) =>
          transport.send({
            from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            ...(row.htmlBody ? { html: row.htmlBody } : {}),
          }),
        sent: (row) => markSent(db, row.id),
        failed: (row, error) => markFailed(db, row, error instanceof Error ? error.message : String(error)),
        describe: (row) => ({ emailId: row.id, attempts: row.attempts }),
      },
      pollMs,
      log,
    );
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.transport.close();
  }
}
