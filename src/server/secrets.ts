import { createHash, randomBytes } from 'node:crypto';

// Secrets sent by email (reset and invite links): 32 random bytes, only their SHA-256 is stored.

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
