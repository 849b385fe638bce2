import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_START_PARAMS } from '../../src/server/db/connect.ts';
import { PGliteThread } from '../../src/server/db/pglite-thread.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, createPostgresDatabase, startTestApp, type TestApp } from '../support/test-app.ts';

// Emails queued before the outbox kept templates (already rendered, with the queuing process's links)
// are still sent after the migration that introduced them: nothing already queued is lost.

const TAG = 'email_outbox_templates';
const OLD_EMAIL = 'queued.before.upgrade@example.com';
const INSERT_OLD_EMAIL = `insert into email_outbox (to_address, subject, text_body, html_body)
  values ('${OLD_EMAIL}', 'Queued before the upgrade', 'Hello from before', '<p>Hello from before</p>')`;

/** A copy of the migrations folder that stops just before the templates migration. */
function migrationsBeforeTemplates(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${TAG}`));
  expect(at).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

describe.each(BACKENDS)('an email queued before the templates migration, on $name', (backend) => {
  let t: TestApp;
  const smtp = new SmtpReceiver();
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    const port = await smtp.start();
    const oldMigrations = migrationsBeforeTemplates();
    cleanups.push(() => fs.rmSync(oldMigrations, { recursive: true, force: true }));
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_SECONDS: '3600' };
    if (backend.name === 'postgres') {
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: oldMigrations });
        await client.query(INSERT_OLD_EMAIL);
      } finally {
        await client.end();
      }
      t = await startTestApp(backend, { ...env, DATABASE_URL: created.url });
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-upgrade-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const old = await PGliteThread.start({
        dataDir: path.join(dataDir, 'pgdata'),
        migrationsFolder: oldMigrations,
        startParams: PGLITE_START_PARAMS,
      });
      await old.query(INSERT_OLD_EMAIL);
      await old.close();
      t = await startTestApp(backend, env, await openDatabase({ kind: 'pglite', dataDir }));
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is still sent, as it was written, in a whole HTML document', async () => {
    await t.app.mailSender.drain();
    const received = await smtp.waitFor(OLD_EMAIL);
    expect(received.subject).toBe('Queued before the upgrade');
    expect(received.text.trim()).toBe('Hello from before');
    expect(received.html).toMatch(/^<!DOCTYPE html>/i);
    expect(received.html).toMatch(/<body[^>]*>\s*<p>Hello from before<\/p>\s*<\/body>/);
    expect(received.headers).toContainEqual(['auto-submitted', 'auto-generated']);
  });
});
