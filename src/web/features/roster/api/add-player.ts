import { playerSchema, type Player, type PlayerBody } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export function addPlayer(teamId: number, body: PlayerBody): Promise<Player> {
  return apiRequest(`/teams/${teamId}/players`, {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? playerSchema : undefined,
  });
}

export function useAddPlayer(teamId: number) {
  return useRosterMutation(teamId, addPlayer);
}
