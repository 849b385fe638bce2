import { eq } from 'drizzle-orm';
import type * as WebPushModule from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { appSettings } from '../../db/schema.ts';

// The server's VAPID identity (RFC 8292): the key pair a browser's subscription is bound to, and the
// contact push services may write to. Keys come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set;
// otherwise a pair is generated once and kept in app_settings, where every app process reads the same
// one (the first to insert wins, the others read it back). Changing the keys ends every subscription:
// each device has to turn notifications on again.

type WebPush = typeof WebPushModule;

let webPushModule: Promise<WebPush> | undefined;

/**
 * The web-push library, loaded on first use: a process that never pushes never reads it. It is a
 * CommonJS module whose functions are all on its default export.
 */
export function loadWebPush(): Promise<WebPush> {
  webPushModule ??= import('web-push').then((m) => (m as unknown as { default: WebPush }).default);
  return webPushModule;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface VapidDetails extends VapidKeys {
  /** mailto: or https: */
  subject: string;
}

/** The app_settings row of generated keys: one row, so a pair is never half of one process's and half another's. */
export const VAPID_SETTING = 'vapid_keys';

/** VAPID_SUBJECT, or mailto: the address of MAIL_FROM ('Club Teams <no-reply@club.org>' -> 'mailto:no-reply@club.org'). */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^<>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

function parseKeys(value: string): VapidKeys {
  const parsed = JSON.parse(value) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`app_settings ${VAPID_SETTING} is not a VAPID key pair`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

async function readStored(db: Db): Promise<VapidKeys | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_SETTING));
  return row ? parseKeys(row.value) : undefined;
}

/** The stored pair, made and stored first if there is none. */
async function storedKeys(db: Db): Promise<VapidKeys> {
  const stored = await readStored(db);
  if (stored) return stored;
  const made = (await loadWebPush()).generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: VAPID_SETTING, value: JSON.stringify(made) })
    .onConflictDoNothing({ target: appSettings.key });
  const kept = await readStored(db);
  if (!kept) throw new Error('The generated VAPID keys were not kept');
  return kept;
}

/**
 * The server's VAPID details, read once per process (a failed read is tried again on the next call).
 * `config` decides: both keys set, those; otherwise the stored pair.
 */
export function vapidDetailsLoader(
  db: Db,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
): () => Promise<VapidDetails> {
  let loading: Promise<VapidDetails> | undefined;
  return () => {
    loading ??= (async () => {
      const keys =
        config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
          ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
          : await storedKeys(db);
      return { ...keys, subject: vapidSubject(config) };
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
