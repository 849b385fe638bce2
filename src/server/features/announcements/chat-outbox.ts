import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { chatPostOutbox } from '../../db/schema.ts';
import { outboxRules, retryDelaySeconds } from '../../outbox-claims.ts';

// The durable queue of group-chat cross-posts (docs/decisions/018), claimed, backed off and marked by
// the rules the email outbox uses too (outbox-claims.ts): a row stays until the service accepted it.
// A 4xx answer (a wrong bot id) gives up after GIVE_UP_AFTER tries and stays as the team's last
// cross-post error; anything else (the service down, a 5xx, 408, 429) is retried with backoff, without end.

export type ChatPostRow = typeof chatPostOutbox.$inferSelect;

/** Every post of a batch may take its whole timeout; the claim covers them all and a margin. */
export function claimSeconds(batchSize: number, postTimeoutMs = 10_000): number {
  return Math.ceil((batchSize * postTimeoutMs) / 1000) + 60;
}
export const GIVE_UP_AFTER = 5;

const rules = outboxRules(chatPostOutbox, isNull(chatPostOutbox.gaveUpAt));

/** Held by no sender right now (outbox-claims.ts). */
export const unclaimedChatPost = rules.unclaimed;

/**
 * Claims due rows for `seconds`. markChatPostSent and markChatPostFailed touch a row only while this
 * claim still holds it (a sender whose claim ran out and was taken over by another one writes nothing).
 */
export function claimDueChatPosts(
  db: Db,
  limit: number,
  seconds = claimSeconds(limit),
): Promise<ChatPostRow[]> {
  return rules.claim(db, limit, seconds);
}

export async function markChatPostSent(db: Db, row: ChatPostRow): Promise<void> {
  await rules.markSent(db, row);
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
  await rules.markFailed(db, row, error, retryDelay(row.attempts), giveUp ? { gaveUpAt: sql`now()` } : {});
}
