import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { chatPostOutbox } from '../../db/schema.ts';

// The durable queue of group-chat cross-posts (docs/product/announcements.md 'Cross-posts to the group
// chat'), claimed like the email outbox (mail/outbox.ts): a row stays until the service accepted it. A
// 4xx answer (a wrong bot id) gives up after GIVE_UP_AFTER tries and stays as the team's last cross-post
// error; anything else (the service down, a 5xx, 408, 429) is retried with backoff, without end.

export type ChatPostRow = typeof chatPostOutbox.$inferSelect;

/** Every post of a batch may take its whole timeout; the claim covers them all and a margin. */
export function claimSeconds(batchSize: number, postTimeoutMs = 10_000): number {
  return Math.ceil((batchSize * postTimeoutMs) / 1000) + 60;
}
export const GIVE_UP_AFTER = 5;
export const MAX_RETRY_DELAY_SECONDS = 300;

/** 10 s doubling, at most 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due rows for `seconds`. The claimed rows' locked_until is the claim's token: markChatPostSent
 * and markChatPostFailed touch a row only while it still holds it (a sender whose claim ran out and
 * was taken over by another one writes nothing).
 */
export async function claimDueChatPosts(
  db: Db,
  limit: number,
  seconds = claimSeconds(limit),
): Promise<ChatPostRow[]> {
  const due = db
    .select({ id: chatPostOutbox.id })
    .from(chatPostOutbox)
    .where(
      and(
        isNull(chatPostOutbox.sentAt),
        isNull(chatPostOutbox.gaveUpAt),
        lte(chatPostOutbox.nextAttemptAt, sql`now()`),
        or(isNull(chatPostOutbox.lockedUntil), lte(chatPostOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(chatPostOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(chatPostOutbox)
    .set({
      // Milliseconds, as a JS Date carries it back: the value is compared again as the claim's token.
      lockedUntil: sql`date_trunc('milliseconds', now() + ${seconds} * interval '1 second')`,
      attempts: sql`${chatPostOutbox.attempts} + 1`,
    })
    .where(sql`${chatPostOutbox.id} in ${due}`)
    .returning();
}

/** Still claimed by the claim that returned `row` (its locked_until unchanged). */
function stillClaimed(row: ChatPostRow) {
  return row.lockedUntil === null
    ? and(eq(chatPostOutbox.id, row.id), isNull(chatPostOutbox.lockedUntil))
    : and(eq(chatPostOutbox.id, row.id), eq(chatPostOutbox.lockedUntil, row.lockedUntil));
}

export async function markChatPostSent(db: Db, row: ChatPostRow): Promise<void> {
  await db
    .update(chatPostOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(stillClaimed(row));
}

/** A failed try: retried later, or (a refusal, after GIVE_UP_AFTER tries) given up. */
export async function markChatPostFailed(
  db: Db,
  row: ChatPostRow,
  error: string,
  refused: boolean,
  retryDelay: (attempts: number) => number = retryDelaySeconds,
): Promise<void> {
  const giveUp = refused && row.attempts >= GIVE_UP_AFTER;
  await db
    .update(chatPostOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${retryDelay(row.attempts)} * interval '1 second'`,
      ...(giveUp ? { gaveUpAt: sql`now()` } : {}),
    })
    .where(stillClaimed(row));
}
