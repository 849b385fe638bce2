import { playerSchema, type Player, type PlayerBody } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export interface UpdatePlayerInput {
  playerId: number;
  body: PlayerBody;
}

export function updatePlayer(teamId: number, { playerId, body }: UpdatePlayerInput): Promise<Player> {
  return apiRequest(`/teams/${teamId}/players/${playerId}`, {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? playerSchema : undefined,
  });
}

export function useUpdatePlayer(teamId: number) {
  return useRosterMutation(teamId, updatePlayer);
}
