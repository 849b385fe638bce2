import { passwordErrors } from '../../shared/password-policy.ts';
import { loadConfig } from '../config.ts';
import { configuredDatabase, openDatabase } from '../db/connect.ts';
import { createAccessTokens } from '../features/auth/access-tokens.ts';
import { createLinkSigner } from '../features/auth/signed-links.ts';
import { loadSigningSecret } from '../features/auth/signing-secret.ts';
import { COACH_EMAIL, DEMO_PASSWORD, demoClubExists, seedDemoClub } from './demo-club.ts';

// npm run seed:demo: a believable demo club (cli/demo-club.ts) on the configured database (DATA_DIR
// or DATABASE_URL). Stop the server first when using PGlite: only one process may open the data folder.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (passwordErrors(DEMO_PASSWORD).length > 0) fail('The demo password does not pass the password policy');

const config = loadConfig();
const database = await openDatabase(configuredDatabase(config)).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
const { db } = database;

try {
  if (await demoClubExists(db)) {
    console.error(`The demo club is already there (${COACH_EMAIL} exists). Seed a fresh database instead.`);
    process.exitCode = 1;
  } else {
    const secret = await loadSigningSecret(db, {
      configured: config.JWT_SECRET,
      database: database.kind,
      dataDir: config.DATA_DIR,
    });
    const tokens = createAccessTokens(secret, config.ACCESS_TOKEN_TTL_HOURS);
    const { accounts, teams } = await seedDemoClub(db, config, tokens, createLinkSigner(secret));
    console.log(
      `Demo club seeded on ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}.`,
    );
    console.log('');
    console.log(`Every account's password: ${DEMO_PASSWORD}`);
    console.log('');
    const width = Math.max(...accounts.map((a) => a.email.length));
    for (const a of accounts) {
      console.log(`  ${a.role.padEnd(7)} ${a.email.padEnd(width)}  ${a.name} (${a.note})`);
    }
    console.log('');
    console.log('Invite codes:');
    for (const team of teams) console.log(`  ${team.invite_code}  ${team.name}`);
    console.log('');
    console.log(
      'Events: the Hawks have a finished and a coming tournament, five games (three with results) and Tuesday practices.',
    );
    console.log(
      'Invited parents without a password yet: giulia.rossi@example.com, ana.silva@example.com, priya.sharma@example.com.',
    );
    console.log(
      'Their invites are queued as emails, sent when the app starts (written under DATA_DIR/mail without SMTP_URL), with links to the server that sends them. Nothing else is emailed: the demo accounts are already verified.',
    );
  }
} finally {
  await database.close();
}
