import { tokenResponse } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** Exchanges email and password for an access token (OAuth2 password form: username, password). */
export async function login({ email, password }: Credentials): Promise<string> {
  const answer = await apiRequest('/auth/token', {
    method: 'POST',
    form: { username: email.trim(), password },
    token: null,
    schema: import.meta.env.DEV ? tokenResponse : undefined,
  });
  if (!answer.access_token) throw new Error('No auth token after login');
  return answer.access_token;
}
