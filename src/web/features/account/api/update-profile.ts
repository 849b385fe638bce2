import { useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export interface ProfileInput {
  name: string;
  email: string;
  phone: string | null;
}

export function updateProfile(input: ProfileInput): Promise<User> {
  return apiRequest('/auth/profile', {
    method: 'PUT',
    json: input,
    schema: import.meta.env.DEV ? userSchema : undefined,
  });
}

/** Saves the profile and puts the answer in the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
