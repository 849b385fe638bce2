import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationList,
  notificationListSchema,
  unreadCountAnswer,
} from '../../../../shared/api/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** docs/product/notifications.md: the bell asks again every minute while the page is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET /api/notifications: newest first, with the unread count. */
export function getNotifications(): Promise<NotificationList> {
  return apiRequest('/notifications', { schema: import.meta.env.DEV ? notificationListSchema : undefined });
}

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Marks read here at once (the list and the badge), then on the server; the answer's count wins. */
function useMarking(send: (ids: readonly number[] | null) => Promise<{ unread_count: number }>) {
  const queryClient = useQueryClient();
  const now = () => new Date().toISOString();
  // Not a form's write (useWrite): each tap marks its own item, and a second tap on another must not
  // be dropped while the first is on its way. Nothing is retried later: the next read shows the truth.
  return useMutation({
    mutationFn: send,
    networkMode: 'always',
    retry: false,
    onMutate: (ids: readonly number[] | null) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
        if (!list) return list;
        const marked = (id: number) => ids === null || ids.includes(id);
        const items = list.items.map((n) =>
          n.read_at === null && marked(n.id) ? { ...n, read_at: now() } : n,
        );
        const newlyRead = list.items.filter((n) => n.read_at === null && marked(n.id)).length;
        return { items, unread_count: Math.max(0, list.unread_count - newlyRead) };
      });
    },
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
        list ? { ...list, unread_count } : list,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** POST /api/notifications/read {ids}; `null`: POST /api/notifications/read-all. */
export function markRead(ids: readonly number[] | null): Promise<{ unread_count: number }> {
  return ids === null
    ? apiRequest('/notifications/read-all', {
        method: 'POST',
        json: {},
        schema: import.meta.env.DEV ? unreadCountAnswer : undefined,
      })
    : apiRequest('/notifications/read', {
        method: 'POST',
        json: { ids },
        schema: import.meta.env.DEV ? unreadCountAnswer : undefined,
      });
}

export const useMarkRead = () => useMarking(markRead);
