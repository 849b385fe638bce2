import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tournamentSchema, type Tournament } from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

/** The tournaments of every team the user is in, each with its team's name (quick-add lists the coached ones). */
export function getAllTournaments(): Promise<Tournament[]> {
  return apiRequest('/tournaments/all', {
    schema: import.meta.env.DEV ? z.array(tournamentSchema) : undefined,
  });
}

export function useAllTournaments() {
  return useQuery({ queryKey: eventKeys.allTournaments, queryFn: getAllTournaments });
}
