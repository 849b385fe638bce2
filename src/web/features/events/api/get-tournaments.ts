import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tournamentSchema, type Tournament } from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys, type ScheduleReadOptions } from './keys.ts';

/** The team's tournaments with their games (sorted), W/L/D record and status. */
export function getTournaments(teamId: number): Promise<Tournament[]> {
  return apiRequest(`/tournaments/team/${teamId}`, {
    schema: import.meta.env.DEV ? z.array(tournamentSchema) : undefined,
  });
}

export function useTournaments(teamId: number, options: ScheduleReadOptions = {}) {
  return useQuery({
    queryKey: eventKeys.tournaments(teamId),
    queryFn: () => getTournaments(teamId),
    ...options,
  });
}
