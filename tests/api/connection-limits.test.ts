import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Connections per client address (docs/decisions/026): one address holding hundreds of connections
// made the server unreachable for everyone. Above MAX_CONNECTIONS_PER_ADDRESS a new connection's
// request is answered 429 {detail} with Retry-After and closed; behind proxies (TRUST_PROXY_HOPS) the
// requests in progress are counted per forwarded client address instead.

const TOO_MANY = 'Too many connections from your address. Please close some pages and try again in a moment.';

async function listening(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
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
async function appWith(env: Record<string, string>): Promise<{ app: App; port: number }> {
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
  return { app, port: await listening(app) };
}

describe('connections per address, without a proxy', () => {
  let app: App;
  let port = 0;
  beforeAll(async () => {
    ({ app, port } = await appWith({ MAX_CONNECTIONS_PER_ADDRESS: '4' }));
  });
  afterAll(() => app?.close());

  it('answers a connection above the limit 429 and closes it; one more fits once another closes', async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => connect(port)));
    // Each of the four may be used (keep-alive).
    for (const socket of held) expect((await exchange(socket, health())).status).toBe('HTTP/1.1 200 OK');

    const fifth = await connect(port);
    const refused = await exchange(fifth, health());
    expect(refused.status).toBe('HTTP/1.1 429 Too Many Requests');
    expect(JSON.parse(refused.body)).toEqual({ detail: TOO_MANY });
    expect(refused.head).toMatch(/\r\nretry-after: \d+/i);
    expect(refused.head).toMatch(/\r\nconnection: close/i);
    await closed(fifth);

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
