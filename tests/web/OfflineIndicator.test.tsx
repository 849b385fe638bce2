// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineIndicator } from '../../src/web/components/OfflineIndicator.tsx';
import { apiRequest } from '../../src/web/lib/api-client.ts';
import { renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });

/** The server, or the service worker answering for it: the config, and the roster as `roster` says. */
function stubServer(roster: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/config'))
        return json({
          club_name: 'Riverside FC',
          team_time_zone: 'America/New_York',
          rsvp_reminder_hours_default: 48,
        });
      return roster();
    }),
  );
}

describe('the offline indicator', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    stubServer(() => json([]));
    renderWithClient(<OfflineIndicator />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe("Offline - changes can't be saved");
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says when the kept answers shown were stored, in the team's zone, the oldest of them", async () => {
    stubServer(() => json([], { 'X-Offline-Stored-At': '2026-11-26T19:05:00.000Z' }));
    renderWithClient(<OfflineIndicator />);
    await act(() => apiRequest('/teams/3/players'));
    // 19:05 UTC is 2:05 PM in New York.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe("Offline - as of 2:05 PM Changes can't be saved"),
    );
    stubServer(() => json([], { 'X-Offline-Stored-At': '2026-11-26T20:40:00.000Z' }));
    await act(() => apiRequest('/games/3'));
    expect(screen.getByRole('status').textContent).toContain('Offline - as of 2:05 PM');

    // An answer from the server itself: connected again, the mark goes.
    stubServer(() => json([]));
    await act(() => apiRequest('/teams/3/players'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the plain offline message when the network fails and nothing kept was given', async () => {
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithClient(<OfflineIndicator />);
    await act(() => apiRequest('/teams/3/players').catch(() => undefined));
    expect(screen.getByRole('status').textContent).toBe("Offline - changes can't be saved");
  });
});
