import { useQueryClient } from '@tanstack/react-query';
import { changePasswordResponse, type ChangePasswordBody } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/auth-token.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

/**
 * Changes the password. The server revokes every older token, this one included, and answers a fresh
 * token, which replaces the stored one. Resolves with the server's confirmation message.
 */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const answer = await apiRequest('/auth/change-password', {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? changePasswordResponse : undefined,
  });
  setToken(answer.access_token);
  return answer.detail;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: changePassword,
    // The server ended the old calendar feed URL: the Subscribe dialog asks again for the new one.
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.calendarToken }),
  });
}
