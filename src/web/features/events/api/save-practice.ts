import {
  createdPracticesResponse,
  practiceSchema,
  type CreatedPractices,
  type Practice,
  type PracticeBody,
  type PracticePatch,
} from '../../../../shared/api/events.ts';
import type { PracticeScope } from '../../../../shared/practice-series.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

/** POST /api/practices: one practice, or a weekly series of `repeat_weeks` in one request. */
export function createPractices(body: PracticeBody): Promise<CreatedPractices> {
  return apiRequest('/practices', {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? createdPracticesResponse : undefined,
  });
}

export function useCreatePractices(teamId: number) {
  return useReloadingMutation(createPractices, [eventKeys.practices(teamId)]);
}

export interface UpdatePracticeInput {
  practiceId: number;
  body: PracticePatch;
  /** 'following': the practice and the later practices of its series (decision 048); by default alone. */
  scope?: PracticeScope;
}

/** PUT /api/practices/{id}[?scope=following]: one practice, or this and the following of its series. */
export function updatePractice({ practiceId, body, scope = 'this' }: UpdatePracticeInput): Promise<Practice> {
  return apiRequest(`/practices/${practiceId}${scopeQuery(scope)}`, {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? practiceSchema : undefined,
  });
}

/** The query of a write with a scope: none for the practice alone (the request as it always was). */
export const scopeQuery = (scope: PracticeScope) => (scope === 'following' ? '?scope=following' : '');

export function useUpdatePractice(teamId: number) {
  return useReloadingMutation(updatePractice, [eventKeys.practices(teamId)]);
}
