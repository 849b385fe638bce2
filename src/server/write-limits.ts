import { type LimitedWrite, writeLimitDetail } from '../shared/write-limits.ts';
import type { Db } from './db/connect.ts';
import { countHit, currentHits, type Hit } from './db/rate-counter.ts';
import { tooMany } from './http-error.ts';

// Every user-made write that reaches others is limited per user per hour
// (docs/product/limits-and-abuse.md; docs/decisions/028), in the shared database counters
// (rate_limit_hits). A service spends the allowance once the write is allowed, inside the transaction
// that stores it: a refused request spends nothing, and a write that fails after counting (an
// Idempotency-Key that lost a race, a 429) gives its count back.

const HOUR_MS = 60 * 60 * 1000;

const keyOf = (write: LimitedWrite, userId: number) => `write:${write}:${userId}`;

function refuse(write: LimitedWrite, hit: Hit): never {
  const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
  throw tooMany(writeLimitDetail(write, seconds), seconds);
}

/** Counts one write of the user; 429 {detail} with Retry-After once more than `perHour` this hour. */
export async function spendWriteAllowance(
  db: Db,
  write: LimitedWrite,
  userId: number,
  perHour: number,
): Promise<void> {
  const hit = await countHit(db, keyOf(write, userId), HOUR_MS);
  if (hit.count > perHour) refuse(write, hit);
}

/**
 * The same 429 when the hour's allowance is already spent, counting nothing: for a write that costs
 * before it can be counted (an upload's bytes are stored before its row), so a user over the limit is
 * refused before the cost.
 */
export async function requireWriteAllowance(
  db: Db,
  write: LimitedWrite,
  userId: number,
  perHour: number,
): Promise<void> {
  const hit = await currentHits(db, keyOf(write, userId));
  if (hit && hit.count >= perHour) refuse(write, hit);
}
