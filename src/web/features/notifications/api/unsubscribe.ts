import { useMutation } from '@tanstack/react-query';
import { type UnsubscribeAnswer, unsubscribeAnswer } from '../../../../shared/api/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/notifications/unsubscribe?token=: no sign-in, no body; answers the kind turned off. */
export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiRequest(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    token: null,
    schema: import.meta.env.DEV ? unsubscribeAnswer : undefined,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe, networkMode: 'always', retry: false });
}
