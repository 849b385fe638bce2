import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Stateless bearer tokens: HS256 only (the verifier refuses every other algorithm, 'none' included),
// an expiry, and the user's token version, which a password change bumps to revoke older tokens.

const ALGORITHM = 'HS256';
const ISSUER = 'club-teams';
/** Verified tokens kept per process; past this many the memo starts afresh. */
const MAX_REMEMBERED = 20_000;

export interface AccessTokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

interface Remembered extends AccessTokenClaims {
  expiresAtMs: number;
}

export function createAccessTokens(secret: string, ttlHours: number, now = () => Date.now()): AccessTokens {
  // Imported once: jose would import raw key bytes into WebCrypto again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Every polled request carries the same token: its signature is checked once per process, and the
  // exact same string is then answered from memory until it expires. The secret never changes while
  // the process runs, so a remembered token is one that would verify again; the token version is
  // still compared with the user's on every request (auth service).
  const verified = new Map<string, Remembered>();

  return {
    sign: async ({ userId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM })
        // Each sign-in is its own session, even two in the same second: a password change keeps one.
        .setJti(randomUUID())
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlHours}h`)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAtMs) return { userId: known.userId, tokenVersion: known.tokenVersion };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          // A token that never expires is refused even when correctly signed.
          requiredClaims: ['exp'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload['ver'];
        if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number') return undefined;
        if (verified.size >= MAX_REMEMBERED) verified.clear();
        verified.set(token, { userId, tokenVersion, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return { userId, tokenVersion };
      } catch {
        return undefined;
      }
    },
  };
}
