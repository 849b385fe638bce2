import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import type { UserRow } from './queries.ts';

// Verified email (docs/product/accounts-and-sign-in.md): an address counts once its owner followed a link
// sent to it. Registration and an email change send one; invite and reset links verify too.
// A verification link confirms only for the person signed in to the account it was made for: whoever
// registers an address need not own it, and one click by the address's real owner, who never asked for
// the account, must not prove the stranger's claim (docs/decisions/007). Invite and reset links differ:
// the person following them then chooses the password, so the inbox and the account are one person.

export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** Queues a verification link to `email` (the account's address or its pending new one). Use the transaction's handle. */
export async function sendVerification(
  tx: Db,
  config: Config,
  user: Pick<UserRow, 'id'>,
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
    // Nothing the user typed goes into the email: it reaches an address its owner may never have given.
    params: { userId: user.id, link: `/verify-email?token=${encodeURIComponent(token)}` },
  });
}

/** The owner proved they read the account's email (an invite or reset link reached them). */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

const usable = (token: string) =>
  and(
    eq(emailVerificationTokens.tokenHash, sha256(token)),
    isNull(emailVerificationTokens.usedAt),
    gt(emailVerificationTokens.expiresAt, sql`now()`),
  );

/**
 * Uses up the link if it was made for `userId`; answers the address it was sent to. Answers
 * `'other-account'` (the link stays usable for its owner) when it is another account's, and undefined
 * when it is not a usable link.
 */
export async function consumeVerification(
  db: Db,
  token: string,
  userId: number,
): Promise<{ email: string } | 'other-account' | undefined> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(usable(token), eq(emailVerificationTokens.userId, userId)))
    .returning({ email: emailVerificationTokens.email });
  if (row) return row;
  const [other] = await db
    .select({ userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(usable(token));
  return other ? 'other-account' : undefined;
}
