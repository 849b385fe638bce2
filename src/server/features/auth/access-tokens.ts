import { SignJWT, jwtVerify } from 'jose';

// Stateless bearer tokens: HS256 only (the verifier refuses every other algorithm, 'none' included),
// an expiry, and the user's token version, which a password change bumps to revoke older tokens.

const ALGORITHM = 'HS256';
const ISSUER = 'club-teams';

export interface AccessTokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

export function createAccessTokens(secret: string, ttlHours: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlHours}h`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          // A token that never expires is refused even when correctly signed.
          requiredClaims: ['exp'],
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload['ver'];
        if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number') return undefined;
        return { userId, tokenVersion };
      } catch {
        return undefined;
      }
    },
  };
}
