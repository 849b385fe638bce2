import nodemailer from 'nodemailer';
import { SmtpSessionTransport } from './smtp-session.ts';
import type { MailTransport } from './transport.ts';

// The SMTP transport (SMTP_URL): loaded by app.ts only when SMTP_URL is set, since nodemailer and its
// SMTP connection are about 40 modules to read (docs/decisions/034).

/** Delivers through an SMTP server (SMTP_URL), over one session at a time that ends with QUIT. */
export function smtpTransport(url: string): MailTransport {
  const session = new SmtpSessionTransport(url);
  const transporter = nodemailer.createTransport(session);
  return {
    async send(email) {
      await transporter.sendMail(email);
    },
    sendTimeoutMs: session.sendTimeoutMs,
    verify: (timeoutMs) => session.check(timeoutMs),
    close: () => session.close(),
  };
}
