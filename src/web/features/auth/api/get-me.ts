import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { ME_PATH } from '../../../lib/api-paths.ts';
import { clearToken } from '../../../lib/auth-token.ts';
import { queryKeys } from '../../../lib/query-client.ts';

/** The signed-in user. A 401 means the token is missing, expired or revoked: it is cleared. */
export async function getMe(): Promise<User> {
  try {
    return await apiRequest(ME_PATH, { schema: import.meta.env.DEV ? userSchema : undefined });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    throw error;
  }
}

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQuery, enabled });
}
