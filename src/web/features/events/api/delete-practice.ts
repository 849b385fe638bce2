import { messageResponse } from '../../../../shared/api/roster.ts';
import type { PracticeScope } from '../../../../shared/practice-series.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';
import { scopeQuery } from './save-practice.ts';

export interface DeletePracticeInput {
  practiceId: number;
  /** 'following': the practice and the later practices of its series (decision 048); by default alone. */
  scope?: PracticeScope;
}

/** DELETE /api/practices/{id}[?scope=following]. */
export function deletePractice({ practiceId, scope = 'this' }: DeletePracticeInput) {
  return apiRequest(`/practices/${practiceId}${scopeQuery(scope)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? messageResponse : undefined,
  });
}

export function useDeletePractice(teamId: number) {
  return useReloadingMutation(deletePractice, [eventKeys.practices(teamId)]);
}
