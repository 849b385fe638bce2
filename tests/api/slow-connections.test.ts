import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, signUp } from '../support/teams.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Connections that are slow or quiet on purpose. A phone on a weak signal uploads a 10 MB form slowly (at
// 1 Mbit/s it takes 80 s): an upload whose bytes keep coming is not cut by the 20 s limit that stops a
// stalled request (decision 008). A live stream is quiet between its pings and must stay open. Each test
// waits for the real timers (about 25 s).

describe('slow and quiet connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ name: 'pglite' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('is stored when it takes longer than 20 s', { timeout: 60_000 }, async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    const boundary = '----slowupload';
    const file = Buffer.from(`${'Directions to the field, line after line.\n'.repeat(600)}`);
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
