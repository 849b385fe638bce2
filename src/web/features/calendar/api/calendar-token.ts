import { useQuery } from '@tanstack/react-query';
import { calendarTokenSchema, type CalendarToken } from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { calendarKeys } from './keys.ts';

/** GET /api/calendar/token: the user's feed secret (made on first ask), the same until regenerated. */
export function getCalendarToken(): Promise<CalendarToken> {
  return apiRequest('/calendar/token', { schema: import.meta.env.DEV ? calendarTokenSchema : undefined });
}

export function useCalendarToken(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.token, queryFn: getCalendarToken, enabled });
}

/** POST /api/calendar/token/regenerate: a new secret; the old feed URL answers 404 from now on. */
export function regenerateCalendarToken(): Promise<CalendarToken> {
  return apiRequest('/calendar/token/regenerate', {
    method: 'POST',
    schema: import.meta.env.DEV ? calendarTokenSchema : undefined,
  });
}

export function useRegenerateCalendarToken() {
  return useReloadingMutation(regenerateCalendarToken, [calendarKeys.token]);
}
