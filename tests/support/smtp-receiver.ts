import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read. */
export class SmtpReceiver {
  readonly messages: ReceivedEmail[] = [];
  private server: SMTPServer | undefined;
  private waiters: (() => void)[] = [];

  /** Listens on `port` (0 picks a free one) and resolves to the port. */
  async start(port = 0): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (email) => {
              this.messages.push({
                to: (email.to ?? []).map((a) => a.address ?? ''),
                subject: email.subject ?? '',
                text: email.text ?? '',
                html: email.html ?? '',
              });
              this.waiters.splice(0).forEach((wake) => wake());
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP receiver has no port');
    return address.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The newest email to `address`, waiting up to `timeoutMs` for it to arrive. */
  /** The newest email to `address` (whose subject matches, when given), waiting for it to arrive. */
  async waitFor(address: string, subject?: RegExp, timeoutMs = 5000): Promise<ReceivedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .filter((m) => m.to.includes(address) && (!subject || subject.test(m.subject)))
        .at(-1);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No email to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
