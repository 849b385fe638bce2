import { apiRequest } from '../../../lib/api-client.ts';

export interface AcceptInviteInput {
  invite_code: string;
  invite_token: string;
  /** The token of the account being signed in (not stored yet). */
  authToken: string;
}

export async function acceptInvite({ authToken, ...body }: AcceptInviteInput): Promise<void> {
  await apiRequest<unknown>('/teams/accept-invite', { method: 'POST', json: body, token: authToken });
}
