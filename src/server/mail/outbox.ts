import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { emailOutbox } from '../db/schema.ts';
import { type QueuedEmail, storedParams } from './templates.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Queues an email: what it is about, rendered by the sender when it sends (mail/templates.ts). Pass
 * the transaction's handle to queue it with the change that caused it.
 */
export async function enqueueEmail(db: Db, email: QueuedEmail): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: email.to,
    template: email.template,
    params: storedParams(email),
  });
}

/** Drops unsent emails to these addresses (the demo seed's, which nobody reads). Use the transaction's handle. */
export async function discardUnsentEmails(db: Db, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.toAddress, addresses), isNull(emailOutbox.sentAt)));
}

/**
 * Claims the next due email for this sender, for `seconds`: longer than one send may take (the
 * transport's time limit), so no other process sends it meanwhile. If this process dies mid-send the
 * claim runs out and another sender retries. One at a time: an email waiting behind a slow send is
 * not held under a claim that could run out before its turn.
 */
export async function claimDueEmail(db: Db, seconds: number): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({
      lockedUntil: sql`now() + ${seconds} * interval '1 second'`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(sql`${emailOutbox.id} in ${due}`)
    .returning();
  return row;
}

/** Done with: sent, or (with `skipped`, the reason) found needless. */
export async function markSent(db: Db, id: number, skipped: string | null = null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null, skipped })
    .where(eq(emailOutbox.id, id));
}

/**
 * Retry delay after the n-th failed attempt: 10 s doubling, at most 5 minutes, so a link valid for an
 * hour (password reset) still arrives in time after a mail outage of most of that hour. Never gives up.
 */
export const MAX_RETRY_DELAY_SECONDS = 300;
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${retryDelaySeconds(row.attempts)} * interval '1 second'`,
    })
    .where(eq(emailOutbox.id, row.id));
}
