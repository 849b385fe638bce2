import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createAccessTokens } from '../../src/server/features/auth/access-tokens.ts';
import { retryDelaySeconds } from '../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { type ReceivedEmail, SmtpReceiver } from '../support/smtp-receiver.ts';
import { createServices } from '../../src/server/services.ts';
import {
  BACKENDS,
  emailedLinkToken,
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

  /** The services of another process on the same database (a CLI), with its own configuration. */
  const elsewhere = () =>
    createServices({
      db: t.db,
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        PUBLIC_URL: 'http://localhost:3000',
        CLUB_NAME: 'Somewhere Else FC',
      }),
      tokens: createAccessTokens('a-signing-secret-for-this-test-only-0123456789', 1),
      // Nothing tells this app's sender: it sends when the test drains it.
      mailQueued: () => {},
    });

  it('composes links when it sends, from its own PUBLIC_URL, whoever queued the email', async () => {
    const cli = elsewhere();
    const email = uniqueEmail('queued.elsewhere');
    await cli.auth.register({
      name: 'Quinn Queued',
      email,
      phone: null,
      password: GOOD_PASSWORD,
      role: 'coach',
    });
    const [row] = await queryRows<{ stored: string }>(
      t.db,
      sql`select row_to_json(email_outbox)::text as stored from email_outbox where to_address = ${email}`,
    );
    expect(row?.stored).not.toMatch(/localhost:3000|Somewhere Else/);

    await t.app.mailSender.drain();
    const received = await smtp.waitFor(email);
    expect(received.subject).toBe('Confirm your email address for Test Valley FC');
    const token = /http:\/\/club\.test\/verify-email\?token=([\w-]+)/.exec(received.text)?.[1];
    expect(token, received.text).toBeTruthy();
    expect(received.html).toContain(`href="http://club.test/verify-email?token=${token}"`);
    expect(`${received.text} ${received.html}`).not.toContain('localhost:3000');
    // And the link works, for the account signed in.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: email, password: GOOD_PASSWORD },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { authorization: `Bearer ${signedIn.json().access_token as string}` },
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('does not send "confirm your email" once the address was verified another way', async () => {
    const email = uniqueEmail('verified.meanwhile');
    const cli = elsewhere();
    const registration = { name: 'Vera Meanwhile', email, phone: null, role: 'coach' } as const;
    await cli.auth.register({ ...registration, password: GOOD_PASSWORD });
    // Before the verification goes out, a reset link reaches her: following it verifies the address too.
    await cli.auth.forgotPassword(email);
    const token = await emailedLinkToken(t.db, email, '/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password: 'Another#Goal7' },
    });
    expect(reset.statusCode).toBe(200);

    await t.app.mailSender.drain();
    await smtp.waitFor(email, /Reset your/);
    expect(smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject)).toEqual([
      'Reset your Test Valley FC password',
    ]);
    const rows = await queryRows<{ template: string; sent: boolean; skipped: string | null }>(
      t.db,
      sql`select template, sent_at is not null as sent, skipped from email_outbox where to_address = ${email} order by id`,
    );
    expect(rows).toEqual([
      { template: 'verify-email', sent: true, skipped: 'the address is already verified' },
      { template: 'password-reset', sent: true, skipped: null },
    ]);
  });

  it('sends each email with Auto-Submitted: auto-generated and a whole HTML document beside its text', async () => {
    const email = uniqueEmail('automatic');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: "Ann O'Matic", email, password: GOOD_PASSWORD, role: 'coach' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.mailSender.drain();
    const verify = await smtp.waitFor(email, /Confirm your email/);
    const reset = await smtp.waitFor(email, /Reset your/);
    for (const received of [verify, reset]) expectAutomaticEmail(received);
    expect(reset.html).toContain('Hi Ann O&#39;Matic');
    expect(reset.html).toMatch(/<a href="http:\/\/club\.test\/reset-password\?token=[\w-]+">/);
  });

  it('sends an email queued before templates (already rendered) as it is, in a whole HTML document', async () => {
    const email = uniqueEmail('queued.before');
    await t.db.execute(
      sql`insert into email_outbox (to_address, subject, text_body, html_body) values (${email}, 'Old & queued', 'Hello\n\nhttp://old.example/x', '<p>Hello</p>')`,
    );
    await t.app.mailSender.drain();
    const received = await smtp.waitFor(email);
    expectAutomaticEmail(received);
    expect(received.subject).toBe('Old & queued');
    expect(received.text.trim()).toBe('Hello\n\nhttp://old.example/x');
    expect(received.html).toMatch(/<body[^>]*>\s*<p>Hello<\/p>\s*<\/body>/);
  });

  it('ends its SMTP sessions with QUIT when the app closes', async () => {
    // The last emails' session is kept for the next email (sessions end when idle for 30 s).
    expect(smtp.sessions.some((s) => !s.closed)).toBe(true);
    await t.close();
    closed = true;
    const sessions = await smtp.allSessionsClosed();
    for (const session of sessions) expect(session.commands.at(-1)).toBe('QUIT');
  });
});

describe('the retry delays', () => {
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
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decodeEntities = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/** What RFC 3834 and mail clients expect of an automatic email: the header and a whole HTML document. */
function expectAutomaticEmail(email: ReceivedEmail) {
  expect(email.headers).toContainEqual(['auto-submitted', 'auto-generated']);
  expect(email.text.length).toBeGreaterThan(0);
  const html = email.html.trim();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain('<html lang="en">');
  expect(html).toMatch(/<head>[\s\S]*<meta charset="utf-8">[\s\S]*<\/head>/);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  expect(decodeEntities(title ?? '')).toBe(email.subject);
  expect(html).toMatch(/<body[^>]*>[\s\S]*<\/body>\s*<\/html>$/);
}

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
