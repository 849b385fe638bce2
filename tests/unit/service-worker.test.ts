import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

// The service worker (src/web/public/sw.js, docs/decisions/047) run in a sandbox: its request policy
// as a table, and its fetch and activate handlers against a Cache Storage and a network of the test's.

const ORIGIN = 'https://club.example';
const SOURCE = fs.readFileSync(path.join(import.meta.dirname, '../../src/web/public/sw.js'), 'utf8');
const SHELL_FILES = ['/index.html', '/assets/index-AbC123.js', '/manifest.webmanifest'];

class FakeCache {
  readonly entries = new Map<string, Response>();
  async put(key: string | { url: string }, response: Response) {
    this.entries.set(typeof key === 'string' ? key : key.url, response);
  }
  async match(key: string | { url: string }) {
    return this.entries.get(typeof key === 'string' ? key : key.url)?.clone();
  }
  /** The requests install asked for, as given. */
  readonly added: (string | Request)[] = [];
  async addAll(requests: (string | Request)[]) {
    for (const request of requests) {
      this.added.push(request);
      const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN);
      this.entries.set(url.href, new Response(`file ${url.pathname}`));
    }
  }
}

class FakeCaches {
  readonly stores = new Map<string, FakeCache>();
  async has(name: string) {
    return this.stores.has(name);
  }
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(key: string | { url: string }, options: { cacheName: string }) {
    const url = new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;
    return this.stores.get(options.cacheName)?.match(url);
  }
}

type Listener = (event: unknown) => void;
type Network = (request: FakeRequest) => Promise<Response>;

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
  headers: Headers;
}

/** A same-origin answer as a browser's fetch gives it to a worker. */
function answer(body: string, status = 200): Response {
  const response = new Response(body, { status });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

function loadWorker(shell = { version: 'v2', files: SHELL_FILES }) {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  let network: Network = () => Promise.reject(new TypeError('Failed to fetch'));
  const context = vm.createContext({
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
    },
    caches,
    fetch: (request: FakeRequest) => network(request),
    URL,
    Headers,
    Request,
    Response,
    TextEncoder,
    crypto,
    console,
  });
  vm.runInContext(
    SOURCE.replace("const SHELL = { version: 'dev', files: [] };", `const SHELL = ${JSON.stringify(shell)};`),
    context,
  );
  const get = <T>(name: string) => vm.runInContext(name, context) as T;

  /** Dispatches a fetch event; answers what the worker responded with, or 'not handled'. */
  async function dispatchFetch(request: FakeRequest): Promise<Response | 'not handled'> {
    let responded: Promise<Response> | undefined;
    const lifetime: Promise<unknown>[] = [];
    listeners.get('fetch')!({
      request,
      respondWith: (promise: Promise<Response>) => (responded = promise),
      waitUntil: (promise: Promise<unknown>) => lifetime.push(promise),
    });
    if (!responded) return 'not handled';
    const response = await responded;
    await Promise.all(lifetime);
    return response;
  }

  /** The page's message to the worker (a sign-in or sign-out). */
  async function dispatchMessage(data: unknown): Promise<void> {
    const lifetime: Promise<unknown>[] = [];
    listeners.get('message')!({ data, waitUntil: (promise: Promise<unknown>) => lifetime.push(promise) });
    await Promise.all(lifetime);
  }

  return {
    caches,
    listeners,
    dispatchMessage,
    requestPolicy: get<(...args: unknown[]) => string>('requestPolicy'),
    apiCacheName: get<(authorization: string | null) => Promise<string | null>>('apiCacheName'),
    isKeepable: get<(response: unknown) => boolean>('isKeepable'),
    setNetwork: (next: Network) => (network = next),
    dispatchFetch,
  };
}

const read = (url: string, token: string | null = 'token-of-ann', mode = 'cors'): FakeRequest => ({
  method: 'GET',
  url: `${ORIGIN}${url}`,
  mode,
  headers: new Headers(token ? { Authorization: `Bearer ${token}` } : {}),
});

describe("the service worker's request policy", () => {
  const worker = loadWorker();
  const policy = (method: string, url: string, mode = 'cors', origin = ORIGIN) =>
    worker.requestPolicy(method, url, mode, origin, SHELL_FILES);

  it.each([
    ['GET', '/api/auth/me', 'api'],
    ['GET', '/api/teams/my-team', 'api'],
    ['GET', '/api/teams/3/players', 'api'],
    ['GET', '/api/teams/3/players/8/parents', 'api'],
    // The contact sheet for an away trip without signal (docs/decisions/049); its CSV file is not kept.
    ['GET', '/api/teams/3/contact-sheet', 'api'],
    ['GET', '/api/teams/3/contact-sheet.csv', 'pass'],
    ['GET', '/api/calendar/team/3/events?from=2026-11-01&to=2026-12-01', 'api'],
    ['GET', '/api/games/3', 'api'],
    ['GET', '/api/practices/3', 'api'],
    ['GET', '/api/tournaments/team/3', 'api'],
    ['GET', '/api/team-rsvp/user/5/events?team_id=3', 'api'],
    ['GET', '/api/messaging/conversations?team_id=3', 'api'],
    ['GET', '/api/messaging/conversations/12/messages', 'api'],
    ['GET', '/api/messaging/announcements?team_id=3', 'api'],
    ['GET', '/api/messaging/announcements/4/comments', 'api'],
    ['GET', '/api/config', 'public-api'],
    // Writes are never touched, kept, queued or replayed.
    ['POST', '/api/teams/3/players', 'pass'],
    ['PUT', '/api/games/3/9', 'pass'],
    ['DELETE', '/api/messaging/announcements/4', 'pass'],
    ['POST', '/api/team-rsvp/submit', 'pass'],
    // The live stream, files, feeds and everything else of the API go straight to the network.
    ['GET', '/api/messaging/stream?team_id=3', 'pass'],
    ['GET', '/api/documents/team/3', 'pass'],
    ['GET', '/api/calendar/token', 'pass'],
    ['GET', '/api/notifications', 'pass'],
    ['GET', '/api/health', 'pass'],
    // The shell: this release's files from its copy; other files and the worker from the network.
    ['GET', '/assets/index-AbC123.js', 'shell'],
    ['GET', '/assets/index-Old999.js', 'pass'],
    // The manifest holds the club's settings, which change without a release: the server's first.
    ['GET', '/manifest.webmanifest', 'file'],
    ['GET', '/sw.js', 'pass'],
  ])('%s %s: %s', (method, url, expected) => {
    expect(policy(method, `${ORIGIN}${url}`)).toBe(expected);
  });

  it('takes pages (network first) but not API addresses opened as pages', () => {
    expect(policy('GET', `${ORIGIN}/`, 'navigate')).toBe('page');
    expect(policy('GET', `${ORIGIN}/user-guide`, 'navigate')).toBe('page');
    expect(policy('GET', `${ORIGIN}/api/documents/download/3`, 'navigate')).toBe('pass');
  });

  it('never touches another origin', () => {
    expect(policy('GET', 'https://other.example/api/teams/3/players')).toBe('pass');
    expect(policy('GET', 'https://other.example/', 'navigate')).toBe('pass');
    expect(policy('GET', 'not a url')).toBe('pass');
  });

  it('keeps only whole successful answers of this origin', () => {
    expect(worker.isKeepable({ status: 200, type: 'basic', redirected: false })).toBe(true);
    for (const status of [204, 304, 401, 403, 404, 500, 503])
      expect(worker.isKeepable({ status, type: 'basic', redirected: false }), String(status)).toBe(false);
    expect(worker.isKeepable({ status: 200, type: 'opaque', redirected: false })).toBe(false);
    expect(worker.isKeepable({ status: 200, type: 'cors', redirected: false })).toBe(false);
    expect(worker.isKeepable({ status: 200, type: 'basic', redirected: true })).toBe(false);
  });
});

describe("the service worker's copies of API answers", () => {
  it('gives the network answer first, and its copy, marked with when it was stored, only offline', async () => {
    const worker = loadWorker();
    worker.setNetwork(async () => answer('[{"name":"Ann Lee"}]'));
    const before = Date.now();
    const fresh = (await worker.dispatchFetch(read('/api/teams/3/players'))) as Response;
    expect(await fresh.text()).toBe('[{"name":"Ann Lee"}]');
    expect(fresh.headers.get('X-Offline-Stored-At')).toBeNull();

    worker.setNetwork(async () => answer('[{"name":"Ann Lee"},{"name":"Bea Ruiz"}]'));
    const second = (await worker.dispatchFetch(read('/api/teams/3/players'))) as Response;
    expect(await second.text()).toContain('Bea Ruiz');

    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const kept = (await worker.dispatchFetch(read('/api/teams/3/players'))) as Response;
    expect(await kept.text()).toContain('Bea Ruiz');
    const storedAt = Date.parse(kept.headers.get('X-Offline-Stored-At') ?? '');
    expect(storedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(storedAt).toBeLessThanOrEqual(Date.now());
  });

  it("never gives one user's answer to another token, and keeps one user's answers at a time", async () => {
    const worker = loadWorker();
    worker.setNetwork(async () => answer('Ann’s roster'));
    await worker.dispatchFetch(read('/api/teams/3/players', 'token-of-ann'));
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(worker.dispatchFetch(read('/api/teams/3/players', 'token-of-bob'))).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(worker.dispatchFetch(read('/api/teams/3/players', null))).rejects.toThrow('Failed to fetch');

    // Bob's first kept answer deletes Ann's copies.
    worker.setNetwork(async () => answer('Bob’s schedule'));
    await worker.dispatchFetch(read('/api/games/3', 'token-of-bob'));
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(worker.dispatchFetch(read('/api/teams/3/players', 'token-of-ann'))).rejects.toThrow();
    const bobs = (await worker.dispatchFetch(read('/api/games/3', 'token-of-bob'))) as Response;
    expect(await bobs.text()).toBe('Bob’s schedule');
    const names = await worker.caches.keys();
    expect(names.filter((name) => name.startsWith('club-api-'))).toHaveLength(1);
    // Named by a digest, never by the token itself.
    expect(names.join(' ')).not.toContain('token-of');
  });

  it("names a user's cache by a digest of the token, as the page does (tests/web/offline-copies.test.tsx)", async () => {
    const worker = loadWorker();
    expect(await worker.apiCacheName('Bearer abc')).toBe('club-api-ba7816bf8f01cfea414140de5dae2223');
    expect(await worker.apiCacheName(null)).toBeNull();
    expect(await worker.apiCacheName('Basic abc')).toBeNull();
  });

  it('keeps no error answer and no answer to a request without a token', async () => {
    const worker = loadWorker();
    worker.setNetwork(async () => answer('{"detail":"Server error"}', 500));
    const failed = (await worker.dispatchFetch(read('/api/games/3'))) as Response;
    expect(failed.status).toBe(500);
    worker.setNetwork(async () => answer('{"detail":"Not found"}', 404));
    await worker.dispatchFetch(read('/api/practices/3'));
    worker.setNetwork(async () => answer('[]'));
    await worker.dispatchFetch(read('/api/tournaments/team/3', null));
    expect(await worker.caches.keys()).toEqual([]);
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(worker.dispatchFetch(read('/api/games/3'))).rejects.toThrow('Failed to fetch');
  });

  it('keeps no answer to a read asked before a sign-out, and deletes the copies when told', async () => {
    const worker = loadWorker();
    worker.setNetwork(async () => answer('Ann’s schedule'));
    await worker.dispatchFetch(read('/api/games/3'));
    // A read under way when Ann signs out: its answer comes after the page deleted her copies.
    let arrive: ((response: Response) => void) | undefined;
    worker.setNetwork(() => new Promise<Response>((resolve) => (arrive = resolve)));
    const late = worker.dispatchFetch(read('/api/teams/3/players'));
    // Until the read is on the network (the token's digest comes first, which takes a busy machine
    // more than one turn).
    while (!arrive) await new Promise((resolve) => setTimeout(resolve, 0));
    await worker.dispatchMessage({ type: 'forget-offline-copies', keep: null });
    expect((await worker.caches.keys()).filter((name) => name.startsWith('club-api-'))).toEqual([]);
    arrive(answer('Ann’s contact sheet'));
    expect(await ((await late) as Response).text()).toBe('Ann’s contact sheet');
    expect((await worker.caches.keys()).filter((name) => name.startsWith('club-api-'))).toEqual([]);
    // The next user's reads are kept as before.
    worker.setNetwork(async () => answer('Bob’s schedule'));
    await worker.dispatchFetch(read('/api/games/3', 'token-of-bob'));
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(
      await ((await worker.dispatchFetch(read('/api/games/3', 'token-of-bob'))) as Response).text(),
    ).toBe('Bob’s schedule');
  });

  it('does not handle writes or the live stream at all', async () => {
    const worker = loadWorker();
    let asked = 0;
    worker.setNetwork(async () => {
      asked += 1;
      return answer('{}');
    });
    const write = { ...read('/api/teams/3/players'), method: 'POST' };
    expect(await worker.dispatchFetch(write)).toBe('not handled');
    expect(await worker.dispatchFetch(read('/api/messaging/stream?team_id=3'))).toBe('not handled');
    expect(asked).toBe(0);
    expect(await worker.caches.keys()).toEqual([]);
  });
});

describe("the service worker's shell", () => {
  it("keeps this release's files on install and deletes older releases' on activate", async () => {
    const worker = loadWorker({ version: 'v2', files: SHELL_FILES });
    await worker.caches.open('club-shell-v1');
    await worker.caches.open('club-api-0123');
    const lifetime: Promise<unknown>[] = [];
    const extendable = { waitUntil: (promise: Promise<unknown>) => lifetime.push(promise) };
    worker.listeners.get('install')!(extendable);
    await Promise.all(lifetime);
    worker.listeners.get('activate')!(extendable);
    await Promise.all(lifetime);
    expect((await worker.caches.keys()).sort()).toEqual(['club-api-0123', 'club-shell-v2']);
    expect([...(await worker.caches.open('club-shell-v2')).entries.keys()]).toEqual(
      SHELL_FILES.map((file) => `${ORIGIN}${file}`),
    );
    // Each from the server, past the browser's HTTP cache: a file that keeps its name (the manifest)
    // must not be kept as the copy of the release before.
    const added = (await worker.caches.open('club-shell-v2')).added;
    expect(
      added.map((request) => (typeof request === 'string' ? request : [request.url, request.cache])),
    ).toEqual(SHELL_FILES.map((file) => [`${ORIGIN}${file}`, 'reload']));
  });

  it("answers a page from the network, and with this release's index.html only when that fails", async () => {
    const worker = loadWorker();
    const lifetime: Promise<unknown>[] = [];
    worker.listeners.get('install')!({ waitUntil: (promise: Promise<unknown>) => lifetime.push(promise) });
    await Promise.all(lifetime);
    worker.setNetwork(async () => answer('the new release'));
    const online = (await worker.dispatchFetch(read('/calendar', null, 'navigate'))) as Response;
    expect(await online.text()).toBe('the new release');
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = (await worker.dispatchFetch(read('/calendar', null, 'navigate'))) as Response;
    expect(await offline.text()).toBe('file /index.html');
    const script = (await worker.dispatchFetch(read('/assets/index-AbC123.js', null, 'no-cors'))) as Response;
    expect(await script.text()).toBe('file /assets/index-AbC123.js');
  });

  it("answers the manifest (the club's settings) from the network, and with this release's copy only offline", async () => {
    const worker = loadWorker();
    const lifetime: Promise<unknown>[] = [];
    worker.listeners.get('install')!({ waitUntil: (promise: Promise<unknown>) => lifetime.push(promise) });
    await Promise.all(lifetime);
    worker.setNetwork(async () => answer('{"theme_color":"#1d4ed8"}'));
    const online = (await worker.dispatchFetch(read('/manifest.webmanifest', null, 'cors'))) as Response;
    expect(await online.text()).toBe('{"theme_color":"#1d4ed8"}');
    worker.setNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = (await worker.dispatchFetch(read('/manifest.webmanifest', null, 'cors'))) as Response;
    expect(await offline.text()).toBe('file /manifest.webmanifest');
  });
});
