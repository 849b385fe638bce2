import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MODERATOR_FLAGS } from '../../src/shared/permissions.ts';

/** Renders with a fresh query client that does not retry. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * What the server answers, for a team with nothing in it, to the reads a screen makes beside the one a
 * test is about (the shell's config, the caller's permissions, badges, the lists other tabs prefetch):
 * the right shape, so the app's schemas accept it.
 */
export function emptyAnswer(url: string): unknown {
  const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
  if (path === '/config')
    return { club_name: 'Riverside FC', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 };
  const permissions = /^\/moderators\/my-permissions\/(\d+)$/.exec(path);
  if (permissions) {
    const flags = Object.fromEntries(MODERATOR_FLAGS.map((flag) => [flag, false]));
    return { team_id: Number(permissions[1]), is_coach: false, ...flags };
  }
  if (path === '/messaging/chat-posts/last-error') return { last_error: null, at: null };
  if (/^\/messaging\/unread-count\/\d+$/.test(path)) return { unread_count: 0 };
  if (/^\/messaging\/polls\/\d+$/.test(path)) return { polls: [], eligible_players: [], role: 'parent' };
  if (/^\/team-rsvp\/team\/\d+\/overview$/.test(path)) return { upcoming_events: [] };
  return [];
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Replaces fetch: each request is answered by `answer(url, method)` as JSON (status 200 unless given),
 * and recorded in the returned list.
 */
export function mockFetch(answer: (url: string, method: string) => { status?: number; body: unknown }) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const { status = 200, body: json } = answer(url, method);
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
