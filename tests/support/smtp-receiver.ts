import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header, lower-cased name first, in the message's order. */
  headers: [name: string, value: string][];
}

/** One SMTP session a client opened: the commands it sent, and whether it has ended. */
export interface SmtpSession {
  id: string;
  commands: string[];
  closed: boolean;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read. */
export class SmtpReceiver {
  readonly messages: ReceivedEmail[] = [];
  readonly sessions: SmtpSession[] = [];
  private server: SMTPServer | undefined;
  private waiters: (() => void)[] = [];
  private readonly refused = new Set<string>();
  private holds: { recipients: (to: string[]) => void; release: Promise<void> }[] = [];

  /** Refuses `address` at RCPT TO, as a server does for a mailbox it does not know. */
  refuse(address: string): void {
    this.refused.add(address.toLowerCase());
  }

  /**
   * Holds the next message: its DATA is read but not answered until `release()` (a server that
   * stalls). `held` resolves to its recipients once it is being held.
   */
  holdNextMessage(): { held: Promise<string[]>; release: () => void } {
    let release = () => {};
    let recipients: (to: string[]) => void = () => {};
    const held = new Promise<string[]>((resolve) => (recipients = resolve));
    this.holds.push({ recipients, release: new Promise<void>((resolve) => (release = resolve)) });
    return { held, release };
  }

  /** Listens on `port` (0 picks a free one) and resolves to the port. */
  async start(port = 0): Promise<number> {
    const session = (id: string) => {
      let found = this.sessions.find((s) => s.id === id);
      if (!found) {
        found = { id, commands: [], closed: false };
        this.sessions.push(found);
      }
      return found;
    };
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      // smtp-server reports each command a client sends only to its logger.
      logger: {
        debug: (entry: { tnx?: string; cid?: string; command?: string }) => {
          if (entry.tnx === 'command' && entry.cid && entry.command) {
            session(entry.cid).commands.push(entry.command);
          }
        },
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
        trace: () => undefined,
        fatal: () => undefined,
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        const error = new Error(`<${address.address}>: Recipient address rejected: User unknown`);
        callback(Object.assign(error, { responseCode: 550 }));
      },
      onClose: (closed) => {
        session(closed.id).closed = true;
        this.wake();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        const hold = this.holds.shift();
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (hold) hold.recipients(session.envelope.rcptTo.map((to) => to.address));
          (hold?.release ?? Promise.resolve())
            .then(() => PostalMime.parse(Buffer.concat(chunks)))
            .then(
              (email) => {
                this.messages.push({
                  to: (email.to ?? []).map((a) => a.address ?? ''),
                  subject: email.subject ?? '',
                  text: email.text ?? '',
                  html: email.html ?? '',
                  headers: email.headers.map((h) => [h.key, h.value]),
                });
                this.wake();
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

  /** The newest email to `address` (whose subject matches, when given), waiting for it to arrive. */
  async waitFor(address: string, subject?: RegExp, timeoutMs = 5000): Promise<ReceivedEmail> {
    return this.until(
      () =>
        this.messages.filter((m) => m.to.includes(address) && (!subject || subject.test(m.subject))).at(-1),
      timeoutMs,
      `No email to ${address} within ${timeoutMs} ms`,
    );
  }

  /** Waits until every session opened so far has ended; resolves to them. */
  async allSessionsClosed(timeoutMs = 5000): Promise<SmtpSession[]> {
    return this.until(
      () => (this.sessions.length > 0 && this.sessions.every((s) => s.closed) ? this.sessions : undefined),
      timeoutMs,
      `SMTP sessions still open after ${timeoutMs} ms`,
    );
  }

  private async until<T>(found: () => T | undefined, timeoutMs: number, failure: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(failure);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    this.waiters.splice(0).forEach((wake) => wake());
  }
}
