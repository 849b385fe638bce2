import type { z } from 'zod';
import { remindAnswer, type remindBody } from '../../../../shared/api/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { rsvpKeys } from './keys.ts';

export type RemindRequest = z.input<typeof remindBody>;

/** POST /api/team-rsvp/remind: reminds those who have not answered for the event (coaches and admins). */
export function remindRsvps(body: RemindRequest): Promise<{ sent: number }> {
  return apiRequest('/team-rsvp/remind', {
    method: 'POST',
    json: body,
    schema: import.meta.env.DEV ? remindAnswer : undefined,
  });
}

/** The overview is read again after it (who was reminded, when), whether it worked or not. */
export function useRemindRsvps(teamId: number) {
  return useReloadingMutation(remindRsvps, [rsvpKeys.overview(teamId)]);
}
