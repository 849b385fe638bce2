// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../src/web/lib/api-client.ts';
import { AUTH_TOKEN_KEY } from '../../src/web/lib/auth-token-key.ts';
import { startEarlyReads, takeEarlyRead } from '../../src/web/lib/early-reads.ts';

// The page's first reads (docs/decisions/052): started by index.html's inline script before the app's
// files arrive, each taken once by the app's API client instead of being asked for again.

const FILES = ['/assets/SignedInApp-a1.js', '/assets/common-b2.js', '/assets/SignedInApp-c3.css'];

/** A server answering the user with `role`, and every other read with a small JSON body. */
function server(role: string) {
  const asked: { url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      asked.push({ url, auth: new Headers(init?.headers).get('Authorization') });
      const body = url.endsWith('/auth/me')
        ? { id: 7, role }
        : url.endsWith('/config')
          ? { club_name: 'Riverside' }
          : [];
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return asked;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  delete window.__earlyReads;
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the early reads', () => {
  it('signed out: asks only for the club settings, and fetches none of the signed-in app', async () => {
    const asked = server('coach');
    startEarlyReads(FILES);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked.map((read) => read.url)).toEqual(['/api/config']);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it("with a token: the signed-in app's files, the user, then a coach's teams", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-1');
    const asked = server('coach');
    startEarlyReads(FILES);
    await settle();
    expect(asked).toEqual([
      { url: '/api/config', auth: null },
      { url: '/api/auth/me', auth: 'Bearer tok-1' },
      { url: '/api/teams/coached', auth: 'Bearer tok-1' },
    ]);
    // The files once the page has painted (the next frame), not in the stylesheet's way.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    await vi.waitFor(() => expect(document.head.querySelectorAll('link')).toHaveLength(FILES.length));
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['modulepreload', FILES[0]],
      ['modulepreload', FILES[1]],
      ['preload', FILES[2]],
    ]);
    // A parent's team list was never asked for: the app asks itself if it wants it.
    expect(await takeEarlyRead('/teams/my-team', 'tok-1')).toBeNull();
  });

  it("a parent's team, not a coach's list", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-2');
    const asked = server('parent');
    startEarlyReads(FILES);
    await settle();
    expect(asked.map((read) => read.url)).toEqual(['/api/config', '/api/auth/me', '/api/teams/my-team']);
  });

  it('the app takes each answer once, with the same token only, and then asks the network', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-3');
    const asked = server('coach');
    startEarlyReads(FILES);
    await settle();
    expect(await apiRequest('/auth/me')).toEqual({ id: 7, role: 'coach' });
    expect(asked.filter((read) => read.url === '/api/auth/me')).toHaveLength(1);
    // Taken: the next read of the same address is a request of its own.
    await apiRequest('/auth/me');
    expect(asked.filter((read) => read.url === '/api/auth/me')).toHaveLength(2);
    // Another token (signed out and in as someone else): never someone else's answer.
    expect(takeEarlyRead('/teams/coached', 'tok-other')).toBeUndefined();
  });

  it('a failed early read leaves the app to ask itself', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-4');
    const configAsked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        if (String(input).endsWith('/config')) configAsked.push(String(input));
        return configAsked.length === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(new Response(JSON.stringify({ club_name: 'Riverside' }), { status: 200 }));
      }),
    );
    startEarlyReads(FILES);
    expect(await apiRequest('/config', { token: null })).toEqual({ club_name: 'Riverside' });
    expect(configAsked).toEqual(['/api/config', '/api/config']);
  });
});
