import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import type { UserRow } from './queries.ts';

// Verified email (DECISIONS.md 'Trust and safety'): an address counts once its owner followed a link
// sent to it. Registration and an email change send one; invite and reset links verify too.

export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** Queues a verification link to `email` (the account's address or its pending new one). Use the transaction's handle. */
export async function sendVerification(
  tx: Db,
  config: Config,
  user: Pick<UserRow, 'id' | 'name'>,
  email: string,
): Promise<void> {
  const token = newLinkToken();
  await tx.insert(emailVerificationTokens).values({
    userId: user.id,
    email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_MS),
  });
  await enqueueEmail(tx, {
    to: email,
    template: 'verify-email',
    params: { userId: user.id, name: user.name, link: `/verify-email?token=${encodeURIComponent(token)}` },
  });
}

/** The owner proved they read the account's email (an invite or reset link reached them). */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Uses up the link; answers the user and the address it was sent to, or undefined when unusable. */
export async function consumeVerification(
  db: Db,
  token: string,
): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, sha256(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row;
}
