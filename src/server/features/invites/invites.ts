import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountCan } from '../../../shared/permissions.ts';
import { INVITE_MESSAGES, INVITE_RESEND_MINUTES, INVITE_TOKEN_TTL_DAYS } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { countHit } from '../../db/rate-counter.ts';
import { inviteTokens, parentContacts } from '../../db/schema.ts';
import { tooMany } from '../../http-error.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import { findUserByEmail, insertUser, type UserRow } from '../auth/queries.ts';
import { requireVerifiedSender } from '../auth/verified-sender.ts';

// Invites (docs/product/teams-and-joining.md): a coach's "send invite", "sync" and "bulk sync" email a
// single-use link (creating a parent account without a password when there is none); following it lets
// the parent in.

export type InviteRow = typeof inviteTokens.$inferSelect;

interface InviteTeam {
  id: number;
  name: string;
  inviteCode: string;
}

/** The invite link's path on the app (the sender puts its PUBLIC_URL in front). */
export function invitePath(team: InviteTeam, user: Pick<UserRow, 'email' | 'name'>, token: string) {
  const query = [
    `team=${encodeURIComponent(team.inviteCode)}`,
    `email=${encodeURIComponent(user.email)}`,
    `name=${encodeURIComponent(user.name)}`,
    `token=${encodeURIComponent(token)}`,
  ].join('&');
  return `/?${query}`;
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
  await enqueueEmail(tx, {
    to: user.email,
    template: 'invite',
    params: {
      name: user.name,
      teamName: team.name,
      link: invitePath(team, user, token),
      expiresInDays: INVITE_TOKEN_TTL_DAYS,
    },
  });
}

export type InviteOutcome = 'sent' | 'recent';

/**
 * Invites the person behind a parent contact (docs/product/teams-and-joining.md): their account, or a
 * new one without a password, gets a single-use link to the team. Nothing else happens until they
 * follow it: no membership, no link to the child, and the same outcome whether or not an account
 * existed. A password-less account fixes nothing about the address: its owner may still register with
 * it, as a coach too, and keeps the invites (auth/placeholders.ts). 'recent' when an invite went to
 * this email for this team in the last few minutes (nothing is sent); a sender whose email is not
 * confirmed gets a 403, a coach over the hourly allowance a 429. Use the transaction's handle.
 */
export async function inviteContact(
  tx: Db,
  config: Config,
  team: InviteTeam,
  contact: { name: string; email: string; phone: string | null },
  sender: UserRow,
): Promise<InviteOutcome> {
  requireVerifiedSender(sender);
  if (await invitedRecently(tx, team.id, contact.email)) return 'recent';
  const hit = await countHit(tx, `invite:coach:${sender.id}`, 60 * 60 * 1000);
  if (hit.count > config.INVITE_LIMIT_PER_COACH_PER_HOUR) {
    throw tooMany(INVITE_MESSAGES.coachLimit, hit.ttlMs / 1000);
  }
  const user =
    (await findUserByEmail(tx, contact.email)) ??
    (await insertUser(tx, {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      role: 'parent',
      passwordHash: null,
    }));
  // Taken between the read and the insert: very rare; the caller's transaction is retried by the user.
  if (!user) throw new Error('An account appeared while inviting');
  // An admin already sees every team; the answer stays the same.
  if (!accountCan(user, 'view_all_teams')) await sendInvite(tx, config, team, user);
  await tx
    .update(parentContacts)
    .set({ inviteSentAt: sql`now()` })
    .where(
      and(
        eq(parentContacts.teamId, team.id),
        eq(parentContacts.email, contact.email),
        isNull(parentContacts.userId),
      ),
    );
  return 'sent';
}

/** An invite went to this email for this team within the last INVITE_RESEND_MINUTES. */
async function invitedRecently(db: Db, teamId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(parentContacts)
    .where(
      and(
        eq(parentContacts.teamId, teamId),
        eq(parentContacts.email, email),
        gt(parentContacts.inviteSentAt, sql`now() - ${INVITE_RESEND_MINUTES} * interval '1 minute'`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The seconds until a new invite may go to this email (for Retry-After). */
export function inviteResendSeconds(lastSentAt: Date | null): number {
  if (!lastSentAt) return 0;
  return Math.max(1, Math.ceil((lastSentAt.getTime() + INVITE_RESEND_MINUTES * 60_000 - Date.now()) / 1000));
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
