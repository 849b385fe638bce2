import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoClub } from '../../src/server/cli/demo-club.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createAccessTokens } from '../../src/server/features/auth/access-tokens.ts';
import { createLinkSigner } from '../../src/server/features/auth/signed-links.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';

// npm run seed:demo (cli/demo-club.ts) on a fresh database: the demo club, and no needless email
// (docs/product/limits-and-abuse.md 'Privacy in logs and email'). The seed runs as its CLI does: another
// process, its own configuration.

const INVITED = ['ana.silva@example.com', 'giulia.rossi@example.com', 'priya.sharma@example.com'];

describe.each(BACKENDS)('the demo seed on $name', (backend) => {
  let t: TestApp;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    const port = await smtp.start();
    t = await startTestApp(backend, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_SECONDS: '3600' });
    const cliConfig = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      PUBLIC_URL: 'http://localhost:3000',
    });
    const secret = 'a-signing-secret-for-this-test-only-0123456789';
    await seedDemoClub(t.db, cliConfig, createAccessTokens(secret, 1), createLinkSigner(secret));
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('queues no email to the accounts it marks verified, only the invites to parents without one', async () => {
    const accounts = await queryRows<{ email: string; verified: boolean }>(
      t.db,
      sql`select email, email_verified_at is not null as verified from users order by email`,
    );
    const verified = accounts.filter((a) => a.verified).map((a) => a.email);
    expect(verified).toHaveLength(11);
    expect(accounts.filter((a) => !a.verified).map((a) => a.email)).toEqual(INVITED);

    const queued = await queryRows<{ to_address: string; template: string }>(
      t.db,
      sql`select to_address, template from email_outbox order by to_address`,
    );
    expect(queued.filter((row) => verified.includes(row.to_address))).toEqual([]);
    expect(queued).toEqual(INVITED.map((to_address) => ({ to_address, template: 'invite' })));
    expect(await queryRows(t.db, sql`select id from email_verification_tokens`)).toEqual([]);
    // What the seed's changes told the teams stays in the bell, but nothing waits to be emailed or pushed.
    const told = await queryRows<{ n: number }>(t.db, sql`select count(*)::integer as n from notifications`);
    expect(told[0]?.n).toBeGreaterThan(0);
    expect(await queryRows(t.db, sql`select id from notification_deliveries where sent_at is null`)).toEqual(
      [],
    );
  });

  it('leaves the links to the server that sends the invites', async () => {
    await t.app.mailSender.drain();
    for (const to of INVITED) {
      const invite = await smtp.waitFor(to, /invited to join/);
      expect(invite.text).toMatch(/Join U1\d Riverside \w+: http:\/\/club\.test\/\?team=/);
      expect(invite.text).not.toContain('localhost');
    }
  });
});
