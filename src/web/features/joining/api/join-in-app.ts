import { useQueryClient } from '@tanstack/react-query';
import { joinResponse, type JoinResponse } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { joiningKeys } from './keys.ts';
import { useWrite } from '../../../lib/use-write.ts';

/** Asks to join the team of an invite code as the signed-in user. */
export function joinInApp(inviteCode: string): Promise<JoinResponse> {
  return apiRequest('/teams/join', {
    method: 'POST',
    json: { invite_code: inviteCode },
    schema: import.meta.env.DEV ? joinResponse : undefined,
  });
}

/** Accepts an invite waiting for the signed-in user (the owner's own action). */
export function acceptInviteInApp(inviteId: number): Promise<JoinResponse> {
  return apiRequest(`/invites/${inviteId}/accept`, {
    method: 'POST',
    schema: import.meta.env.DEV ? joinResponse : undefined,
  });
}

/** After either: the user's team, requests and invites are loaded again. */
function useJoiningWrite<T>(mutationFn: (value: T) => Promise<JoinResponse>) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [queryKeys.teams, joiningKeys.myJoinRequests, joiningKeys.myInvites].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useJoinInApp = () => useJoiningWrite(joinInApp);
export const useAcceptInviteInApp = () => useJoiningWrite(acceptInviteInApp);
