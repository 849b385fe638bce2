import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export function deleteKit(kitId: number): Promise<{ message: string }> {
  return apiRequest(`/kits/${kitId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? z.object({ message: z.string() }) : undefined,
  });
}

export function useDeleteKit(teamId: number) {
  return useReloadingMutation(deleteKit, [queryKeys.kits(teamId)]);
}
