import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/server/features/auth/access-tokens.ts';

// Verified tokens are remembered per process; the memo must never accept what the signature check
// would refuse: an expired token, or any other string than the exact one verified.
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('access tokens', () => {
  it('verifies what it signed, and again from memory', async () => {
    const tokens = createAccessTokens(SECRET, 1);
    const token = await tokens.sign({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
  });

  it('refuses a remembered token once it has expired', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens(SECRET, 1, () => clock);
    const token = await tokens.sign({ userId: 7, tokenVersion: 0 });
    expect(await tokens.verify(token)).toBeDefined();
    clock += 60 * 60 * 1000 + 1000;
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a changed token even after the original was remembered', async () => {
    const tokens = createAccessTokens(SECRET, 1);
    const token = await tokens.sign({ userId: 7, tokenVersion: 0 });
    expect(await tokens.verify(token)).toBeDefined();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '8', ver: 0, iss: 'club-teams', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });

  it('refuses a token signed with another secret or without an expiry', async () => {
    const tokens = createAccessTokens(SECRET, 1);
    const other = await createAccessTokens(`${SECRET}-other`, 1).sign({ userId: 7, tokenVersion: 0 });
    expect(await tokens.verify(other)).toBeUndefined();
    const forever = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('club-teams')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(forever)).toBeUndefined();
  });
});
