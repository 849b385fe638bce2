import { hash, randomBytes } from 'node:crypto';

// Secrets sent by email (reset and invite links): 32 random bytes, only their SHA-256 is stored.

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** crypto.hash: a quarter of createHash's cost for a short value (the calendar feed checks one per poll). */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');
