import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import type { OutboxRow } from './outbox.ts';

// docs/product/limits-and-abuse.md 'Privacy in logs and email': nothing mails "confirm your email" to an
// account already verified. A verification queued earlier may have become needless by the time it is
// sent: its owner followed an invite or a reset link meanwhile (which verifies too), or asked for another
// address.

const verifyParams = z.object({ userId: z.number() });

/** Why this queued email need not go out any more, or undefined when it still must. */
export async function whyNeedless(db: Db, row: OutboxRow): Promise<string | undefined> {
  if (row.template !== 'verify-email') return undefined;
  const { userId } = verifyParams.parse(row.params);
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, pendingEmail: users.pendingEmail })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return 'the account no longer exists';
  if (user.pendingEmail === row.toAddress) return undefined;
  if (user.email !== row.toAddress) return "the address is no longer the account's";
  return user.verifiedAt ? 'the address is already verified' : undefined;
}
