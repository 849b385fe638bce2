import { apiRequest } from '../../../lib/api-client.ts';

export interface SetupPasswordInput {
  email: string;
  password: string;
  invite_token: string;
}

/** Sets the first password of an account a coach created with an invite (no sign-in needed). */
export async function setupPassword(input: SetupPasswordInput): Promise<void> {
  await apiRequest<unknown>('/auth/setup-password', { method: 'POST', json: input, token: null });
}
