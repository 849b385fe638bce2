import { detailResponse } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

/** Sends the verification link again (to the pending new address, or the unconfirmed one). */
export async function resendVerification(): Promise<string> {
  const answer = await apiRequest('/auth/resend-verification', {
    method: 'POST',
    schema: import.meta.env.DEV ? detailResponse : undefined,
  });
  return answer.detail;
}

export function useResendVerification() {
  return useWrite({ mutationFn: resendVerification });
}
