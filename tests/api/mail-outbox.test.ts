import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import {
  BACKENDS,
  GOOD_PASSWORD,
  queryRows,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.each(BACKENDS)('email outbox on $name', (backend) => {
  let t: TestApp;
  let closed = false;
  let port: number;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    port = await freePort();
    // The mail server is down when the app starts; the sender is driven by hand below.
    t = await startTestApp(backend, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_SECONDS: '3600' });
  });
  afterAll(async () => {
    if (!closed) await t?.close();
    await smtp.stop();
  });

  it('keeps an email through a mail-server outage and delivers it once the server is back', async () => {
    const email = uniqueEmail('patient');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Pat Patient', email, password: GOOD_PASSWORD, role: 'coach' },
    });
    // Registration queued a verification email too; this test follows the reset email alone.
    await t.db.execute(sql`delete from email_outbox where to_address = ${email}`);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }))
        .statusCode,
    ).toBe(200);

    await t.app.mailSender.drain();
    const [failed] = await queryRows<{
      attempts: number;
      sent_at: unknown;
      last_error: string;
      later: boolean;
    }>(
      t.db,
      sql`select attempts, sent_at, last_error, next_attempt_at > now() as later from email_outbox where to_address = ${email}`,
    );
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, later: true });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start(port);
    // Not due yet: a drain now sends nothing.
    await t.app.mailSender.drain();
    expect(smtp.messages).toHaveLength(0);

    await t.db.execute(sql`update email_outbox set next_attempt_at = now() where to_address = ${email}`);
    await t.app.mailSender.drain();
    const delivered = await smtp.waitFor(email);
    expect(delivered.subject).toContain('Reset your');
    const [row] = await queryRows<{ attempts: number; sent: boolean }>(
      t.db,
      sql`select attempts, sent_at is not null as sent from email_outbox where to_address = ${email}`,
    );
    expect(row).toEqual({ attempts: 2, sent: true });

    // Sent emails are not sent again.
    await t.db.execute(sql`update email_outbox set next_attempt_at = now()`);
    await t.app.mailSender.drain();
    expect(smtp.messages).toHaveLength(1);
  });

  it('backs off from 10 seconds, doubling, up to 5 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(300);
  });

  it('delivers a reset link (valid one hour) sent at the start of a 50-minute outage while it is valid', () => {
    // Attempt n happens at the sum of the delays before it; the first one after the outage is the delivery.
    let at = 0;
    let attempts = 0;
    while (at < 50 * 60) {
      attempts += 1;
      at += retryDelaySeconds(attempts);
    }
    expect(at).toBeLessThan(60 * 60);
  });

  it('ends its SMTP sessions with QUIT when the app closes', async () => {
    // The last email's session is kept for the next email (sessions end when idle for 30 s).
    expect(smtp.sessions.some((s) => !s.closed)).toBe(true);
    await t.close();
    closed = true;
    const sessions = await smtp.allSessionsClosed();
    for (const session of sessions) expect(session.commands.at(-1)).toBe('QUIT');
  });
});

describe('the SMTP transport', () => {
  const smtp = new SmtpReceiver();
  let port: number;
  beforeAll(async () => {
    port = await smtp.start();
  });
  afterAll(() => smtp.stop());

  const email = (to: string) => ({
    from: 'Club <club@example.com>',
    to,
    subject: 'Session test',
    text: 'Hello',
    html: '<!DOCTYPE html><html lang="en"><body><p>Hello</p></body></html>',
  });

  it('sends a burst through one session and ends it with QUIT once idle', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}/?idleTimeout=200`);
    try {
      await transport.send(email('one@example.com'));
      await transport.send(email('two@example.com'));
      const sessions = await smtp.allSessionsClosed();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.commands.filter((c) => c === 'DATA')).toHaveLength(2);
      expect(sessions[0]?.commands.at(-1)).toBe('QUIT');
      // The next email opens a new session.
      await transport.send(email('three@example.com'));
      await smtp.waitFor('three@example.com');
      expect((await smtp.allSessionsClosed()).map((s) => s.commands.at(-1))).toEqual(['QUIT', 'QUIT']);
    } finally {
      await transport.close();
    }
  });
});
