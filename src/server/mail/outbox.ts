import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { emailOutbox } from '../db/schema.ts';
import { outboxRules, retryDelaySeconds } from '../outbox-claims.ts';
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

const rules = outboxRules(emailOutbox);

/**
 * Claims the next due email for this sender, for `seconds`: longer than one send may take (the
 * transport's time limit), so no other process sends it meanwhile. If this process dies mid-send the
 * claim runs out and another sender retries. One at a time: an email waiting behind a slow send is
 * not held under a claim that could run out before its turn.
 */
export async function claimDueEmail(db: Db, seconds: number): Promise<OutboxRow | undefined> {
  const [row] = await rules.claim(db, 1, seconds);
  return row;
}

/**
 * Done with: sent, or (with `skipped`, the reason) found needless. Nothing is written once the claim
 * that returned `row` no longer holds it (outbox-claims.ts).
 */
export async function markSent(db: Db, row: OutboxRow, skipped: string | null = null): Promise<void> {
  await rules.markSent(db, row, { skipped });
}

/**
 * Tried again after retryDelaySeconds: 10 s doubling, at most 5 minutes, so a link valid for an hour
 * (password reset) still arrives in time after a mail outage of most of that hour. Never gives up.
 */
export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  await rules.markFailed(db, row, error, retryDelaySeconds(row.attempts));
}
