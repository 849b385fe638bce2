import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { inviteTokens, users } from '../../db/schema.ts';

// docs/product/accounts-and-sign-in.md: "An invite never fixes the role of an address its owner has not
// used." A coach's invite to an unknown address makes a password-less parent account to hold the invite
// (invites/ invites.ts). Until its owner uses it (sets a password through the invite link, or a reset
// link), that account is only a placeholder: registering with the address, as a coach too, or confirming
// it as a profile's new email, replaces it. The new account is made as for a free address (a fresh id,
// the same answer), and takes over the invites sent to the address, which its owner then accepts by the
// emailed link, or in the app once the address is confirmed (docs/decisions/007).

type KeptInvite = Omit<typeof inviteTokens.$inferInsert, 'id' | 'userId'>;

/**
 * Removes the placeholder account of `email`, if there is one, and answers the invites it held (none
 * when there was no placeholder). Use the transaction's handle, and give the invites to the account
 * that replaces it with `adoptInvites` in the same transaction.
 */
export async function releasePlaceholder(tx: Db, email: string): Promise<KeptInvite[]> {
  const [placeholder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.passwordHash)))
    .for('update');
  if (!placeholder) return [];
  const invites = await tx
    .select({
      teamId: inviteTokens.teamId,
      tokenHash: inviteTokens.tokenHash,
      expiresAt: inviteTokens.expiresAt,
      usedAt: inviteTokens.usedAt,
      createdAt: inviteTokens.createdAt,
    })
    .from(inviteTokens)
    .where(eq(inviteTokens.userId, placeholder.id));
  // Its invites, reset links and nothing else go with it (it never signed in, so nothing else names it).
  await tx.delete(users).where(and(eq(users.id, placeholder.id), isNull(users.passwordHash)));
  return invites;
}

/** Gives the invites a placeholder held to the account that replaced it; the emailed links keep working. */
export async function adoptInvites(tx: Db, userId: number, invites: KeptInvite[]): Promise<void> {
  if (invites.length === 0) return;
  await tx.insert(inviteTokens).values(invites.map((invite) => ({ ...invite, userId })));
}
