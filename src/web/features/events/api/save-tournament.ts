import {
  tournamentSchema,
  type Tournament,
  type TournamentBody,
  type TournamentPatch,
} from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

export type SaveTournamentInput = { tournamentId: number; body: TournamentPatch } | { body: TournamentBody };

/**
 * Create New Tournament and Add to Current Team (POST /api/tournaments/team/{teamId}, the quick-add
 * posting a copy), or Edit Tournament (PUT /api/tournaments/{id}).
 */
export function saveTournament(teamId: number, input: SaveTournamentInput): Promise<Tournament> {
  return 'tournamentId' in input
    ? apiRequest(`/tournaments/${input.tournamentId}`, {
        method: 'PUT',
        json: input.body,
        schema: import.meta.env.DEV ? tournamentSchema : undefined,
      })
    : apiRequest(`/tournaments/team/${teamId}`, {
        method: 'POST',
        json: input.body,
        schema: import.meta.env.DEV ? tournamentSchema : undefined,
      });
}

export function useSaveTournament(teamId: number) {
  return useReloadingMutation(
    (input: SaveTournamentInput) => saveTournament(teamId, input),
    [eventKeys.tournaments(teamId), eventKeys.allTournaments],
  );
}
