import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferencesSchema,
} from '../../../../shared/api/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { accountKeys } from './keys.ts';

/** GET /api/notifications/preferences: every kind's choice (or default), quiet hours, digest hour. */
export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', {
    schema: import.meta.env.DEV ? notificationPreferencesSchema : undefined,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: accountKeys.notificationPreferences,
    queryFn: getNotificationPreferences,
  });
}

/** PUT /api/notifications/preferences with what changed; answers the whole preferences. */
export function saveNotificationPreferences(
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', {
    method: 'PUT',
    json: update,
    schema: import.meta.env.DEV ? notificationPreferencesSchema : undefined,
  });
}

/** Saves, and keeps the answer as the preferences read. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notificationPreferences, saved),
  });
}
