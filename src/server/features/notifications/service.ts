import type { Notification, NotificationList } from '../../../shared/api/notifications.ts';
import type { Db } from '../../db/connect.ts';
import type { UserRow } from '../auth/queries.ts';
import * as queries from './queries.ts';

// The bell (docs/product/notifications.md): each user reads and marks only their own notifications.
// Writing them is notify.ts, called by the feature whose change it tells of, inside its transaction.

function toNotification(row: queries.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    team_id: row.teamId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationService({ db }: { db: Db }) {
  const unread = (user: UserRow) => queries.unreadCountOf(db, user.id);
  return {
    /**
     * The newest `limit`, kept with the bell's state until it changes (a poll without If-None-Match,
     * another tab): read after the state, so a kept list is never older than the tag it goes with.
     */
    async list(user: UserRow, limit: number): Promise<NotificationList> {
      const state = await queries.bellStateOf(db, user.id);
      const kept = state.lists.get(limit) as NotificationList | undefined;
      if (kept) return kept;
      const [rows, unreadCount] = await Promise.all([queries.newestOf(db, user.id, limit), unread(user)]);
      const list = { items: rows.map(toNotification), unread_count: unreadCount };
      state.lists.set(limit, list);
      return list;
    },

    /** The bell's ETag for a list of `limit`: changes whenever what the list shows does. */
    async etag(user: UserRow, limit: number): Promise<string> {
      return `W/"bell-${(await queries.bellStateOf(db, user.id)).stamp}-${limit}"`;
    },

    async markRead(user: UserRow, ids: readonly number[]): Promise<{ unread_count: number }> {
      await queries.markRead(db, user.id, ids);
      return { unread_count: await unread(user) };
    },

    async markAllRead(user: UserRow): Promise<{ unread_count: number }> {
      await queries.markAllRead(db, user.id);
      return { unread_count: await unread(user) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
