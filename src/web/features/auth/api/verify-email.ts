import { useQueryClient } from '@tanstack/react-query';
import { detailResponse } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

/**
 * Follows an emailed verification link, signed in (the stored session): confirms the address, or makes
 * a pending new one the account's. Another account's link answers 403, no session 401.
 */
export async function verifyEmail(token: string): Promise<string> {
  const answer = await apiRequest('/auth/verify-email', {
    method: 'POST',
    json: { token },
    schema: import.meta.env.DEV ? detailResponse : undefined,
  });
  return answer.detail;
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: verifyEmail,
    // A signed-in tab shows the confirmed address at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
