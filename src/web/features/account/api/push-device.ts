import { useQuery, useQueryClient } from '@tanstack/react-query';
import { detailResponse } from '../../../../shared/api/auth.ts';
import { vapidPublicKeyAnswer } from '../../../../shared/api/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import type { PushDevice, PushPermission } from '../lib/push-device.ts';

// Turning notifications on and off for this device: the browser's permission and subscription, and the
// server's copy (/api/push).

const pushDeviceKey = ['push-device'] as const;

export interface PushDeviceState {
  permission: PushPermission;
  subscribed: boolean;
}

/** The browser's permission and whether it holds a subscription, read again when the page is back in view. */
export function usePushDeviceState(device: PushDevice) {
  return useQuery({
    queryKey: pushDeviceKey,
    queryFn: async (): Promise<PushDeviceState> => ({
      permission: device.permission(),
      subscribed: device.permission() === 'granted' && (await device.subscribed()),
    }),
    enabled: device.supported,
    // Nothing of it is on the network; a settings change in the browser shows on coming back.
    networkMode: 'always',
    staleTime: 0,
  });
}

/**
 * Turns notifications on: the permission asked (already, by the tap: `permission`), the server's key,
 * the browser's subscription sent to the server. Resolves with the permission; anything but 'granted'
 * subscribes nothing. A subscription the server refuses is ended again.
 */
export function useTurnOnPush(device: PushDevice) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async (permission: Promise<PushPermission>): Promise<PushPermission> => {
      const answer = await permission;
      if (answer !== 'granted') return answer;
      const { public_key } = await apiRequest('/push/vapid-public-key', {
        schema: import.meta.env.DEV ? vapidPublicKeyAnswer : undefined,
      });
      const subscription = await device.subscribe(public_key);
      try {
        await apiRequest('/push/subscriptions', {
          method: 'POST',
          json: subscription,
          schema: import.meta.env.DEV ? detailResponse : undefined,
        });
      } catch (error) {
        await device.unsubscribe().catch(() => null);
        throw error;
      }
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceKey }),
  });
}

/**
 * Turns notifications off: the browser's subscription ends first (nothing reaches the device from then
 * on), then the server forgets it; if that request fails, the server forgets it at its next push, when
 * the push service answers that it is gone.
 */
export function useTurnOffPush(device: PushDevice) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: async (): Promise<void> => {
      const endpoint = await device.unsubscribe();
      if (endpoint === null) return;
      await apiRequest('/push/subscriptions', { method: 'DELETE', json: { endpoint } }).catch(
        () => undefined,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceKey }),
  });
}
