import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { appSettings } from '../../db/schema.ts';

// The key that signs access tokens (and seals calendar feed secrets) never lives in the database
// (docs/product/limits-and-abuse.md 'Privacy in logs and email'): a database backup must not be enough to
// forge a sign-in. It is JWT_SECRET, which a PostgreSQL deployment must set (config.ts refuses to start
// without it); with PGlite and no JWT_SECRET it is generated once into a file only the app's user can
// read, beside the database in DATA_DIR. Earlier versions kept the generated secret in `app_settings`: it
// is moved to the file once, then removed from the database, so everyone stays signed in and every
// calendar feed keeps working.

/** The file in DATA_DIR holding the generated secret. */
export const SECRET_FILE = 'signing-secret';
/** Where earlier versions kept the generated secret. */
const LEGACY_SETTING_KEY = 'access_token_secret';
const MIN_LENGTH = 32;

export interface SigningSecretSource {
  /** JWT_SECRET, when configured. */
  configured: string | undefined;
  database: 'pglite' | 'postgres';
  dataDir: string;
}

/** Writes the file whole or not at all (a crash never leaves half a secret), readable by its owner only. */
function writeSecretFile(file: string, secret: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(handle, `${secret}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
  // The rename itself must survive a power cut before the database copy is removed.
  const folder = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(folder);
  } finally {
    fs.closeSync(folder);
  }
}

function readSecretFile(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `Invalid configuration:\n  The signing secret file ${path.resolve(file)} is damaged (shorter than ${MIN_LENGTH} characters)`,
    );
  }
  // Whoever copied the folder may have widened it: only the app's user reads it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return secret;
}

async function legacySecret(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LEGACY_SETTING_KEY));
  return row?.value;
}

/** Removes the copy an earlier version kept; its failure waits for whoever awaits it (not unhandled meanwhile). */
function removeLegacySecret(db: Db): Promise<void> {
  const removed = db
    .delete(appSettings)
    .where(eq(appSettings.key, LEGACY_SETTING_KEY))
    .then(() => undefined);
  removed.catch(() => undefined);
  return removed;
}

export async function loadSigningSecret(db: Db, source: SigningSecretSource): Promise<string> {
  const { secret, legacyRemoved } = await readSigningSecret(db, source);
  await legacyRemoved;
  return secret;
}

/**
 * loadSigningSecret in two parts, for a start that builds the app while the database opens (app.ts):
 * the secret, which waits for the database only when no file holds it yet (the first start), and the
 * removal of an earlier version's copy from the database, which the app awaits before it serves.
 */
export async function readSigningSecret(
  db: Db,
  source: SigningSecretSource,
): Promise<{ secret: string; legacyRemoved: Promise<void> }> {
  if (source.configured) return { secret: source.configured, legacyRemoved: removeLegacySecret(db) };
  if (source.database === 'postgres') {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required with DATABASE_URL');
  }
  const file = path.join(source.dataDir, SECRET_FILE);
  let secret = readSecretFile(file);
  if (secret === undefined) {
    fs.mkdirSync(source.dataDir, { recursive: true });
    secret = (await legacySecret(db)) ?? randomBytes(48).toString('base64url');
    writeSecretFile(file, secret);
  }
  // Only once the file is safely written: the database keeps no copy.
  return { secret, legacyRemoved: removeLegacySecret(db) };
}
