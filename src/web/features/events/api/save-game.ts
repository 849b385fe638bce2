import { gameSchema, type Game, type GameBody, type GamePatch } from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

export type SaveGameInput = { gameId: number; body: GamePatch } | { body: GameBody };

/**
 * Add Individual Game (POST /api/games/{teamId}), Edit Individual Game and Add/Edit Score
 * (PUT /api/games/{teamId}/{gameId}).
 */
export function saveGame(teamId: number, input: SaveGameInput): Promise<Game> {
  return 'gameId' in input
    ? apiRequest(`/games/${teamId}/${input.gameId}`, {
        method: 'PUT',
        json: input.body,
        schema: import.meta.env.DEV ? gameSchema : undefined,
      })
    : apiRequest(`/games/${teamId}`, {
        method: 'POST',
        json: input.body,
        schema: import.meta.env.DEV ? gameSchema : undefined,
      });
}

export function useSaveGame(teamId: number) {
  return useReloadingMutation((input: SaveGameInput) => saveGame(teamId, input), [eventKeys.games(teamId)]);
}
