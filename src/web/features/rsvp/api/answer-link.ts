import { useQuery } from '@tanstack/react-query';
import { detailResponse } from '../../../../shared/api/auth.ts';
import { answerLinkSchema } from '../../../../shared/api/calendar.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { rsvpKeys } from './keys.ts';

// An email's answer link (docs/product/notifications.md 'Answer from the email'): no sign-in, no bearer.

/** GET /api/team-rsvp/answer-link?token=: what the link would record. It records nothing. */
export function describeAnswerLink(token: string) {
  return apiRequest(`/team-rsvp/answer-link?token=${encodeURIComponent(token)}`, {
    token: null,
    schema: import.meta.env.DEV ? answerLinkSchema : undefined,
  });
}

export function useAnswerLink(token: string) {
  return useQuery({
    queryKey: rsvpKeys.answerLink(token),
    queryFn: () => describeAnswerLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/team-rsvp/answer-link {token}: records it. */
export async function recordAnswerLink(token: string): Promise<string> {
  const answer = await apiRequest('/team-rsvp/answer-link', {
    method: 'POST',
    json: { token },
    token: null,
    schema: import.meta.env.DEV ? detailResponse : undefined,
  });
  return answer.detail;
}

export function useRecordAnswerLink() {
  return useWrite({ mutationFn: recordAnswerLink });
}
