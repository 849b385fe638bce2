import { useQuery } from '@tanstack/react-query';
import { documentListSchema, type TeamDocument } from '../../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** GET /api/documents/tournament/{id}: the files attached to one tournament. */
export function getTournamentDocuments(tournamentId: number): Promise<TeamDocument[]> {
  return apiRequest(`/documents/tournament/${tournamentId}`, {
    schema: import.meta.env.DEV ? documentListSchema : undefined,
  });
}

export function useTournamentDocuments(teamId: number, tournamentId: number) {
  return useQuery({
    queryKey: documentKeys.tournament(teamId, tournamentId),
    queryFn: () => getTournamentDocuments(tournamentId),
  });
}
