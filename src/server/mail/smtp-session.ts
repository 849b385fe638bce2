import type { Readable } from 'node:stream';
import type { Transport } from 'nodemailer/lib/mailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

// A nodemailer transport that keeps one SMTP session open while mail flows and always ends it with
// QUIT (RFC 5321 4.1.1.10; DECISIONS.md 'Email'): once idle, after maxMessages, after a failed
// delivery, and on close(). nodemailer's own SMTP transports end a session by closing the socket (the
// plain one after every message, the pool on close()), which receiving servers log as a lost
// connection. It sends one message at a time, like the outbox's sender; nodemailer still composes
// the message. SMTP_URL's query takes nodemailer's options, as its pool reads them: `idleTimeout`
// (ms) and `maxMessages` here, the rest (tls.*, connectionTimeout, ...) go to the connection.

type SentInfo = SMTPConnection.SentMessageInfo;
/** The connection's options, and nodemailer's `forceAuth`: sign in even where the server offers no AUTH. */
type ConnectionOptions = SMTPConnection.Options & { forceAuth?: boolean };

const DEFAULT_IDLE_MS = 30_000;
const DEFAULT_MAX_MESSAGES = 100;
/** How long a server has to answer QUIT before the socket is closed anyway. */
const QUIT_WAIT_MS = 5_000;

export class SmtpSessionTransport implements Transport<SentInfo> {
  readonly name = 'SMTP (one session, ended with QUIT)';
  readonly version = '1';
  private readonly options: ConnectionOptions;
  private readonly auth: SMTPConnection.AuthenticationType | undefined;
  private readonly idleMs: number;
  private readonly maxMessages: number;
  private session: Session | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(url: string) {
    const {
      auth,
      idleTimeout,
      maxMessages,
      // Pool settings mean nothing here: there is one session.
      pool: _pool,
      maxConnections: _maxConnections,
      ...options
    } = parseConnectionUrl(url) as ConnectionOptions & {
      auth?: { user: string; pass: string };
      idleTimeout?: unknown;
      maxMessages?: unknown;
      pool?: unknown;
      maxConnections?: unknown;
    };
    this.options = options;
    this.auth = auth;
    this.idleMs = positive(idleTimeout) ?? DEFAULT_IDLE_MS;
    this.maxMessages = positive(maxMessages) ?? DEFAULT_MAX_MESSAGES;
  }

  send(mail: MailMessage<SentInfo>, callback: (error: Error | null, info: SentInfo) => void): void {
    this.exclusive(async () => {
      if (this.closed) throw new Error('The SMTP transport is closed');
      clearTimeout(this.idleTimer);
      if (!this.session?.usable) {
        await this.session?.end();
        this.session = await Session.open(this.options, this.auth);
      }
      const session = this.session;
      let info: SentInfo;
      try {
        info = await session.send(mail.message.getEnvelope(), mail.message.createReadStream());
      } catch (error) {
        await this.endSession();
        throw error;
      }
      if (session.messages >= this.maxMessages) await this.endSession();
      else this.endWhenIdle();
      return info;
    }).then(
      (info) => callback(null, info),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), {} as SentInfo),
    );
  }

  /** Connects, says hello and signs in on a session of its own, then ends it with QUIT. */
  verify(): Promise<true>;
  verify(callback: (error: Error | null, success?: true) => void): void;
  verify(callback?: (error: Error | null, success?: true) => void): Promise<true> | void {
    const verified = Session.open(this.options, this.auth).then(async (session) => {
      await session.end();
      return true as const;
    });
    if (!callback) return verified;
    verified.then(
      () => callback(null, true),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Ends the open session with QUIT once the message being sent (if any) is through. */
  async close(): Promise<void> {
    this.closed = true;
    await this.exclusive(() => this.endSession());
  }

  private endWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.exclusive(() => this.endSession()), this.idleMs);
    this.idleTimer.unref();
  }

  private async endSession(): Promise<void> {
    clearTimeout(this.idleTimer);
    const session = this.session;
    this.session = undefined;
    await session?.end();
  }

  /** Runs `work` after whatever runs now: one SMTP dialogue at a time. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** One SMTP connection. A step fails when the server errs or the connection drops in the middle of it. */
class Session {
  messages = 0;
  private failure: Error | undefined;
  private ended = false;
  private readonly interrupts = new Set<() => void>();

  private constructor(private readonly connection: SMTPConnection) {
    // An SMTPConnection reports a dropped socket or a timeout only by these events.
    connection.on('error', (error: Error) => {
      this.failure ??= error;
      this.interruptAll();
    });
    connection.once('end', () => {
      this.ended = true;
      this.interruptAll();
    });
  }

  static async open(
    options: ConnectionOptions,
    auth: SMTPConnection.AuthenticationType | undefined,
  ): Promise<Session> {
    const session = new Session(new SMTPConnection(options));
    try {
      await session.step<void>((done) => session.connection.connect((error) => done(error ?? null)));
      // As nodemailer's transports do: sign in where the server offers it (or forceAuth says so).
      if (auth && (session.connection.allowsAuth || options.forceAuth)) {
        await session.step<boolean | undefined>((done) => session.connection.login(auth, done));
      }
    } catch (error) {
      await session.end();
      throw error;
    }
    return session;
  }

  get usable(): boolean {
    return !this.ended && !this.failure;
  }

  async send(envelope: SMTPConnection.Envelope, message: Readable): Promise<SentInfo> {
    const info = await this.step<SentInfo>((done) => this.connection.send(envelope, message, done));
    this.messages += 1;
    return info;
  }

  /** QUIT, and the server's reply closes the connection; one that already failed is only closed. */
  async end(): Promise<void> {
    if (this.ended) return;
    if (this.failure) {
      this.connection.close();
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.connection.close(), QUIT_WAIT_MS);
      timer.unref();
      this.connection.once('end', () => {
        clearTimeout(timer);
        resolve();
      });
      this.connection.quit();
    });
  }

  private step<T>(start: (done: (error: Error | null, value?: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const interrupt = () => {
        if (settled) return;
        settled = true;
        this.interrupts.delete(interrupt);
        reject(this.failure ?? new Error('The SMTP server closed the connection'));
      };
      if (!this.usable) return interrupt();
      this.interrupts.add(interrupt);
      start((error, value) => {
        if (settled) return;
        settled = true;
        this.interrupts.delete(interrupt);
        if (error) reject(error);
        else resolve(value as T);
      });
    });
  }

  private interruptAll(): void {
    for (const interrupt of [...this.interrupts]) interrupt();
  }
}
