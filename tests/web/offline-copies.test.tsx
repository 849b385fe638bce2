// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../src/web/lib/auth-token.ts';
import { apiCacheName } from '../../src/web/lib/offline-copies.ts';

// The service worker's copies of API answers belong to one signed-in user (docs/decisions/047): signing
// in deletes everyone else's, signing out deletes them all. The cache name is the one sw.js uses
// (tests/unit/service-worker.test.ts pins the same name for the same token).

const ABC = 'club-api-ba7816bf8f01cfea414140de5dae2223';

function stubCaches(names: string[]) {
  const kept = new Set(names);
  vi.stubGlobal('caches', {
    keys: async () => [...kept],
    delete: async (name: string) => kept.delete(name),
  });
  return kept;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the offline copies of a user's answers", () => {
  it('are named by a digest of the token, as the service worker names them', async () => {
    expect(await apiCacheName('abc')).toBe(ABC);
  });

  it("are deleted for everyone but the user who signs in, and the shell's copy stays", async () => {
    const kept = stubCaches(['club-shell-v2', 'club-api-public', 'club-api-0badc0ffee', ABC]);
    setToken('abc');
    await vi.waitFor(() => expect([...kept].sort()).toEqual([ABC, 'club-shell-v2']));
  });

  it('are all deleted when the user signs out', async () => {
    const kept = stubCaches(['club-shell-v2', 'club-api-public', ABC]);
    localStorage.setItem('auth_token', 'abc');
    clearToken();
    await vi.waitFor(() => expect([...kept]).toEqual(['club-shell-v2']));
  });
});
