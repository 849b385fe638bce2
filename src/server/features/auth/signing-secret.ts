import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { appSettings } from '../../db/schema.ts';

const SETTING_KEY = 'access_token_secret';

/**
 * JWT_SECRET when configured; otherwise a random secret made once and kept in the database, so every
 * process and every restart signs and checks tokens with the same key.
 */
export async function loadSigningSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  if (!row) throw new Error('Could not store the token signing secret');
  return row.value;
}
