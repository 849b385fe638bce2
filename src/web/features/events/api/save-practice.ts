import {
  createdPracticesResponse,
  practiceSchema,
  type CreatedPractices,
  type Practice,
  type PracticeBody,
  type PracticePatch,
} from '../../../../shared/api/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { eventKeys } from './keys.ts';

/** POST /api/practices: one practice, or a weekly series of `repeat_weeks` in one request. */
export function createPractices(body: PracticeBody): Promise<CreatedPractices> {
  return apiRequest('/practices', { method: 'POST', json: body, schema: createdPracticesResponse });
}

export function useCreatePractices(teamId: number) {
  return useReloadingMutation(createPractices, [eventKeys.practices(teamId)]);
}

export interface UpdatePracticeInput {
  practiceId: number;
  body: PracticePatch;
}

/** PUT /api/practices/{id}: one practice of a series, on its own. */
export function updatePractice({ practiceId, body }: UpdatePracticeInput): Promise<Practice> {
  return apiRequest(`/practices/${practiceId}`, { method: 'PUT', json: body, schema: practiceSchema });
}

export function useUpdatePractice(teamId: number) {
  return useReloadingMutation(updatePractice, [eventKeys.practices(teamId)]);
}
