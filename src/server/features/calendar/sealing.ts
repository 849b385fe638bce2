import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The calendar feed's secret is kept twice (docs/decisions/017): its SHA-256, which the feed URL is
// checked against, and this sealed copy, so the Subscribe dialog can show the same URL again without
// the database alone revealing it. AES-256-GCM under a key derived from the server's signing secret;
// the user's id is authenticated with it, so a sealed copy moved to another user does not open.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(secret: string, userId: number): string;
  /** The secret, or undefined when the copy does not open (another server key, tampering, garbage). */
  open(sealed: string, userId: number): string | undefined;
}

export function calendarSealer(signingSecret: string): Sealer {
  // A key of its own (HKDF), so the signing key is never used for anything but signing.
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'club-teams', 'calendar-token-seal v1', 32));
  const aad = (userId: number) => Buffer.from(`calendar-token:${userId}`);
  return {
    seal(secret, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, userId) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag || rest.length > 0) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(aad(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
