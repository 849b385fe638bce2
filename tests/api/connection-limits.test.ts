import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Connections per client address (docs/decisions/026): one address holding hundreds of connections
// made the server unreachable for everyone. Above MAX_CONNECTIONS_PER_ADDRESS busy connections (open
// and not yet answered, or with a request in progress) a new connection is answered 429 {detail} with
// Retry-After and closed at once, whether it sends anything or not; idle keep-alive connections (a
// clubhouse of phones loading the app) do not count. Behind proxies (TRUST_PROXY_HOPS) the requests in
// progress are counted per forwarded client address instead. IPv6 clients count per /64.

const TOO_MANY = 'Too many connections from your address. Please close some pages and try again in a moment.';

async function listening(app: App, host = '127.0.0.1'): Promise<number> {
  await app.listen({ port: 0, host });
  return (app.server.address() as net.AddressInfo).port;
}

function connect(port: number, host = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Sends one request on the socket and resolves to the status line, headers and body text. */
function exchange(
  socket: net.Socket,
  request: string,
): Promise<{ status: string; head: string; body: string }> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (data: Buffer) => {
      text += data.toString();
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve({
        status: text.slice(0, text.indexOf('\r\n')),
        head: text.slice(0, end),
        body: text.slice(end + 4, end + 4 + length),
      });
    };
    socket.on('data', onData);
    socket.write(request);
  });
}

const health = (extra = '') => `GET /api/health HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;

/** What the server sent on the socket until it closed it (nothing sent by the client). */
const answerWithoutAsking = (socket: net.Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (data: Buffer) => (text += data.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ name: 'pglite' });
}, 60_000);
afterAll(() => t?.close());

/** An app on the test's database with the given limits, listening on 127.0.0.1. */
async function appWith(env: Record<string, string>, host?: string): Promise<{ app: App; port: number }> {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      DATA_DIR: t.dataDir,
      ...env,
    }),
    database: t.app.database,
    startMailSender: false,
    logger: false,
  });
  return { app, port: await listening(app, host) };
}

describe('connections per address, without a proxy', () => {
  let app: App;
  let port = 0;
  beforeAll(async () => {
    ({ app, port } = await appWith({ MAX_CONNECTIONS_PER_ADDRESS: '4' }));
  });
  afterAll(() => app?.close());

  it('answers a connection above the limit 429 at once, though it sends nothing; one fits once another closes', async () => {
    // Four connections that never send a request.
    const held = await Promise.all([1, 2, 3, 4].map(() => connect(port)));

    const fifth = await connect(port);
    const text = await answerWithoutAsking(fifth);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ detail: TOO_MANY });
    expect(text).toMatch(/\r\nretry-after: \d+/i);
    expect(text).toMatch(/\r\nconnection: close/i);

    held[0]?.destroy();
    await closed(held[0]!);
    // The server sees the close a moment later.
    await expect
      .poll(async () => {
        const socket = await connect(port);
        const { status } = await exchange(socket, health());
        socket.destroy();
        await closed(socket);
        return status;
      })
      .toBe('HTTP/1.1 200 OK');
    for (const socket of held) socket.destroy();
  });

  it('does not count idle keep-alive connections: many of them leave room for new requests', async () => {
    // Ten connections that each loaded something and stay open, as a browser keeps them.
    const idle: net.Socket[] = [];
    for (let i = 0; i < 10; i++) {
      const socket = await connect(port);
      expect((await exchange(socket, health())).status).toBe('HTTP/1.1 200 OK');
      idle.push(socket);
    }
    // Each may be used again, and a new connection is served.
    for (const socket of idle) expect((await exchange(socket, health())).status).toBe('HTTP/1.1 200 OK');
    const fresh = await connect(port);
    expect((await exchange(fresh, health())).status).toBe('HTTP/1.1 200 OK');
    for (const socket of [...idle, fresh]) socket.destroy();
  });
});

describe('IPv6 clients, without a proxy', () => {
  let app: App;
  let port = 0;
  beforeAll(async () => {
    ({ app, port } = await appWith({ MAX_CONNECTIONS_PER_ADDRESS: '2' }, '::1'));
  });
  afterAll(() => app?.close());

  it('are counted too', async () => {
    const held = await Promise.all([1, 2].map(() => connect(port, '::1')));
    const third = await connect(port, '::1');
    expect((await answerWithoutAsking(third)).split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    for (const socket of held) socket.destroy();
  });
});

describe('connections per address, behind a proxy', () => {
  let app: App;
  let port = 0;
  beforeAll(async () => {
    ({ app, port } = await appWith({ MAX_CONNECTIONS_PER_ADDRESS: '3', TRUST_PROXY_HOPS: '1' }));
  });
  afterAll(() => app?.close());

  it('counts requests in progress per forwarded client address', async () => {
    const forwarded = (client: string) => `X-Forwarded-For: ${client}\r\n`;
    // Three requests of one client in progress (their bodies not sent yet), through the proxy's connections.
    const held = await Promise.all([1, 2, 3].map(() => connect(port)));
    for (const socket of held) {
      socket.write(
        'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `${forwarded('203.0.113.7')}Content-Length: 50\r\n\r\n`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));

    const same = await connect(port);
    const refused = await exchange(same, health(forwarded('203.0.113.7')));
    expect(refused.status).toBe('HTTP/1.1 429 Too Many Requests');
    expect(JSON.parse(refused.body)).toEqual({ detail: TOO_MANY });

    const other = await connect(port);
    expect((await exchange(other, health(forwarded('203.0.113.8')))).status).toBe('HTTP/1.1 200 OK');

    // Finished requests no longer count.
    for (const socket of held) socket.destroy();
    await expect
      .poll(async () => {
        const socket = await connect(port);
        const { status } = await exchange(socket, health(forwarded('203.0.113.7')));
        socket.destroy();
        return status;
      })
      .toBe('HTTP/1.1 200 OK');
    for (let i = 0; i < 10; i++) {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(answer.statusCode).toBe(200);
    }
    same.destroy();
    other.destroy();
  });
});

describe('IPv6 clients behind a proxy', () => {
  let app: App;
  let port = 0;
  beforeAll(async () => {
    ({ app, port } = await appWith({ MAX_CONNECTIONS_PER_ADDRESS: '3', TRUST_PROXY_HOPS: '1' }));
  });
  afterAll(() => app?.close());

  it('are counted per /64, which one client holds whole', async () => {
    const forwarded = (client: string) => `X-Forwarded-For: ${client}\r\n`;
    // Three requests in progress from three addresses of one /64.
    const held = await Promise.all([1, 2, 3].map(() => connect(port)));
    for (const [i, socket] of held.entries()) {
      socket.write(
        'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `${forwarded(`2001:db8:7:1::${i + 1}`)}Content-Length: 50\r\n\r\n`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sameNetwork = await connect(port);
    expect((await exchange(sameNetwork, health(forwarded('2001:db8:7:1:ffff::9')))).status).toBe(
      'HTTP/1.1 429 Too Many Requests',
    );
    const otherNetwork = await connect(port);
    expect((await exchange(otherNetwork, health(forwarded('2001:db8:7:2::1')))).status).toBe(
      'HTTP/1.1 200 OK',
    );
    for (const socket of [...held, sameNetwork, otherNetwork]) socket.destroy();
  });
});
