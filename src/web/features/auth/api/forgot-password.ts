import { useMutation } from '@tanstack/react-query';
import { detailResponse } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a password-reset email. The answer is the same whether or not the account exists. */
export async function forgotPassword(email: string): Promise<string> {
  const answer = await apiRequest('/auth/forgot-password', {
    method: 'POST',
    json: { email },
    token: null,
    schema: import.meta.env.DEV ? detailResponse : undefined,
  });
  return answer.detail;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
