import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createAccessTokens } from '../../src/server/features/auth/access-tokens.ts';
import { createLinkSigner } from '../../src/server/features/auth/signed-links.ts';
import { retryDelaySeconds } from '../../src/server/outbox-claims.ts';
import { smtpTransport } from '../../src/server/mail/smtp-transport.ts';
import { type ReceivedEmail, SmtpReceiver } from '../support/smtp-receiver.ts';
import { createServices } from '../../src/server/services.ts';
import {
  BACKENDS,
  emailedLinkToken,
  GOOD_PASSWORD,
  queryRows,
  secretEnv,
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

  /** Another app process on the same database and mail server, its log lines kept; its sender driven by hand. */
  async function secondProcess(env: Record<string, string> = {}) {
    const lines: string[] = [];
    const app: App = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SERVE_WEB: 'false',
        DATA_DIR: t.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_POLL_SECONDS: '3600',
        ...secretEnv(backend),
        ...env,
      }),
      database: t.app.database,
      startMailSender: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    const said = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    return { app, lines, said };
  }

  /** Queues an already written email to `to` (as an older version queued them); answers its id. */
  async function queueEmail(to: string, subject = 'Queued by hand'): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into email_outbox (to_address, subject, text_body) values (${to}, ${subject}, 'Hello') returning id`,
    );
    return row!.id;
  }

  it("logs a delivery the server refused by its codes and the email's id, never the address", async () => {
    const { app, lines, said } = await secondProcess();
    try {
      const refused = uniqueEmail('no.such.mailbox');
      smtp.refuse(refused);
      const id = await queueEmail(refused);
      await app.mailSender.drain();
      expect(said()).toContainEqual(
        expect.objectContaining({
          msg: 'email not delivered; will retry',
          emailId: id,
          code: 'EENVELOPE',
          responseCode: 550,
        }),
      );
      expect(lines.join('\n')).not.toContain(refused.split('@')[0]);
      // The server answered: mail is not failing, and health asks it nothing more.
      const sessions = smtp.sessions.length;
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ checks: { mail: 'ok' } });
      expect(smtp.sessions.length).toBe(sessions);
    } finally {
      await app.close();
    }
  });

  it("reads mail's health from the sender's sends, not from a sign-in per poll", async () => {
    const sender = await secondProcess();
    const idle = await secondProcess();
    try {
      // A send shows the server works: health opens no session of its own.
      const to = uniqueEmail('health.reader');
      await queueEmail(to);
      await sender.app.mailSender.drain();
      await smtp.waitFor(to);
      const afterSend = smtp.sessions.length;
      for (let i = 0; i < 3; i++) {
        const health = await sender.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toMatchObject({ checks: { mail: 'ok' } });
      }
      expect(smtp.sessions.length).toBe(afterSend);
      // Nothing sent: one probe session, whose answer is kept for minutes however often health is asked.
      for (let i = 0; i < 3; i++) {
        const health = await idle.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toMatchObject({ checks: { mail: 'ok' } });
      }
      expect(smtp.sessions.length).toBe(afterSend + 1);
    } finally {
      await sender.app.close();
      await idle.app.close();
    }
  });

  it('sends each email once when a stalled server lets the claims of the emails behind it run out', async () => {
    const other = await secondProcess();
    try {
      const recipients = [1, 2, 3, 4].map(() => uniqueEmail('once'));
      for (const to of recipients) await queueEmail(to, 'Sent once');
      // This process's first email stalls at the server...
      const stall = smtp.holdNextMessage();
      const first = t.app.mailSender.drain();
      const [stalledFor] = await stall.held;
      // ...long enough for the claims of the emails behind it to run out (two minutes, here at once)...
      await t.db.execute(
        sql`update email_outbox set locked_until = now() where sent_at is null and to_address <> ${stalledFor!}`,
      );
      // ...so another process sends them meanwhile.
      await other.app.mailSender.drain();
      stall.release();
      await first;
      for (const to of recipients) await smtp.waitFor(to);
      const received = smtp.messages.filter((m) => m.subject === 'Sent once').flatMap((m) => m.to);
      expect(received.sort()).toEqual([...recipients].sort());
    } finally {
      await other.app.close();
    }
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
      links: createLinkSigner('a-signing-secret-for-this-test-only-0123456789'),
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

  it('an email whose claim ran out and was claimed again is marked by the new claim only', async () => {
    const { claimDueEmail, markFailed, markSent } = await import('../../src/server/mail/outbox.ts');
    // Nothing else is due, so the claims below take this email, and this app's own sender is idle (it
    // drains again only when nudged or after an hour).
    await t.db.execute(
      sql`update email_outbox set next_attempt_at = now() + interval '1 day' where sent_at is null`,
    );
    await t.app.mailSender.drain();
    const to = uniqueEmail('reclaimed');
    const id = await queueEmail(to, 'Claimed twice');
    const state = async () =>
      (
        await queryRows<{ sent: boolean; last_error: string | null; locked: boolean }>(
          t.db,
          sql`select sent_at is not null as sent, last_error, coalesce(locked_until > now(), false) as locked from email_outbox where id = ${id}`,
        )
      )[0];
    const first = await claimDueEmail(t.db, 60);
    expect(first?.id).toBe(id);
    // The first sender stalls past its claim; a second sender claims the email again.
    await t.db.execute(
      sql`update email_outbox set locked_until = now() - interval '1 second' where id = ${id}`,
    );
    const second = await claimDueEmail(t.db, 60);
    expect(second?.id).toBe(id);
    // The first sender's marks change nothing: the row is the second sender's.
    await markFailed(t.db, first!, 'stale failure');
    expect(await state()).toEqual({ sent: false, last_error: null, locked: true });
    await markSent(t.db, first!);
    expect(await state()).toEqual({ sent: false, last_error: null, locked: true });
    // The second sender's own mark is kept.
    await markSent(t.db, second!);
    expect(await state()).toEqual({ sent: true, last_error: null, locked: false });
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
