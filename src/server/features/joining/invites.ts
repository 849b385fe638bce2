import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITE_TOKEN_TTL_DAYS } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { inviteTokens } from '../../db/schema.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { inviteEmail } from '../../mail/templates.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import { findUserByEmail, insertUser, type UserRow } from '../auth/queries.ts';

// Invites (DECISIONS.md): a coach's "send invite", "sync" and "bulk sync" create a parent account
// without a password and email a single-use link that sets the password and lets the parent in.

export type InviteRow = typeof inviteTokens.$inferSelect;

interface InviteTeam {
  id: number;
  name: string;
  inviteCode: string;
}

export function inviteUrl(
  publicUrl: string,
  team: InviteTeam,
  user: Pick<UserRow, 'email' | 'name'>,
  token: string,
) {
  const query = [
    `team=${encodeURIComponent(team.inviteCode)}`,
    `email=${encodeURIComponent(user.email)}`,
    `name=${encodeURIComponent(user.name)}`,
    `token=${encodeURIComponent(token)}`,
  ].join('&');
  return `${publicUrl}/?${query}`;
}

/** Stores a fresh invite token for the user and team and queues the email carrying it. Use the transaction's handle. */
export async function sendInvite(tx: Db, config: Config, team: InviteTeam, user: UserRow): Promise<void> {
  const token = newLinkToken();
  await tx.insert(inviteTokens).values({
    userId: user.id,
    teamId: team.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000),
  });
  await enqueueEmail(
    tx,
    inviteEmail({
      to: user.email,
      name: user.name,
      clubName: config.CLUB_NAME,
      teamName: team.name,
      url: inviteUrl(config.PUBLIC_URL, team, user, token),
      expiresInDays: INVITE_TOKEN_TTL_DAYS,
    }),
  );
}

export interface ParentAccount {
  user: UserRow;
  /** A new account was made (and invited). */
  created: boolean;
  inviteSent: boolean;
}

/**
 * The account of a parent contact's email: the existing one, or a new parent account without a
 * password, invited to the team. `reinvitePending` also emails a fresh link to an existing account
 * that never set its password (an explicit "Sync" by the coach).
 */
export async function ensureParentAccount(
  tx: Db,
  config: Config,
  team: InviteTeam,
  contact: { name: string; email: string; phone: string | null },
  reinvitePending = false,
): Promise<ParentAccount> {
  const existing = await findUserByEmail(tx, contact.email);
  if (existing) {
    const reinvite = reinvitePending && existing.passwordHash === null;
    if (reinvite) await sendInvite(tx, config, team, existing);
    return { user: existing, created: false, inviteSent: reinvite };
  }
  const user = await insertUser(tx, {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    role: 'parent',
    passwordHash: null,
  });
  // Taken between the read and the insert: very rare; the caller's transaction is retried by the user.
  if (!user) throw new Error(`An account for ${contact.email} appeared while inviting`);
  await sendInvite(tx, config, team, user);
  return { user, created: true, inviteSent: true };
}

/**
 * The user's newest unused, unexpired invite: the one whose emailed token this is, or any one to
 * the team.
 */
export async function findUsableInvite(
  db: Db,
  userId: number,
  which: { token: string } | { teamId: number },
): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(inviteTokens)
    .where(
      and(
        eq(inviteTokens.userId, userId),
        'token' in which
          ? eq(inviteTokens.tokenHash, sha256(which.token))
          : eq(inviteTokens.teamId, which.teamId),
        isNull(inviteTokens.usedAt),
        gt(inviteTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(inviteTokens.id))
    .limit(1);
  return row;
}

/** Marks the invite used; false when it was used or expired meanwhile. */
export async function consumeInvite(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(inviteTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(inviteTokens.id, id), isNull(inviteTokens.usedAt), gt(inviteTokens.expiresAt, sql`now()`)))
    .returning({ id: inviteTokens.id });
  return rows.length > 0;
}
