import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarEventSchema } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** GET /api/calendar/team/{teamId}/events: the events from `from` to `to` (one request per month view). */
export function getCalendarEvents(teamId: number, from: string, to: string): Promise<CalendarEvent[]> {
  const query = new URLSearchParams({ from, to });
  return apiRequest(`/calendar/team/${teamId}/events?${query.toString()}`, {
    schema: z.array(calendarEventSchema),
  });
}

export function useCalendarEvents(teamId: number, from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.month(teamId, from, to),
    queryFn: () => getCalendarEvents(teamId, from, to),
  });
}
