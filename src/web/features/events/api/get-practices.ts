import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { practiceSchema, type Practice } from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventKeys, type ScheduleReadOptions } from './keys.ts';

/** The team's practices. */
export function getPractices(teamId: number): Promise<Practice[]> {
  return apiRequest(`/practices/${teamId}`, {
    schema: import.meta.env.DEV ? z.array(practiceSchema) : undefined,
  });
}

export function usePractices(teamId: number, options: ScheduleReadOptions = {}) {
  return useQuery({ queryKey: eventKeys.practices(teamId), queryFn: () => getPractices(teamId), ...options });
}
