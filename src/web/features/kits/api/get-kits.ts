import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kitSchema, type Kit } from '../../../../shared/api/kits.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';

export function getKits(teamId: number): Promise<Kit[]> {
  return apiRequest(`/kits/team/${teamId}`, { schema: import.meta.env.DEV ? z.array(kitSchema) : undefined });
}

export function useKits(teamId: number) {
  return useQuery({ queryKey: queryKeys.kits(teamId), queryFn: () => getKits(teamId) });
}
