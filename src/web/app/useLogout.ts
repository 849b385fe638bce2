import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../lib/api-client.ts';
import { clearToken, getToken } from '../lib/auth-token.ts';

/**
 * This browser's push subscription ends with the sign-out, and the server forgets it (as the user who
 * is leaving); whatever fails here, the sign-out goes on (docs/product/notifications.md 'Web push').
 */
async function endPush(token: string | null): Promise<void> {
  // Loaded only now: nothing of push is in the first page's scripts.
  const { endThisBrowsersPush } = await import('../features/account/lib/push-device.ts');
  const endpoint = await endThisBrowsersPush();
  if (endpoint && token) {
    await apiRequest('/push/subscriptions', { method: 'DELETE', json: { endpoint }, token });
  }
}

/** Signs out: forgets the token and every cached answer, and goes to '/'. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    endPush(getToken()).catch(() => undefined);
    clearToken();
    queryClient.clear();
    window.history.replaceState(null, '', '/');
  }, [queryClient]);
}
