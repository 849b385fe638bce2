import { changePasswordResponse, type ChangePasswordBody } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/auth-token.ts';
import { useWrite } from '../../../lib/use-write.ts';

/**
 * Changes the password. The server revokes every older token, this one included, and answers a fresh
 * token, which replaces the stored one. Resolves with the server's confirmation message.
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const answer = await apiRequest('/auth/change-password', {
    method: 'PUT',
    json: body,
    schema: changePasswordResponse,
  });
  setToken(answer.access_token);
  return answer.detail;
}

export function useChangePassword() {
  return useWrite({ mutationFn: changePassword });
}
