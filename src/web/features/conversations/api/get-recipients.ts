import { useQuery } from '@tanstack/react-query';
import { recipientListSchema, type Recipient } from '../../../../shared/api/conversations.ts';
import { memberSchema, type Member } from '../../../../shared/api/teams.ts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from './keys.ts';

/** GET /api/messaging/recipients/{teamId}: whom the user may message (docs/product/conversations.md). */
export function getRecipients(teamId: number): Promise<Recipient[]> {
  return apiRequest(`/messaging/recipients/${teamId}`, {
    schema: import.meta.env.DEV ? recipientListSchema : undefined,
  });
}

/** Read when 'Start New Message' opens, and again each time (the team may have changed). */
export function useRecipients(teamId: number) {
  return useQuery({
    queryKey: conversationKeys.recipients(teamId),
    queryFn: () => getRecipients(teamId),
    staleTime: 0,
  });
}

/**
 * GET /api/teams/{teamId}/members: everyone on the team, so that a group of 'Start New Message' can say
 * whom it left out (those not among the recipients) and why.
 */
export function useTeamMembers(teamId: number) {
  return useQuery({
    queryKey: conversationKeys.members(teamId),
    queryFn: (): Promise<Member[]> =>
      apiRequest(`/teams/${teamId}/members`, {
        schema: import.meta.env.DEV ? z.array(memberSchema) : undefined,
      }),
    staleTime: 0,
  });
}
