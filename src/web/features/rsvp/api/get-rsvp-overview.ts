import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { overviewSchema } from '../../../../shared/api/calendar.ts';
import { type OverviewQuery, overviewSearch } from '../../../../shared/rsvp-overview.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rsvpKeys } from './keys.ts';

/**
 * GET /api/team-rsvp/team/{teamId}/overview: events with their answers (coaches). Without a query, every
 * event from today on; `query` asks a window and types (docs/decisions/050).
 */
export function getRsvpOverview(teamId: number, query: OverviewQuery = {}) {
  return apiRequest(`/team-rsvp/team/${teamId}/overview${overviewSearch(query)}`, {
    schema: import.meta.env.DEV ? overviewSchema : undefined,
  });
}

/**
 * `enabled`: false for those who may not read it (the screens ask useCan first). With a `query`, the
 * answer is kept under its own key below the overview's (an answer recorded reloads them all) and the
 * last window stays on screen while the next loads.
 */
export function useRsvpOverview(
  teamId: number,
  { enabled = true, query }: { enabled?: boolean; query?: OverviewQuery } = {},
) {
  const search = query ? overviewSearch(query) : '';
  return useQuery({
    queryKey: search ? [...rsvpKeys.overview(teamId), search] : rsvpKeys.overview(teamId),
    queryFn: () => getRsvpOverview(teamId, query),
    enabled,
    ...(query ? { placeholderData: keepPreviousData } : {}),
  });
}
