import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { moderatorKeys } from './keys.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export function revokeModerator(teamId: number, userId: number): Promise<{ message: string }> {
  return apiRequest(`/moderators/revoke/${userId}/${teamId}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? z.object({ message: z.string() }) : undefined,
  });
}

export function useRevokeModerator(teamId: number) {
  return useReloadingMutation(
    (userId: number) => revokeModerator(teamId, userId),
    [moderatorKeys.list(teamId)],
  );
}
