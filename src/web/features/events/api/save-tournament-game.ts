import {
  tournamentGameSchema,
  type TournamentGame,
  type TournamentGameBody,
  type TournamentGamePatch,
} from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

export type SaveTournamentGameInput =
  | { tournamentId: number; gameId: number; body: TournamentGamePatch }
  | { tournamentId: number; body: TournamentGameBody };

/**
 * Add Tournament Game (POST /api/tournaments/{id}/games), Edit Tournament Game and Add/Edit Score
 * (PUT /api/tournaments/{id}/games/{gameId}; a score is a PUT of only the two scores).
 */
export function saveTournamentGame(input: SaveTournamentGameInput): Promise<TournamentGame> {
  const base = `/tournaments/${input.tournamentId}/games`;
  return 'gameId' in input
    ? apiRequest(`${base}/${input.gameId}`, {
        method: 'PUT',
        json: input.body,
        schema: import.meta.env.DEV ? tournamentGameSchema : undefined,
      })
    : apiRequest(base, {
        method: 'POST',
        json: input.body,
        schema: import.meta.env.DEV ? tournamentGameSchema : undefined,
      });
}

export function useSaveTournamentGame(teamId: number) {
  return useReloadingMutation(saveTournamentGame, [eventKeys.tournaments(teamId)]);
}
