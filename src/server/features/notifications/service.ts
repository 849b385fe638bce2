import type { Notification, NotificationList } from '../../../shared/api/notifications.ts';
import type { Db } from '../../db/connect.ts';
import type { KeptAnswer } from '../../plugins/answer-cache.ts';
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
    async list(user: UserRow, limit: number): Promise<NotificationList> {
      const { rows, unread: unreadCount } = await queries.bellListOf(db, user.id, limit);
      return { items: rows.map(toNotification), unread_count: unreadCount };
    },

    /**
     * The user's bell as this process keeps it until it changes: its ETag for a list of `limit`, and the
     * list's answer as sent (a poll without If-None-Match, another tab), kept by `keep`. The state is
     * read before the list, so a kept answer is never older than the tag it goes with.
     */
    async bell(user: UserRow, limit: number) {
      const state = await queries.bellStateOf(db, user.id);
      return {
        etag: `W/"bell-${state.stamp}-${limit}"`,
        kept: state.lists.get(limit) as KeptAnswer | undefined,
        keep: (answer: KeptAnswer) => void state.lists.set(limit, answer),
      };
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
