import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { kitSchema, type Kit } from '../../../../shared/api/kits.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';

// The game dialogs choose a kit by name (docs/product/kits.md 'Fields and defaults'). The kits feature
// owns the kits; this reads the same answer under the same key, so both share one cached list.

function getKits(teamId: number): Promise<Kit[]> {
  return apiRequest(`/kits/team/${teamId}`, { schema: import.meta.env.DEV ? z.array(kitSchema) : undefined });
}

export function useKitNames(teamId: number) {
  return useQuery({
    queryKey: queryKeys.kits(teamId),
    queryFn: () => getKits(teamId),
    select: (kits) => kits.map((kit) => kit.name),
  });
}
