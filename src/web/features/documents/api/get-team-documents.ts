import { useQuery } from '@tanstack/react-query';
import { documentListSchema, type TeamDocument } from '../../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentKeys, DOCUMENTS_REFRESH_MS, type DocumentFilter } from './keys.ts';

/** GET /api/documents/team/{teamId}?include_tournament_docs=&category= */
export function getTeamDocuments(teamId: number, filter: DocumentFilter): Promise<TeamDocument[]> {
  const query = new URLSearchParams({ include_tournament_docs: String(filter.includeTournamentDocs) });
  if (filter.category !== 'all') query.set('category', filter.category);
  return apiRequest(`/documents/team/${teamId}?${query.toString()}`, {
    schema: import.meta.env.DEV ? documentListSchema : undefined,
  });
}

/**
 * The Documents page's list: reloaded every 30 s while the page is visible and the user idle (no dialog
 * open over it), not while it is hidden.
 */
export function useTeamDocuments(teamId: number, filter: DocumentFilter, { idle = true } = {}) {
  return useQuery({
    queryKey: documentKeys.list(teamId, filter),
    queryFn: () => getTeamDocuments(teamId, filter),
    refetchInterval: idle ? DOCUMENTS_REFRESH_MS : false,
    refetchIntervalInBackground: false,
    // A new filter shows the old rows until its own answer arrives, rather than a blank list.
    placeholderData: (previous) => previous,
  });
}
