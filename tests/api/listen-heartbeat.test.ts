import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/connect.ts';
import { createPostgresDatabase } from '../support/test-app.ts';

// A listening connection that the network drops without a word (a NAT forgetting it, a failover with no
// reset) raises no error on its own: the app would keep believing it hears every change, and pages would
// stop polling for announcements and polls. The heartbeat on that connection notices and says so.

/** A TCP relay to PostgreSQL that can go silent: bytes stop flowing both ways, and nothing is closed. */
async function silenceableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => void (silent || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (silent || client.write(chunk)));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    silence: () => void (silent = true),
    async close() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(process.env['TEST_DATABASE_URL'])('the listening connection going silent', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let relay: Awaited<ReturnType<typeof silenceableRelay>>;
  let database: Database;
  beforeAll(async () => {
    target = await createPostgresDatabase();
    const url = new URL(target.url);
    relay = await silenceableRelay(url);
    const viaRelay = new URL(target.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    database = await openDatabase({
      kind: 'postgres',
      url: viaRelay.toString(),
      poolSize: 2,
      listenHeartbeatMs: 200,
    });
  });
  afterAll(async () => {
    await relay?.close();
    await database?.close().catch(() => undefined);
    await target?.drop();
  });

  it('is reported as not live within a few heartbeats', async () => {
    const states: boolean[] = [];
    const stop = await database.listen(
      'heartbeat_test',
      () => undefined,
      (live) => states.push(live),
    );
    try {
      expect(states).toEqual([true]);
      relay.silence();
      await expect.poll(() => states.at(-1), { timeout: 3_000, interval: 50 }).toBe(false);
    } finally {
      await stop();
    }
  });
});
