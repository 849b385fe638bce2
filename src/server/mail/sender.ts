import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { OutboxDrainer } from '../outbox-drainer.ts';
import { whyNeedless } from './needless.ts';
import type { MailStatus } from './mail-status.ts';
import { claimDueEmail, markFailed, markSent, type OutboxRow } from './outbox.ts';
import { type RenderedEmail, renderQueued, renderStored, type Site } from './templates.ts';
import type { MailTransport } from './transport.ts';

/** RFC 3834: every email this app sends is automatic, so auto-responders do not answer it. */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' };

/** An email is claimed for this much longer than its send may take. */
const CLAIM_MARGIN_SECONDS = 30;

/**
 * Drains the email outbox through the mail transport (SMTP, or files in development). Each email is
 * rendered now, with this server's PUBLIC_URL and CLUB_NAME, whoever queued it. What each send shows of
 * the mail server is told to `status` (health).
 */
export class MailSender extends OutboxDrainer<OutboxRow> {
  constructor(
    db: Db,
    private readonly transport: MailTransport,
    config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL' | 'CLUB_NAME'>,
    pollMs: number,
    log: FastifyBaseLogger,
    status?: MailStatus,
  ) {
    const site: Site = { publicUrl: config.PUBLIC_URL, clubName: config.CLUB_NAME };
    const skipped = new WeakMap<OutboxRow, string>();
    const claimSeconds = Math.ceil(transport.sendTimeoutMs / 1000) + CLAIM_MARGIN_SECONDS;
    super(
      {
        name: 'email',
        claim: () => claimDueEmail(db, claimSeconds),
        deliver: async (row) => {
          const needless = await whyNeedless(db, row);
          if (needless) {
            skipped.set(row, needless);
            return;
          }
          const { headers, ...rendered } = render(row, site);
          const email = {
            from: config.MAIL_FROM,
            to: row.toAddress,
            ...rendered,
            headers: { ...headers, ...AUTOMATIC },
          };
          try {
            await transport.send(email);
          } catch (error) {
            status?.failed(error);
            throw error;
          }
          status?.delivered();
        },
        sent: (row) => markSent(db, row, skipped.get(row) ?? null),
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

function render(row: OutboxRow, site: Site): RenderedEmail {
  if (row.template !== null) return renderQueued(row.template, row.params, site);
  if (row.subject === null || row.textBody === null) throw new Error('An email with nothing to send');
  return renderStored({ subject: row.subject, text: row.textBody, html: row.htmlBody });
}
