import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarEventSchema } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** GET /api/calendar/team/{teamId}/events: the events from `from` to `to` (one request per month view). */
export function getCalendarEvents(teamId: number, from: string, to: string): Promise<CalendarEvent[]> {
  const query = new URLSearchParams({ from, to });
  return apiRequest(`/calendar/team/${teamId}/events?${query.toString()}`, {
    schema: import.meta.env.DEV ? z.array(calendarEventSchema) : undefined,
  });
}

export function useCalendarEvents(teamId: number, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.month(teamId, from, to),
    queryFn: () => getCalendarEvents(teamId, from, to),
    enabled,
  });
}

type RangeResult = UseQueryResult<CalendarEvent[]>;

/** The parts as one answer (a module function: TanStack keeps its result while the parts are the same). */
function joinParts(results: RangeResult[]) {
  return {
    data: results.every((r) => r.data) ? results.flatMap((r) => r.data ?? []) : undefined,
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
    refetch: () => Promise.all(results.filter((r) => r.isError).map((r) => r.refetch())),
  };
}

/**
 * The events of several ranges (a long window read in parts, each within the API's limit), in date
 * order; the parts share the month view's keys, so a range already read is not read again.
 */
export function useCalendarRanges(teamId: number, ranges: readonly { from: string; to: string }[]) {
  return useQueries({
    queries: ranges.map(({ from, to }) => ({
      queryKey: calendarKeys.month(teamId, from, to),
      queryFn: () => getCalendarEvents(teamId, from, to),
    })),
    combine: joinParts,
  });
}
