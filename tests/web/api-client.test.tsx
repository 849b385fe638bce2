// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  NETWORK_ERROR_MESSAGE,
  WRITE_TIMEOUT_MS,
} from '../../src/web/lib/api-client.ts';
import { clearToken, setToken } from '../../src/web/lib/auth-token.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that never answers; the request ends only when its signal aborts. */
function hangingFetch() {
  const signals: (AbortSignal | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal ?? undefined;
      signals.push(signal);
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }),
  );
  return signals;
}

describe('apiRequest on a dropped connection', () => {
  it('fails a write that gets no answer with the network message after the deadline', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const write = apiRequest('/teams/3/players', { method: 'POST', json: { name: 'Bea Ruiz' } });
    const outcome = write.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).detail).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets a read wait, and keeps the caller’s own abort an abort', async () => {
    const signals = hangingFetch();
    const controller = new AbortController();
    const read = apiRequest('/teams/3/players', { signal: controller.signal });
    expect(signals[0]).toBe(controller.signal);
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiRequest and the browser’s other work', () => {
  it('starts a read only after giving the browser its turn, and a write at once', async () => {
    let release: () => void = () => undefined;
    const yieldToBrowser = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    const signals = hangingFetch();

    void apiRequest('/teams/3/players').catch(() => undefined);
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(signals).toHaveLength(0);
    release();
    await vi.waitFor(() => expect(signals).toHaveLength(1));

    void apiRequest('/teams/3/players', { method: 'POST', json: { name: 'Bea Ruiz' } }).catch(
      () => undefined,
    );
    expect(signals).toHaveLength(2);
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});

describe('a read that waits for the browser’s turn', () => {
  it('goes out with the token of whoever is signed in when it starts, not when it was asked', async () => {
    let release: () => void = () => undefined;
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers).get('Authorization'));
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
    setToken('token-of-the-parent');
    const read = apiRequest('/teams/3/players');
    clearToken();
    release();
    await read;
    expect(seen).toEqual([null]);

    setToken('token-of-the-parent');
    const second = apiRequest('/teams/3/players');
    setToken('token-of-the-coach');
    release();
    await second;
    expect(seen).toEqual([null, 'Bearer token-of-the-coach']);
    clearToken();
  });
});
