import { z } from 'zod';
import {
  rsvpSchema,
  type Rsvp,
  type RsvpSubmit,
  type RsvpSubmitAll,
  type RsvpUpcoming,
} from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { rsvpKeys } from './keys.ts';

/** POST /api/team-rsvp/submit: one player's answer (resubmitting replaces it). */
export function submitRsvp(body: RsvpSubmit): Promise<Rsvp> {
  return apiRequest('/team-rsvp/submit', {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? rsvpSchema : undefined,
  });
}

export function useSubmitRsvp(teamId: number) {
  return useReloadingMutation(submitRsvp, [rsvpKeys.mine(teamId), rsvpKeys.overview(teamId)]);
}

/** POST /api/team-rsvp/submit-all: the same answer for several players in one request (all or none). */
export function submitRsvpAll(body: RsvpSubmitAll): Promise<Rsvp[]> {
  return apiRequest('/team-rsvp/submit-all', {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? z.array(rsvpSchema) : undefined,
  });
}

export function useSubmitRsvpAll(teamId: number) {
  return useReloadingMutation(submitRsvpAll, [rsvpKeys.mine(teamId), rsvpKeys.overview(teamId)]);
}

/**
 * POST /api/team-rsvp/team/{teamId}/upcoming: one player's answer to every upcoming event of the team
 * ('Answer all upcoming'), stored all together or not at all.
 */
export function answerUpcoming(teamId: number, body: RsvpUpcoming): Promise<Rsvp[]> {
  return apiRequest(`/team-rsvp/team/${teamId}/upcoming`, {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? z.array(rsvpSchema) : undefined,
  });
}

export function useAnswerUpcoming(teamId: number) {
  return useReloadingMutation(
    (body: RsvpUpcoming) => answerUpcoming(teamId, body),
    [rsvpKeys.mine(teamId), rsvpKeys.overview(teamId)],
  );
}
