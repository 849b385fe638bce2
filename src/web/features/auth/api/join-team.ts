import { apiRequest } from '../../../lib/api-client.ts';

export interface JoinTeamInput {
  invite_code: string;
  /** The token of the account being signed in (not stored yet). */
  authToken: string;
}

export interface JoinTeamAnswer {
  status: 'approved' | 'pending_approval' | (string & {});
  [field: string]: unknown;
}

/** Asks to join the team of an invite code: approved at once, or pending a coach's decision. */
export function joinTeam({ invite_code, authToken }: JoinTeamInput): Promise<JoinTeamAnswer> {
  return apiRequest<JoinTeamAnswer>('/teams/join', {
    method: 'POST',
    json: { invite_code },
    token: authToken,
  });
}
