import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { changeCacheOf } from '../../db/change-cache.ts';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { notifications, teamMembers, users } from '../../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What the user may still see: notifications of teams they are a member of (a club admin sees every
 * team's). A parent who has left a team no longer reads what happened there.
 */
function visibleTo(userId: number | Placeholder) {
  return and(
    eq(notifications.userId, userId),
    or(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${notifications.teamId} and ${teamMembers.userId} = ${userId})`,
      sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.role} = 'admin')`,
    ),
  );
}

const unreadOf = (userId: number | Placeholder) => and(visibleTo(userId), isNull(notifications.readAt));

export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row?.n ?? 0;
}

const params = { user: sql.placeholder('userId'), limit: sql.placeholder('limit') };
/** The user's newest notifications (as many as the list asks for), newest first. */
const newest = new QueryBuilder()
  .select()
  .from(notifications)
  .where(visibleTo(params.user))
  .orderBy(desc(notifications.id))
  .limit(params.limit)
  .as('newest');
/** The subquery's columns ("newest"."id", ...) by the table's field names: what a plain select gives. */
const newestFields = Object.fromEntries(
  Object.keys(getTableColumns(notifications)).map((key) => [key, newest[key as keyof typeof newest]]),
) as unknown as (typeof notifications)['_']['columns'];
const packedNewest = pack(newestFields, sql`${newest.id} desc`);
const bellList = preparedPerHandle((db) =>
  db
    .select({
      items: sql<string>`${db.select({ rows: packedNewest.value }).from(newest)}`,
      unread: sql<number>`${db.select({ n: count() }).from(notifications).where(unreadOf(params.user))}`,
    })
    .from(users)
    .where(eq(users.id, params.user))
    .prepare('bell_list'),
);

/** The user's newest `limit` notifications, newest first, and how many are unread: one statement. */
export async function bellListOf(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [row] = await bellList(db).execute({ userId, limit });
  return { rows: packedNewest.unpack(row?.items ?? null), unread: Number(row?.unread ?? 0) };
}

/** Marks read those of `ids` that are the user's own; another user's ids change nothing. */
export async function markRead(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.id, [...ids]),
        isNull(notifications.readAt),
      ),
    );
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/**
 * What changes whenever the user's bell does (a new notification, one marked read, a team joined or
 * left): the newest id, the unread count and the last time one was read. Kept per process until a
 * change drops it (db/change-cache.ts, migration 0023), so a poll that changed nothing answers 304
 * without reading the database.
 */
/** A user's bell as a process keeps it: its stamp, and the lists read while the stamp held (by limit). */
export interface BellState {
  stamp: string;
  lists: Map<number, unknown>;
}

export async function bellStateOf(db: Db, userId: number): Promise<BellState> {
  const load = async () => {
    const [row] = await db
      .select({
        newest: sql<number>`coalesce(max(${notifications.id}), 0)`,
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`,
        read: sql<string>`coalesce(to_char(max(${notifications.readAt}), 'YYYYMMDDHH24MISSUS'), '0')`,
      })
      .from(notifications)
      .where(visibleTo(userId));
    return { stamp: `${row?.newest ?? 0}.${row?.unread ?? 0}.${row?.read ?? 0}`, lists: new Map() };
  };
  return (await (changeCacheOf(db)?.bell(userId, load) ?? load())) ?? (await load());
}
