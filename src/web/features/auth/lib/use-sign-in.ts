import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setToken } from '../../../lib/auth-token.ts';
import { queryKeys } from '../../../lib/query-client.ts';

/** Stores a fresh token; the app then loads the user and shows the shell. */
export function useSignIn(): (token: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string) => {
      queryClient.removeQueries({ queryKey: queryKeys.me });
      setToken(token);
    },
    [queryClient],
  );
}
