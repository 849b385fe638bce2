import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { chatPostOutbox } from '../../db/schema.ts';

// The durable queue of group-chat cross-posts (DECISIONS.md 'Cross-posts'), claimed like the email
// outbox (mail/outbox.ts): a row stays until the service accepted it. A 4xx answer (a wrong bot id)
// gives up after GIVE_UP_AFTER tries and stays as the team's last cross-post error; anything else
// (the service down, a 5xx) is retried with backoff, without end.

export type ChatPostRow = typeof chatPostOutbox.$inferSelect;

const CLAIM_SECONDS = 120;
export const GIVE_UP_AFTER = 5;
export const MAX_RETRY_DELAY_SECONDS = 300;

/** 10 s doubling, at most 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function claimDueChatPosts(db: Db, limit: number): Promise<ChatPostRow[]> {
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
      lockedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'`,
      attempts: sql`${chatPostOutbox.attempts} + 1`,
    })
    .where(sql`${chatPostOutbox.id} in ${due}`)
    .returning();
}

export async function markChatPostSent(db: Db, id: number): Promise<void> {
  await db
    .update(chatPostOutbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(chatPostOutbox.id, id));
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
    .where(eq(chatPostOutbox.id, row.id));
}
