import { userSchema, type User } from '../../../../shared/api/auth.ts';
import type { SelfRegisterRole } from '../../../../shared/roles.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface RegisterInput {
  name: string;
  email: string;
  phone: string | null;
  password: string;
  role: SelfRegisterRole;
  /** A join-team sign-up: the server checks the code before it makes the account. */
  invite_code?: string;
}

export function register(input: RegisterInput): Promise<User> {
  return apiRequest('/auth/register', {
    method: 'POST',
    json: input,
    token: null,
    schema: import.meta.env.DEV ? userSchema : undefined,
  });
}
