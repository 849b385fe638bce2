import { useMutation } from '@tanstack/react-query';
import { detailResponse } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

/** Sets a new password with the token of a reset link. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const answer = await apiRequest('/auth/reset-password', {
    method: 'POST',
    json: input,
    token: null,
    schema: import.meta.env.DEV ? detailResponse : undefined,
  });
  return answer.detail;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
