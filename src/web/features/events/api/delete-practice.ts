import { messageResponse } from '../../../../shared/api/roster.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

/** DELETE /api/practices/{id}. */
export function deletePractice(practiceId: number) {
  return apiRequest(`/practices/${practiceId}`, { method: 'DELETE', schema: messageResponse });
}

export function useDeletePractice(teamId: number) {
  return useReloadingMutation(deletePractice, [eventKeys.practices(teamId)]);
}
