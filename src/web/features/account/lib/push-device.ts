// This browser's side of web push (docs/product/notifications.md 'Web push'): whether it can be pushed
// to at all, its permission, and its subscription. Account Settings is given one of these (tests give
// their own), so the screen never touches navigator itself.

export type PushPermission = 'default' | 'granted' | 'denied';

/** A PushSubscription as the server takes it (POST /api/push/subscriptions). */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushDevice {
  /** False when the browser lacks service workers, the Push API or notifications (or the page is not secure). */
  supported: boolean;
  permission(): PushPermission;
  /** Asks the person; call it straight from the tap that asked for notifications. */
  requestPermission(): Promise<PushPermission>;
  /** Whether this browser holds a subscription for the app (registers nothing). */
  subscribed(): Promise<boolean>;
  /**
   * Registers the service worker (/sw.js) and subscribes with the server's public key; a subscription
   * made with another key (the server's keys changed) is replaced.
   */
  subscribe(publicKey: string): Promise<DeviceSubscription>;
  /** Ends this browser's subscription; answers its endpoint, or null when there was none. */
  unsubscribe(): Promise<string | null>;
}

const SERVICE_WORKER = '/sw.js';

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

function asJson(subscription: PushSubscription): DeviceSubscription {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.['p256dh'] || !keys['auth']) throw new Error('The subscription has no keys');
  return { endpoint, keys: { p256dh: keys['p256dh'], auth: keys['auth'] } };
}

const registration = () => navigator.serviceWorker.getRegistration('/');

/** The real browser's. */
export function browserPushDevice(): PushDevice {
  const supported =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  return {
    supported,
    permission: () => (supported ? Notification.permission : 'default'),
    requestPermission: () => Notification.requestPermission(),
    async subscribed() {
      const found = await registration();
      return Boolean(await found?.pushManager.getSubscription());
    },
    async subscribe(publicKey) {
      await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
      // Subscribing needs the worker active.
      const ready = await navigator.serviceWorker.ready;
      const key = base64UrlBytes(publicKey);
      const existing = await ready.pushManager.getSubscription();
      if (existing && sameKey(existing.options.applicationServerKey, key)) return asJson(existing);
      await existing?.unsubscribe();
      return asJson(await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    },
    async unsubscribe() {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (!subscription) return null;
      await subscription.unsubscribe();
      return subscription.endpoint;
    },
  };
}

/**
 * Signing out: ends this browser's subscription, so the next person to sign in here is not pushed the
 * last one's notifications. Answers the endpoint the server should forget, or null.
 */
export async function endThisBrowsersPush(): Promise<string | null> {
  const device = browserPushDevice();
  return device.supported ? device.unsubscribe() : null;
}
