import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../src/web/lib/auth-token.ts';
import { useLiveConnected } from '../../src/web/lib/live-status.ts';
import { liveQueryKeys } from '../../src/web/app/registry.tsx';
import { connectLive, visibleOrHidden } from '../../src/web/lib/live-stream.ts';

// The page's side of the live stream (docs/decisions/021): events read from fetch's body, queries read
// again on each change, the polling fallback while not connected, reconnecting with backoff, and never
// after a 404 or once signed out.

const encoder = new TextEncoder();

interface FakeStream {
  push(text: string): void;
  end(): void;
}

function streamResponse(): { response: Response; stream: FakeStream } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    stream: { push: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() },
  };
}

const TEAM = 7;
let fetchMock: ReturnType<typeof vi.fn>;
let client: QueryClient;
let invalidated: unknown[][];
let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  client = new QueryClient();
  invalidated = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
  });
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const connected = () => renderHook(() => useLiveConnected(TEAM));

describe('the live stream on the page', () => {
  it('connects with the bearer token, catches up on ready and reads again what each change names', async () => {
    const { response, stream } = streamResponse();
    fetchMock.mockResolvedValueOnce(response);
    const live = connected();
    stop = connectLive(TEAM, client, liveQueryKeys);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/messaging/stream?team_id=${TEAM}`);
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer token-1');

    await act(async () => {
      stream.push(`event: ready\ndata: {"team_id":${TEAM}}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(live.result.current).toBe(true);
    // Catching up: every live list of the team.
    expect(invalidated).toContainEqual(['teams', TEAM, 'announcements']);
    expect(invalidated).toContainEqual(['teams', TEAM, 'polls']);
    expect(invalidated).toContainEqual(['teams', TEAM, 'conversations']);

    invalidated = [];
    await act(async () => {
      // Split across chunks, with a ping comment between.
      stream.push(`: ping\n\nevent: change\ndata: {"team_id":${TEAM},"topic":"mess`);
      stream.push(`ages","conversation_id":12}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(invalidated).toEqual([
      ['teams', TEAM, 'conversations'],
      ['teams', TEAM, 'messages', 12],
      ['teams', TEAM, 'unread'],
    ]);
  });

  it("reads the bell again for the user's news of any team, but not on the page's first ready", async () => {
    const first = streamResponse();
    const second = streamResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    stop = connectLive(TEAM, client, liveQueryKeys);
    await act(async () => {
      first.stream.push(`event: ready\ndata: {"team_id":${TEAM}}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    // The bell was read with the page a moment ago.
    expect(invalidated).not.toContainEqual(['notifications']);
    invalidated = [];
    await act(async () => {
      first.stream.push(`event: change\ndata: {"team_id":99,"topic":"notifications"}\n\n`);
      first.stream.push(`event: change\ndata: {"team_id":99,"topic":"polls"}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    // News about another team reaches the bell; another team's polls are not this page's.
    expect(invalidated).toEqual([['notifications']]);
    // A reconnect catches the bell up with the rest.
    invalidated = [];
    await act(async () => {
      first.stream.end();
      await vi.advanceTimersByTimeAsync(60_000);
      second.stream.push(`event: ready\ndata: {"team_id":${TEAM}}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(invalidated).toContainEqual(['notifications']);
  });

  it('on ready reads again, once each, only the lists answered before the stream was asked for', async () => {
    const real = new QueryClient();
    const reads: string[] = [];
    const watch = (queryKey: readonly unknown[], updatedAt: number) => {
      const name = String(queryKey[2]);
      real.setQueryData(queryKey, name, { updatedAt });
      // Active, as on a page: an invalidated list is read again at once.
      const observer = new QueryObserver(real, {
        queryKey,
        queryFn: () => {
          reads.push(name);
          return name;
        },
        staleTime: Infinity,
      });
      return observer.subscribe(() => undefined);
    };
    const before = Date.now() - 60_000;
    const unsubscribe = [
      watch(['teams', TEAM, 'announcements'], before),
      watch(['teams', TEAM, 'unread'], before),
    ];
    const { response, stream } = streamResponse();
    fetchMock.mockResolvedValueOnce(response);
    stop = connectLive(TEAM, real, liveQueryKeys);
    // Answered while the stream was connecting (the page's first load).
    unsubscribe.push(watch(['teams', TEAM, 'polls'], Date.now() + 1));
    // Known to the page but never answered (its screen has rendered, not yet asked): its own first read
    // will be current, and marking it stale made that read a second request of the page load.
    real.getQueryCache().build(real, { queryKey: ['teams', TEAM, 'conversations'], queryFn: () => 'late' });
    await act(async () => {
      stream.push(`event: ready\ndata: {"team_id":${TEAM}}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(reads.sort()).toEqual(['announcements', 'unread']);
    expect(real.getQueryState(['teams', TEAM, 'conversations'])?.isInvalidated).toBe(false);
    unsubscribe.forEach((off) => off());
  });

  it('falls back to polling when the stream drops and reconnects after 1 s, then 2 s', async () => {
    const first = streamResponse();
    fetchMock.mockResolvedValueOnce(first.response);
    const live = connected();
    stop = connectLive(TEAM, client, liveQueryKeys);
    await act(async () => {
      first.stream.push(`event: ready\ndata: {}\n\n`);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(live.result.current).toBe(true);

    fetchMock.mockRejectedValueOnce(new TypeError('network'));
    await act(async () => {
      first.stream.end();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(live.result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const third = streamResponse();
    fetchMock.mockResolvedValueOnce(third.response);
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never reconnects after a 404, or once signed out', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"detail":"Team not found"}', { status: 404 }));
    stop = connectLive(TEAM, client, liveQueryKeys);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();

    const { response, stream } = streamResponse();
    fetchMock.mockResolvedValueOnce(response);
    stop = connectLive(TEAM, client, liveQueryKeys);
    await act(() => vi.advanceTimersByTimeAsync(0));
    localStorage.removeItem(AUTH_TOKEN_KEY);
    await act(async () => {
      stream.end();
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops the stream when unmounted', async () => {
    const { response } = streamResponse();
    fetchMock.mockResolvedValueOnce(response);
    stop = connectLive(TEAM, client, liveQueryKeys);
    const { signal } = fetchMock.mock.calls[0]?.[1] as RequestInit;
    stop();
    stop = undefined;
    expect(signal?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 120 s while the page is hidden, and not at all while connected', () => {
    const interval = visibleOrHidden(60_000) as () => number;
    expect(interval()).toBe(60_000);
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    expect(interval()).toBe(120_000);
    expect(visibleOrHidden(false)).toBe(false);
  });
});
