import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { gameSchema, type Game } from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys, type ScheduleReadOptions } from './keys.ts';

/** The team's individual games (friendly, league, other). */
export function getGames(teamId: number): Promise<Game[]> {
  return apiRequest(`/games/${teamId}`, { schema: import.meta.env.DEV ? z.array(gameSchema) : undefined });
}

export function useGames(teamId: number, options: ScheduleReadOptions = {}) {
  return useQuery({ queryKey: eventKeys.games(teamId), queryFn: () => getGames(teamId), ...options });
}
