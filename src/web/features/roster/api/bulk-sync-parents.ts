import type { z } from 'zod';
import { bulkSyncResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

export type BulkSyncResult = z.infer<typeof bulkSyncResponse>;

/** Creates accounts for every parent contact without one and emails them invites. */
export function bulkSyncParents(teamId: number): Promise<BulkSyncResult> {
  return apiRequest(`/teams/${teamId}/parents/bulk-sync`, {
    method: 'POST',
    schema: import.meta.env.DEV ? bulkSyncResponse : undefined,
  });
}

export function useBulkSyncParents(teamId: number) {
  return useRosterMutation(teamId, (id: number, _none: void) => bulkSyncParents(id));
}
