import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { pushSubscriptions } from '../../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface SubscriptionValues {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps the browser's subscription for the user: a new endpoint is added; a known one takes the new
 * keys and moves to this user (one browser, signed in by someone else now). Answers whether it was new.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  values: SubscriptionValues,
): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: values.p256dh, auth: values.auth },
    })
    // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: row?.created === true };
}

/** Forgets all but the user's newest `keep` subscriptions. */
export async function keepNewest(db: Db, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes the user's subscription of that endpoint; another user's stays. Answers whether one went. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export function subscriptionsOf(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

/** Removes the subscriptions of endpoints their push service said are gone (404, 410), whoever holds them now. */
export async function deleteEndpoints(db: Db, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, [...endpoints]));
}
