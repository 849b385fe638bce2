import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, which verbatimModuleSyntax cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;

// argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane): ~14 ms a hash on these machines.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so a wrong email costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password for timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
