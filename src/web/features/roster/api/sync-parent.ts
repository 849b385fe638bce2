import type { z } from 'zod';
import { syncParentResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export type SyncParentResult = z.infer<typeof syncParentResponse>;

/** Gives a parent contact a user account (created with an invite email, or the existing one). */
export function syncParent(teamId: number, parentId: number): Promise<SyncParentResult> {
  return apiRequest(`/teams/${teamId}/parents/${parentId}/sync-user`, {
    method: 'POST',
    schema: import.meta.env.DEV ? syncParentResponse : undefined,
  });
}

export function useSyncParent(teamId: number) {
  return useRosterMutation(teamId, syncParent);
}
