import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineSchema } from '../../../../shared/define-schema.ts';
import { playerSchema, type Player } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rosterKeys } from './keys.ts';

const playerList = defineSchema(() => z.array(playerSchema));

/** Another coach's changes reach an open roster this soon (only while the page is visible). */
export const PLAYERS_REFRESH_MS = 30_000;

/** The team's players, sorted; parents and players get no parent contact details. */
export function getPlayers(teamId: number): Promise<Player[]> {
  return apiRequest(`/teams/${teamId}/players`, { schema: import.meta.env.DEV ? playerList : undefined });
}

export function usePlayers(teamId: number | null) {
  return useQuery({
    queryKey: rosterKeys.players(teamId ?? 0),
    queryFn: () => getPlayers(teamId ?? 0),
    enabled: teamId !== null,
    refetchInterval: PLAYERS_REFRESH_MS,
  });
}
