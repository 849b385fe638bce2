import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { notificationDeliveries, notifications, teamMembers, teams, users } from '../../db/schema.ts';
import { outboxRules } from '../../outbox-claims.ts';

// The delivery outbox's reads and writes (docs/decisions/043): claims, what a delivery is about, and the
// counts the budget reads.

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export const deliveryRules = outboxRules(notificationDeliveries);

export async function claimDueDelivery(db: Db, seconds: number): Promise<DeliveryRow | undefined> {
  const [row] = await deliveryRules.claim(db, 1, seconds);
  return row;
}

/**
 * Whether the person may still see what the notification tells of: still in its team (or a club
 * admin), as the bell asks. A delivery held back by quiet hours or the digest is not sent to someone
 * who left meanwhile.
 */
const stillShown = sql<boolean>`(exists (select 1 from ${teamMembers} m where m.team_id = ${notifications.teamId} and m.user_id = ${notifications.userId}) or exists (select 1 from ${users} a where a.id = ${notifications.userId} and a.role = 'admin'))`;

/** A delivery's notification, its recipient and the team's name. */
export async function deliveryContext(db: Db, notificationId: number) {
  const [row] = await db
    .select({
      notification: notifications,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      teamName: teams.name,
      shown: stillShown,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(teams, eq(teams.id, notifications.teamId))
    .where(eq(notifications.id, notificationId));
  return row;
}
export type DeliveryContext = NonNullable<Awaited<ReturnType<typeof deliveryContext>>>;

const sentOn = (userId: number, channel: 'email' | 'push', withinSeconds: number) =>
  and(
    eq(notificationDeliveries.userId, userId),
    eq(notificationDeliveries.channel, channel),
    eq(notificationDeliveries.outcome, 'sent'),
    gt(notificationDeliveries.sentAt, sql`now() - ${withinSeconds} * interval '1 second'`),
  );

/** Immediate notification emails sent to the user in the last 24 hours (the day's budget). */
export async function emailsSentLastDay(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationDeliveries)
    .where(sentOn(userId, 'email', 86_400));
  return row?.n ?? 0;
}

/** When each push of the last hour went to the user, oldest first (the hour's budget). */
export async function pushesSentLastHour(db: Db, userId: number): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: notificationDeliveries.sentAt })
    .from(notificationDeliveries)
    .where(sentOn(userId, 'push', 3600))
    .orderBy(asc(notificationDeliveries.sentAt));
  return rows.flatMap((row) => (row.sentAt ? [row.sentAt] : []));
}

/**
 * Claims the user's other due pushes, to go out with this one as a single push (SKIP LOCKED: a push
 * another sender holds is left to it).
 */
export async function claimWaitingPushes(
  db: Db,
  userId: number,
  exceptId: number,
  seconds: number,
): Promise<DeliveryRow[]> {
  const waiting = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.channel, 'push'),
        isNull(notificationDeliveries.sentAt),
        lte(notificationDeliveries.nextAttemptAt, sql`now()`),
        deliveryRules.unclaimed(),
        sql`${notificationDeliveries.id} <> ${exceptId}`,
      ),
    )
    .for('update', { skipLocked: true });
  return db
    .update(notificationDeliveries)
    .set({
      lockedUntil: sql`now() + ${seconds} * interval '1 second'`,
      attempts: sql`${notificationDeliveries.attempts} + 1`,
    })
    .where(sql`${notificationDeliveries.id} in ${waiting}`)
    .returning();
}

/** Notifications by id, with what a push plan needs (what a coalesced push lists). */
export async function notificationsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      teamName: teams.name,
      kind: notifications.kind,
      eventStartsAt: notifications.eventStartsAt,
      shown: stillShown,
    })
    .from(notifications)
    .innerJoin(teams, eq(teams.id, notifications.teamId))
    .where(inArray(notifications.id, [...ids]))
    .orderBy(asc(notifications.id));
}

/** Claims the user's deliveries waiting for the digest, oldest first, with what they say. */
export async function claimDigestItems(db: Db, userId: number) {
  const waiting = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.channel, 'email'),
        eq(notificationDeliveries.outcome, 'digest'),
        isNull(notificationDeliveries.digestedAt),
      ),
    )
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return [];
  const ids = waiting.map((row) => row.id);
  return db
    .select({
      deliveryId: notificationDeliveries.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      shown: stillShown,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(inArray(notificationDeliveries.id, ids))
    .orderBy(asc(notifications.id));
}

export async function markDigested(db: Db, deliveryIds: readonly number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db
    .update(notificationDeliveries)
    .set({ digestedAt: sql`now()` })
    .where(inArray(notificationDeliveries.id, [...deliveryIds]));
}

export async function recipientOf(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Drops the undelivered emails and pushes of these addresses' owners (the demo seed's accounts). */
export async function discardPendingDeliveries(db: Db, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db.delete(notificationDeliveries).where(
    and(
      isNull(notificationDeliveries.sentAt),
      inArray(
        notificationDeliveries.userId,
        db
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.email, [...addresses])),
      ),
    ),
  );
}
