import type { Readable } from 'node:stream';
import type { Transport } from 'nodemailer/lib/mailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

// A nodemailer transport that keeps one SMTP session open while mail flows and always ends it with
// QUIT (RFC 5321 4.1.1.10; docs/product/limits-and-abuse.md 'Privacy in logs and email'): once idle,
// after maxMessages, after a failed delivery, and on close(). nodemailer's own SMTP transports end a
// session by closing the socket (the plain one after every message, the pool on close()), which receiving
// servers log as a lost connection. It sends one message at a time, like the outbox's sender; nodemailer
// still composes the message. SMTP_URL's query takes nodemailer's options, as its pool reads them:
// `idleTimeout` (ms) and `maxMessages` here, and `sendTimeout` (ms, below); the rest (tls.*,
// connectionTimeout, greetingTimeout, socketTimeout, ...) go to the connection.
//
// Time limits (docs/decisions/003): nodemailer's own defaults (2 minutes to connect, 30 s for the
// greeting, 10 minutes of silence) would let one stalled server hold a send longer than the outbox's
// claim on the email, after which another process sends it too. So a connection must open and greet
// within 15 s, a silence of 60 s ends it, and one send, session opening included, gives up after
// `sendTimeout` (90 s by default): the outbox claims an email for longer than that (mail/sender.ts).

type SentInfo = SMTPConnection.SentMessageInfo;
/** The connection's options, and nodemailer's `forceAuth`: sign in even where the server offers no AUTH. */
type ConnectionOptions = SMTPConnection.Options & { forceAuth?: boolean };

const DEFAULT_IDLE_MS = 30_000;
const DEFAULT_MAX_MESSAGES = 100;
/** How long a server has to answer QUIT before the socket is closed anyway. */
const QUIT_WAIT_MS = 5_000;
const DEFAULT_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
const DEFAULT_SEND_TIMEOUT_MS = 90_000;

/** An SMTP dialogue that did not end in time (no server answer, or answers too slow). */
export class SmtpTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(ms: number) {
    super(`The SMTP server did not finish within ${ms} ms`);
    this.name = 'SmtpTimeoutError';
  }
}

export class SmtpSessionTransport implements Transport<SentInfo> {
  readonly name = 'SMTP (one session, ended with QUIT)';
  readonly version = '1';
  private readonly options: ConnectionOptions;
  private readonly auth: SMTPConnection.AuthenticationType | undefined;
  private readonly idleMs: number;
  private readonly maxMessages: number;
  /** The longest one send may take, session opening included. */
  readonly sendTimeoutMs: number;
  private session: Session | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(url: string) {
    const {
      auth,
      idleTimeout,
      maxMessages,
      sendTimeout,
      // Pool settings mean nothing here: there is one session.
      pool: _pool,
      maxConnections: _maxConnections,
      ...options
    } = parseConnectionUrl(url) as ConnectionOptions & {
      auth?: { user: string; pass: string };
      idleTimeout?: unknown;
      maxMessages?: unknown;
      sendTimeout?: unknown;
      pool?: unknown;
      maxConnections?: unknown;
    };
    this.options = { ...DEFAULT_TIMEOUTS, ...options };
    this.auth = auth;
    this.idleMs = positive(idleTimeout) ?? DEFAULT_IDLE_MS;
    this.maxMessages = positive(maxMessages) ?? DEFAULT_MAX_MESSAGES;
    this.sendTimeoutMs = positive(sendTimeout) ?? DEFAULT_SEND_TIMEOUT_MS;
  }

  send(mail: MailMessage<SentInfo>, callback: (error: Error | null, info: SentInfo) => void): void {
    this.exclusive(async () => {
      if (this.closed) throw new Error('The SMTP transport is closed');
      clearTimeout(this.idleTimer);
      if (!this.session?.usable) {
        await this.session?.end();
        this.session = new Session(this.options);
      }
      const session = this.session;
      const deadline = setTimeout(
        () => session.abort(new SmtpTimeoutError(this.sendTimeoutMs)),
        this.sendTimeoutMs,
      );
      deadline.unref();
      let info: SentInfo;
      try {
        await session.open(this.auth);
        info = await session.send(mail.message.getEnvelope(), mail.message.createReadStream());
      } catch (error) {
        await this.endSession();
        throw error;
      } finally {
        clearTimeout(deadline);
      }
      if (session.messages >= this.maxMessages) await this.endSession();
      else this.endWhenIdle();
      return info;
    }).then(
      (info) => callback(null, info),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), {} as SentInfo),
    );
  }

  /**
   * Connects, says hello and signs in on a session of its own, then ends it with QUIT; gives up, closing
   * the connection, once `timeoutMs` have passed (each of its steps waits no longer either).
   */
  async check(timeoutMs: number): Promise<void> {
    const limit = (configured: number | undefined) => Math.min(configured ?? timeoutMs, timeoutMs);
    const session = new Session({
      ...this.options,
      connectionTimeout: limit(this.options.connectionTimeout),
      greetingTimeout: limit(this.options.greetingTimeout),
      socketTimeout: limit(this.options.socketTimeout),
    });
    const deadline = setTimeout(() => session.abort(new SmtpTimeoutError(timeoutMs)), timeoutMs);
    deadline.unref();
    try {
      await session.open(this.auth);
      await session.end();
    } catch (error) {
      await session.end();
      throw error;
    } finally {
      clearTimeout(deadline);
    }
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
  private opened = false;
  private readonly interrupts = new Set<() => void>();
  private readonly connection: SMTPConnection;

  constructor(private readonly options: ConnectionOptions) {
    this.connection = new SMTPConnection(options);
    // An SMTPConnection reports a dropped socket or a timeout only by these events.
    this.connection.on('error', (error: Error) => {
      this.failure ??= error;
      this.interruptAll();
    });
    this.connection.once('end', () => {
      this.ended = true;
      this.interruptAll();
    });
  }

  /** Connects and says hello, and signs in where the server offers it (once; later calls do nothing). */
  async open(auth: SMTPConnection.AuthenticationType | undefined): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    await this.step<void>((done) => this.connection.connect((error) => done(error ?? null)));
    // As nodemailer's transports do: sign in where the server offers it (or forceAuth says so).
    if (auth && (this.connection.allowsAuth || this.options.forceAuth)) {
      await this.step<boolean | undefined>((done) => this.connection.login(auth, done));
    }
  }

  /** Gives up on the session at once: the step under way fails with `error`, the socket is closed. */
  abort(error: Error): void {
    this.failure ??= error;
    this.interruptAll();
    this.connection.close();
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
