import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearToken } from '../lib/auth-token.ts';

/** Signs out: forgets the token and every cached answer, and goes to '/'. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    window.history.replaceState(null, '', '/');
  }, [queryClient]);
}
