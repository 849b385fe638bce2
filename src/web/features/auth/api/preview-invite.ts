import { useQuery } from '@tanstack/react-query';
import { invitePreviewResponse } from '../../../../shared/api/joining.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { InviteParams } from '../lib/invite-params.ts';
import { authKeys } from './keys.ts';

/** The name of the team an emailed invite link is for; null when the link is not a usable invite. */
export async function previewInvite(invite: InviteParams): Promise<string | null> {
  try {
    const answer = await apiRequest('/invites/preview', {
      method: 'POST',
      json: { invite_code: invite.inviteCode, email: invite.email, invite_token: invite.inviteToken },
      token: null,
      schema: import.meta.env.DEV ? invitePreviewResponse : undefined,
    });
    return answer.team_name;
  } catch {
    // An expired or mistyped link: the page still works, it just cannot name the team.
    return null;
  }
}

export function useInvitedTeamName(invite: InviteParams | null): string | null {
  const query = useQuery({
    queryKey: authKeys.invitePreview(invite?.inviteCode, invite?.email, invite?.inviteToken),
    queryFn: () => (invite ? previewInvite(invite) : Promise.resolve(null)),
    enabled: Boolean(invite?.inviteToken),
    staleTime: Infinity,
  });
  return query.data ?? null;
}
