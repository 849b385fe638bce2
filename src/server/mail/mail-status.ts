// What /api/health says of mail (docs/decisions/026). A probe of the SMTP server is a whole session
// (connect, EHLO, STARTTLS, sign-in, QUIT): run on every poll of an unauthenticated endpoint it would be
// a sign-in every few seconds, which providers throttle or answer by locking the account, and real
// mail would stop. So the sender's own sends say it: a send the server took (or refused for its
// recipient or content: the server answered) marks mail ok, a send that could not reach the server or
// sign in marks it failing, with that error. Only when nothing was learnt for PROBE_EVERY_MS does a
// check probe with the transport's verify(), and that outcome counts the same.

/** A probe at most this often while no send says anything. */
export const PROBE_EVERY_MS = 5 * 60_000;

interface Outcome {
  at: number;
  failure: Error | undefined;
}

/**
 * A failure of one email, not of the server: a recipient refused or a malformed address (nodemailer's
 * EENVELOPE at RCPT TO or before sending), or the message's content refused (EMESSAGE).
 */
function isPerMessage(error: unknown): boolean {
  const { code, command } = (error ?? {}) as { code?: unknown; command?: unknown };
  if (code === 'EMESSAGE') return true;
  return code === 'EENVELOPE' && (command === 'RCPT TO' || command === 'API');
}

export class MailStatus {
  private last: Outcome | undefined;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly verify: (timeoutMs: number) => Promise<void>,
    private readonly probeEveryMs = PROBE_EVERY_MS,
  ) {}

  /** The server took a message. */
  delivered(): void {
    this.last = { at: Date.now(), failure: undefined };
  }

  /** A send failed: the server is failing unless only that message or recipient was refused. */
  failed(error: unknown): void {
    const failure = error instanceof Error ? error : new Error(String(error));
    this.last = { at: Date.now(), failure: isPerMessage(error) ? undefined : failure };
  }

  /** Resolves when mail works as far as is known; rejects with what failed otherwise. */
  async check(timeoutMs: number): Promise<void> {
    if (!this.known()) {
      this.probing ??= this.verify(timeoutMs)
        .then(
          () => this.delivered(),
          (error: unknown) => {
            this.last = {
              at: Date.now(),
              failure: error instanceof Error ? error : new Error(String(error)),
            };
          },
        )
        .finally(() => (this.probing = undefined));
      await this.probing;
    }
    if (this.last?.failure) throw this.last.failure;
  }

  private known(): boolean {
    return this.last !== undefined && Date.now() - this.last.at < this.probeEveryMs;
  }
}
