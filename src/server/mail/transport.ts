import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';

/** An email as a transport sends it: rendered, with its headers. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(email: OutgoingEmail & { from: string }): Promise<void>;
  /** The longest one send may take before it fails: the outbox claims an email for longer. */
  readonly sendTimeoutMs: number;
  /**
   * Proves the transport can deliver now (the SMTP server answers and takes the sign-in), for health;
   * gives up, leaving nothing open, after `timeoutMs`.
   */
  verify(timeoutMs: number): Promise<void>;
  /** Resolves once any open SMTP session has ended (with QUIT). */
  close(): Promise<void>;
}

/**
 * Without SMTP: each email is written as an .eml file under the data folder (readable by its owner only),
 * so someone running the app locally can open it and follow a reset link. The log names only the file:
 * an address, a name or a link's token never reaches the logs (docs/product/limits-and-abuse.md 'Privacy
 * in logs and email').
 */
export function fileTransport(folder: string, log: (message: string) => void): MailTransport {
  // nodemailer composes the message: loaded with the first email rather than at every start, where it
  // was about 40 modules to read (docs/decisions/034).
  let composer: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
  const compose = () =>
    (composer ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    async send(email) {
      const info = await (await compose()).sendMail(email);
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log(`An email was written to ${file} (no SMTP_URL is set: open the file to read it)`);
    },
    sendTimeoutMs: 30_000,
    verify: async () => void (await fs.mkdir(folder, { recursive: true })),
    close: async () => (await composer)?.close(),
  };
}
