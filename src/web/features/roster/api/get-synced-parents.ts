import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { defineSchema } from '../../../../shared/define-schema.ts';
import { syncedParentSchema, type SyncedParent } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rosterKeys } from './keys.ts';

const syncedParentList = defineSchema(() => z.array(syncedParentSchema));

/** The parent accounts of a team (coaches and admins only). */
export function getSyncedParents(teamId: number): Promise<SyncedParent[]> {
  return apiRequest(`/teams/${teamId}/parents/synced`, {
    schema: import.meta.env.DEV ? syncedParentList : undefined,
  });
}

export function useSyncedParents(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: rosterKeys.syncedParents(teamId),
    queryFn: () => getSyncedParents(teamId),
    enabled,
  });
}
