import type { z } from 'zod';
import { bulkPlayersResponse, type PlayerBody } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export type BulkAddResponse = z.infer<typeof bulkPlayersResponse>;

/** Adds several players at once; the server answers 'Successfully added N players to the team!'. */
export function bulkAddPlayers(teamId: number, players: PlayerBody[]): Promise<BulkAddResponse> {
  return apiRequest(`/teams/${teamId}/players/bulk`, {
    method: 'POST',
    json: { players },
    schema: import.meta.env.DEV ? bulkPlayersResponse : undefined,
  });
}

export function useBulkAddPlayers(teamId: number) {
  return useRosterMutation(teamId, bulkAddPlayers);
}
