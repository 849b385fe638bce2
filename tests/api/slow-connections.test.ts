import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { watchSlowBodies } from '../../src/server/plugins/slow-bodies.ts';
import { createTeam, signUp } from '../support/teams.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Connections that are slow or quiet on purpose. A phone on a weak signal uploads a 10 MB form slowly (at
// 1 Mbit/s it takes 80 s): an upload whose bytes keep coming is not cut by the 20 s limit that stops a
// stalled request (decision 008). A live stream is quiet between its pings and must stay open. A body
// that stalls, or crawls below 1 KB/s to hold the connection, is answered 408 {detail} and closed
// (docs/decisions/026). Each test waits for the real timers (about 25 s).

describe('slow and quiet connections', () => {
  let t: TestApp;
  /** The app under test, on t's database, its log lines kept. */
  let app: App;
  let port: number;
  const lines: string[] = [];
  const requests: http.IncomingMessage[] = [];
  beforeAll(async () => {
    t = await startTestApp({ name: 'pglite' });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SERVE_WEB: 'false', DATA_DIR: t.dataDir }),
      database: t.app.database,
      startMailSender: false,
      logStream: { write: (line) => lines.push(line) },
    });
    // Each request as Node gives it, to see whether anything still waits for its body.
    app.addHook('onRequest', async (request) => void requests.push(request.raw));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('is stored when it takes longer than 20 s', { timeout: 60_000 }, async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    const boundary = '----slowupload';
    // About 2 KB a second, twice the least rate a body must keep (a phone at 1 Mbit/s sends 125 KB/s).
    const file = Buffer.from(`${'Directions to the field, line after line.\n'.repeat(1200)}`);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow directions\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="directions.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    );
    const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (data) => (text += data.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.on('connect', () => {
        socket.write(
          `POST /api/documents/upload/${team.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${coach.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n` +
            'Connection: close\r\n\r\n',
        );
        // 26 slices, one a second: the whole body takes about 25 s.
        const slice = Math.ceil(body.length / 26);
        let sent = 0;
        const timer = setInterval(() => {
          socket.write(body.subarray(sent, sent + slice));
          sent += slice;
          if (sent >= body.length) clearInterval(timer);
        }, 1_000);
      });
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
  });

  /**
   * Sends the request's head, then its body a slice at a time, and resolves to what the server answered
   * and when the connection closed (ms after the head went out).
   */
  function trickle(head: string, body: Buffer, slice: number, everyMs: number) {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let started = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (data) => (answer += data.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        // The server closing while a slice is on its way: the answer has already arrived.
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      socket.on('connect', () => {
        started = Date.now();
        socket.write(head);
        let sent = 0;
        if (slice === 0) return;
        timer = setInterval(() => {
          if (socket.destroyed || sent >= body.length) return clearInterval(timer);
          socket.write(body.subarray(sent, sent + slice));
          sent += slice;
        }, everyMs);
      });
    });
  }

  function expect408(result: { answer: string; closedAfterMs: number }, withinMs: number) {
    const [status, ...rest] = result.answer.split('\r\n');
    expect(status, result.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(result.answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(rest.slice(rest.indexOf('') + 1).join('\r\n'))).toEqual({
      detail: 'The request took too long to arrive',
    });
    expect(result.closedAfterMs).toBeLessThan(withinMs);
  }

  it('answers 408 {detail} to a body that stalls or crawls, on any route', { timeout: 90_000 }, async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    const json = (length: number) =>
      `POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${length}\r\n\r\n`;
    const boundary = '----crawl';
    const formHead =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCrawl\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n';
    const upload =
      `POST /api/documents/upload/${team.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${coach.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n`;
    const notes = Buffer.from(formHead + 'Notes for the away game.\n'.repeat(8000));
    // An upload refused before its body is read (a team the sender is not in), whose body then stalls
    // while the refusal waits for the rest of it.
    const stranger = await signUp(t, 'coach');
    const refusedUpload = upload.replace(`Bearer ${coach.token}`, `Bearer ${stranger.token}`);
    const [stalled, crawling, crawlingUpload, refusedThenStalled] = await Promise.all([
      // Ten bytes of a JSON body, then nothing.
      trickle(`${json(100)}{"username"`, Buffer.alloc(0), 0, 1_000),
      // A JSON body a byte every 2 s: alive, but never whole.
      trickle(json(200), Buffer.from(`{"username":"${'a'.repeat(150)}"}`), 1, 2_000),
      // An upload at 200 bytes a second, far below a phone's pace: holds the connection, never ends.
      trickle(upload, notes, 200, 1_000),
      trickle(`${refusedUpload}${formHead}`, Buffer.alloc(0), 0, 1_000),
    ]);
    // The idle limit (20 s) and Node's 2 s checks; the JSON deadline (20 s); a 20 s rate window
    // started once the route reads the body, checked every 2 s.
    expect408(stalled, 26_000);
    expect408(crawling, 26_000);
    expect408(crawlingUpload, 46_000);
    // One answer, the watchdog's: the refusal waiting for the body stops waiting and sends nothing.
    expect408(refusedThenStalled, 26_000);
    const refused = requests.find((request) => request.headers.authorization === `Bearer ${stranger.token}`);
    await expect.poll(() => refused?.listenerCount('data')).toBe(0);
    expect(lines.filter((line) => /already sent/i.test(line))).toEqual([]);
  });

  it(
    'keeps a live stream open while it is quiet for longer than the idle limit',
    { timeout: 60_000 },
    async () => {
      const coach = await signUp(t, 'coach');
      const team = await createTeam(t, coach);
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/messaging/stream?team_id=${team.id}`, {
        headers: { authorization: `Bearer ${coach.token}` },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let text = '';
      let ended = false;
      const reading = (async () => {
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (done) return void (ended = true);
          text += new TextDecoder().decode(value);
        }
      })();
      // Past the 20 s idle limit, before the first ping (25 s).
      await new Promise((resolve) => setTimeout(resolve, 23_000));
      expect(text).toContain('event: ready');
      expect(ended).toBe(false);
      controller.abort();
      await reading;
    },
  );
});

describe('a stalled body once the watch has stopped (the app closing)', () => {
  it('is closed at the idle limit, not held until the 10-minute request limit', async () => {
    // The app's watchdog on a bare server with a 1 s idle limit: what the app does at 20 s.
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('whole'));
    });
    server.timeout = 1_000;
    const stop = watchSlowBodies(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"held":');
      await new Promise((resolve) => setTimeout(resolve, 200));
      stop();
      const started = Date.now();
      const closedAfterMs = await new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Infinity), 6_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(Date.now() - started);
        });
      });
      expect(closedAfterMs).toBeLessThan(4_000);
      socket.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
