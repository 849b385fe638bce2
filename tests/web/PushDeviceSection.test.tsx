// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES } from '../../src/shared/push.ts';
import { PushDeviceSection } from '../../src/web/features/account/components/PushDeviceSection.tsx';
import type { PushDevice, PushPermission } from '../../src/web/features/account/lib/push-device.ts';
import { NETWORK_ERROR_MESSAGE } from '../../src/web/lib/api-client.ts';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

// Account Settings, 'Notifications on this device' (docs/product/notifications.md 'Web push'): what a
// browser that cannot be pushed to says, turning on (permission, key, subscription, server), blocked
// and dismissed permissions, failures, and turning off.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'BNc', auth: 'tBH' },
};

/** A browser whose permission answers `answer` when asked, and which subscribes as told. */
function fakeDevice({
  supported = true,
  permission = 'default' as PushPermission,
  answer = 'granted' as PushPermission,
  subscribed = false,
  subscribeFails = false,
} = {}) {
  const state = { permission, subscribed };
  const device: PushDevice & { requested: number; subscribedWith: string[]; unsubscribed: number } = {
    supported,
    requested: 0,
    subscribedWith: [],
    unsubscribed: 0,
    permission: () => state.permission,
    requestPermission: async () => {
      device.requested += 1;
      state.permission = state.permission === 'default' ? answer : state.permission;
      return state.permission;
    },
    subscribed: async () => state.subscribed,
    subscribe: async (key) => {
      device.subscribedWith.push(key);
      if (subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
      state.subscribed = true;
      return SUBSCRIPTION;
    },
    unsubscribe: async () => {
      device.unsubscribed += 1;
      const had = state.subscribed;
      state.subscribed = false;
      return had ? SUBSCRIPTION.endpoint : null;
    },
  };
  return device;
}

function serve({ subscribeStatus = 201, subscribeDetail = PUSH_MESSAGES.on as string } = {}) {
  return mockFetch((url, method) => {
    if (url === '/api/push/vapid-public-key') return { body: { public_key: KEY } };
    if (url === '/api/push/subscriptions' && method === 'POST')
      return { status: subscribeStatus, body: { detail: subscribeDetail } };
    if (url === '/api/push/subscriptions' && method === 'DELETE') return { status: 204, body: null };
    return { status: 404, body: { detail: 'Not found' } };
  });
}

const section = () => screen.getByRole('region', { name: PUSH_MESSAGES.heading });

describe('PushDeviceSection', () => {
  it('says plainly that a browser without push cannot receive notifications, and offers nothing', async () => {
    const calls = serve();
    renderWithClient(<PushDeviceSection device={fakeDevice({ supported: false })} />);
    expect(section().textContent).toContain(PUSH_MESSAGES.unsupported);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    // This test's browser (happy-dom) has no service workers: the real check says so.
    renderWithClient(<PushDeviceSection />);
    expect(section().textContent).toContain(PUSH_MESSAGES.unsupported);
    expect(calls).toEqual([]);
  });

  it('turns notifications on: asks, subscribes with the server key, sends the subscription', async () => {
    const calls = serve();
    const device = fakeDevice();
    renderWithClient(<PushDeviceSection device={device} />);
    expect(await screen.findByText(PUSH_MESSAGES.offIntro)).toBeTruthy();
    // Nothing is asked or registered before the tap.
    expect(device.requested).toBe(0);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect(device.requested).toBe(1);
    expect(await screen.findByText(PUSH_MESSAGES.on)).toBeTruthy();
    expect(device.subscribedWith).toEqual([KEY]);
    expect(calls).toEqual([
      { url: '/api/push/vapid-public-key', method: 'GET', body: undefined },
      { url: '/api/push/subscriptions', method: 'POST', body: SUBSCRIPTION },
    ]);
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.turnOff })).toBeTruthy();
  });

  it('turns notifications off: the browser first, then the server', async () => {
    const calls = serve();
    const device = fakeDevice({ permission: 'granted', subscribed: true });
    renderWithClient(<PushDeviceSection device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOff }));
    expect(await screen.findByText(PUSH_MESSAGES.turnedOff)).toBeTruthy();
    expect(device.unsubscribed).toBe(1);
    expect(calls).toEqual([
      { url: '/api/push/subscriptions', method: 'DELETE', body: { endpoint: SUBSCRIPTION.endpoint } },
    ]);
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeTruthy();
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    serve();
    renderWithClient(<PushDeviceSection device={fakeDevice({ permission: 'denied' })} />);
    expect((await screen.findByRole('status')).textContent).toContain(PUSH_MESSAGES.blocked);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the blocked help when the person blocks them at the question', async () => {
    const calls = serve();
    const device = fakeDevice({ answer: 'denied' });
    renderWithClient(<PushDeviceSection device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeTruthy();
    expect(device.subscribedWith).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('says so when the question is dismissed, and asks again on the next tap', async () => {
    const calls = serve();
    const device = fakeDevice({ answer: 'default' });
    renderWithClient(<PushDeviceSection device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect(await screen.findByText(PUSH_MESSAGES.notAllowed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.turnOn }));
    await waitFor(() => expect(device.requested).toBe(2));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal and ends the subscription it refused", async () => {
    serve({ subscribeStatus: 400, subscribeDetail: PUSH_MESSAGES.unsupportedService });
    const device = fakeDevice();
    renderWithClient(<PushDeviceSection device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toContain(PUSH_MESSAGES.unsupportedService);
    expect(device.unsubscribed).toBe(1);
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeTruthy();
  });

  it('says it could not turn them on when the browser cannot subscribe, or the network is down', async () => {
    serve();
    renderWithClient(<PushDeviceSection device={fakeDevice({ subscribeFails: true })} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toContain(PUSH_MESSAGES.failed);
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithClient(<PushDeviceSection device={fakeDevice()} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toContain(NETWORK_ERROR_MESSAGE);
  });
});
