import http from 'node:http';
import type pg from 'pg';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { okJson } from '../support/events.ts';
import { closedPort, silentServer } from '../support/ports.ts';
import { type LocalS3, startLocalS3 } from '../support/s3-server.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import {
  BACKENDS,
  createPostgresDatabase,
  GOOD_PASSWORD,
  queryRows,
  secretEnv,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';
import { type Account, call, createTeam, signUp } from '../support/teams.ts';

// A dependency that is down (docs/product/limits-and-abuse.md 'When a dependency is down';
// docs/decisions/026): requests that need it answer 503 {detail} with Retry-After, never 500; /api/health
// answers 503 naming the failing part; start-up checks the bucket and says what is wrong while the rest
// of the app serves. Each dependency is really unreachable: a closed local port, an S3 server without the
// bucket, unknown keys. (PostgreSQL stopped: postgres-down.test.ts.)

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');
const STORE_DOWN = 'File storage is not reachable right now. Please try again in a moment.';

function form(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (t: TestApp, account: Account, teamId: number, content = PDF) => {
  const body = form({ title: 'Directions' }, { name: 'directions.pdf', content });
  return t.app.inject({
    method: 'POST',
    url: `/api/documents/upload/${teamId}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${account.token}` },
  });
};

/**
 * Sends the whole body over a real connection, as a browser does, and resolves to the answer. Any
 * socket error (EPIPE, a reset before the answer) rejects: the client must get the answer, not a cut.
 */
function sendOverSocket(
  port: number,
  path: string,
  token: string,
  body: { payload: Buffer; contentType: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; wroteAll: boolean }> {
  return new Promise((resolve, reject) => {
    let wroteAll = false;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': body.contentType,
          'content-length': body.payload.length,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, wroteAll }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // 64 KB slices, as a browser's upload goes out.
    const slice = 64 * 1024;
    const write = (offset: number): void => {
      if (offset >= body.payload.length) {
        request.end(() => (wroteAll = true));
        return;
      }
      const more = request.write(body.payload.subarray(offset, offset + slice));
      if (more) setImmediate(() => write(offset + slice));
      else request.once('drain', () => write(offset + slice));
    };
    write(0);
  });
}

/** Where the app listens on 127.0.0.1. */
async function listen(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

describe.each(BACKENDS)('dependencies down on $name', (backend) => {
  let base: TestApp;
  const opened: App[] = [];
  beforeAll(async () => {
    base = await startTestApp(backend);
    // Only the app under test sends mail: another sender would take its emails from the outbox.
    await base.app.mailSender.stop();
  }, 60_000);
  afterAll(async () => {
    for (const app of opened) await app.close();
    await base?.close();
  });

  /**
   * Another app on the same database with its own settings (as a second process would be), its log
   * lines kept: one database per file keeps the file fast.
   */
  async function appWith(env: Record<string, string>) {
    const lines: string[] = [];
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SERVE_WEB: 'false',
        DATA_DIR: base.dataDir,
        MAIL_POLL_SECONDS: '0.1',
        UPLOAD_LIMIT_PER_USER_PER_HOUR: '1000',
        ...secretEnv(backend),
        ...env,
      }),
      database: base.app.database,
      startMailSender: 'SMTP_URL' in env,
      logStream: { write: (line) => lines.push(line) },
    });
    opened.push(app);
    await app.ready();
    const t: TestApp = { ...base, app };
    const said = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    return { app, t, said };
  }

  describe('the blob store stopped', () => {
    let t: TestApp;
    let s3: LocalS3;
    let coach: Account;
    let teamId = 0;
    let stored: TeamDocument;
    let port = 0;

    beforeAll(async () => {
      s3 = await startLocalS3();
      ({ t } = await appWith(s3.env));
      port = await listen(t.app);
      coach = await signUp(t, 'coach');
      teamId = (await createTeam(t, coach)).id;
      stored = okJson<TeamDocument>(await upload(t, coach, teamId), 201);
      // The bucket's server stops: its port now refuses connections.
      await s3.stop();
    }, 60_000);

    it('answers uploads and downloads 503 with Retry-After, never 500', async () => {
      const up = await upload(t, coach, teamId);
      expect(up.statusCode, up.body).toBe(503);
      expect(up.json()).toEqual({ detail: STORE_DOWN });
      expect(Number(up.headers['retry-after'])).toBeGreaterThan(0);

      const down = await call(t, 'GET', `/api/documents/download/${stored.id}`, coach.token);
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toEqual({ detail: STORE_DOWN });
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);

      // What does not need the store still works: the list is read from the database.
      const list = await call(t, 'GET', `/api/documents/team/${teamId}`, coach.token);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toHaveLength(1);
    });

    it('answers a large upload 503 over a real connection when the store fails mid-stream', async () => {
      // 8 MB: the store starts sending its first 5 MB part while the rest of the body is on its way.
      const big = Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024, 0x20)]);
      const body = form({ title: 'Big map' }, { name: 'map.pdf', content: big });
      const answer = await sendOverSocket(port, `/api/documents/upload/${teamId}`, coach.token, body);
      expect(answer.status, answer.text).toBe(503);
      expect(JSON.parse(answer.text)).toEqual({ detail: STORE_DOWN });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.wroteAll).toBe(true);
    });

    it('reports the blob store in /api/health with 503, the rest ok', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(503);
      expect(health.json()).toEqual({
        detail: 'Blob store is not reachable',
        checks: { database: 'ok', blob_store: 'failing: not reachable', mail: 'ok' },
      });
      expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('a bucket that accepts connections and never answers', () => {
    it(
      'answers uploads and downloads 503 once the store has been silent too long',
      { timeout: 40_000 },
      async () => {
        const silent = await silentServer();
        try {
          const { t } = await appWith({
            S3_ENDPOINT: `http://127.0.0.1:${silent.port}`,
            S3_BUCKET: 'club-documents',
            S3_ACCESS_KEY_ID: 'SILENT',
            S3_SECRET_ACCESS_KEY: 'silent',
            S3_TIMEOUT_SECONDS: '1',
          });
          const coach = await signUp(t, 'coach');
          const teamId = (await createTeam(t, coach)).id;
          // A document stored before (its file elsewhere: the silent store never answers anyway).
          const stored = okJson<TeamDocument>(await upload(base, coach, teamId), 201);

          const up = await upload(t, coach, teamId);
          expect(up.statusCode, up.body).toBe(503);
          expect(up.json()).toEqual({ detail: STORE_DOWN });
          expect(Number(up.headers['retry-after'])).toBeGreaterThan(0);
          const down = await call(t, 'GET', `/api/documents/download/${stored.id}`, coach.token);
          expect(down.statusCode, down.body).toBe(503);
          expect(down.json()).toEqual({ detail: STORE_DOWN });
        } finally {
          await silent.stop();
        }
      },
    );
  });

  describe('a misconfigured bucket at start', () => {
    let s3: LocalS3;
    beforeAll(async () => {
      s3 = await startLocalS3('club-documents');
    });
    afterAll(() => s3?.stop());

    const cases = [
      {
        what: 'a bucket that does not exist',
        env: () => ({ ...s3.env, S3_BUCKET: 'no-such-bucket' }),
        says: /bucket "no-such-bucket" does not exist/,
        health: 'failing: the bucket does not exist',
      },
      {
        what: 'keys the server does not know',
        env: () => ({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'wrong' }),
        says: /refused access to bucket "club-documents".*S3_ACCESS_KEY_ID/,
        health: 'failing: access to the bucket was refused',
      },
      {
        what: 'an endpoint nothing listens on',
        env: async () => ({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }),
        says: /is not reachable \(ECONNREFUSED\)/,
        health: 'failing: not reachable',
      },
    ];

    it.each(cases)('logs what is wrong with $what, and serves the rest', async (problem) => {
      const { t, said } = await appWith(await problem.env());
      await expect
        .poll(said, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ level: 50, msg: expect.stringMatching(problem.says) }));
      const coach = await signUp(t, 'coach');
      const team = await createTeam(t, coach);
      expect((await call(t, 'GET', `/api/documents/team/${team.id}`, coach.token)).statusCode).toBe(200);
      const up = await upload(t, coach, team.id);
      expect(up.statusCode, up.body).toBe(503);
      expect(up.json()).toEqual({ detail: STORE_DOWN });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      // The public answer names the part and the kind of problem, not the bucket or its address.
      expect(health.json()).toEqual({
        detail: 'Blob store is not reachable',
        checks: { database: 'ok', blob_store: problem.health, mail: 'ok' },
      });
    });

    it('says nothing is wrong when the bucket is there', async () => {
      const { t, said } = await appWith(s3.env);
      await expect
        .poll(said, { timeout: 10_000 })
        .toContainEqual(expect.objectContaining({ msg: 'blob store check: ok (s3)' }));
      expect(said().filter((line) => line.level >= 50)).toEqual([]);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      expect(health.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', blob_store: 'ok', mail: 'ok' },
      });
    });
  });

  describe.runIf(backend.name === 'postgres')('every pooled database connection busy', () => {
    it(
      'answers "busy", not "not reachable", and health still finds the database',
      { timeout: 30_000 },
      async () => {
        const created = await createPostgresDatabase();
        const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
        const app = await buildApp({
          config: loadConfig({
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            SERVE_WEB: 'false',
            DATA_DIR: base.dataDir,
            ...secretEnv(backend),
          }),
          database,
          startMailSender: false,
          logger: false,
        });
        try {
          await app.ready();
          const t: TestApp = { ...base, app, db: database.db };
          const coach = await signUp(t, 'coach');
          // A long request holds the pool's one connection.
          const pool = (database.db as unknown as { $client: pg.Pool }).$client;
          const signIn = () =>
            app.inject({
              method: 'POST',
              url: '/api/auth/token',
              payload: { username: coach.email, password: GOOD_PASSWORD },
            });
          const held = await pool.connect();
          try {
            const answer = await signIn();
            expect(answer.statusCode, answer.body).toBe(503);
            expect(answer.json()).toEqual({
              detail: 'The server is busy right now. Please try again in a moment.',
            });
            expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
            const health = await app.inject({ method: 'GET', url: '/api/health' });
            expect(health.statusCode, health.body).toBe(200);
            expect(health.json()).toMatchObject({ checks: { database: 'ok' } });
          } finally {
            held.release();
          }
          expect((await signIn()).statusCode).toBe(200);
        } finally {
          await app.close();
          await database.close();
          await created.drop();
        }
      },
    );
  });

  describe('a phone that drops mid-upload', () => {
    it('is not taken for the database down: no answer is attempted, no warning logged', async () => {
      const { app, t, said } = await appWith({});
      const port = await listen(app);
      const coach = await signUp(t, 'coach');
      const teamId = (await createTeam(t, coach)).id;
      const body = form(
        { title: 'Pitch map' },
        { name: 'map.pdf', content: Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024, 0x20)]) },
      );
      const from = said().length;
      const pending = async () => (await queryRows(t.db, sql`select blob_key from pending_blobs`)).length;
      const before = await pending();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/documents/upload/${teamId} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${coach.token}\r\n` +
          `Content-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, 1024 * 1024));
      // The file is being stored when the signal goes.
      await expect.poll(pending).toBeGreaterThan(before);
      socket.destroy();
      // The upload is abandoned and its bytes removed.
      await expect.poll(pending).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = said().slice(from);
      expect(lines.filter((line) => /database|request failed/i.test(line.msg))).toEqual([]);
      expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    });
  });

  describe('the mail server down', () => {
    const receiver = new SmtpReceiver();
    afterAll(() => receiver.stop());

    it('gives up on a mail server that never greets within the check, and closes the connection', async () => {
      const silent = await silentServer();
      try {
        const { t } = await appWith({ SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
        await t.app.mailSender.stop();
        const asked = Date.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode, health.body).toBe(503);
        expect(health.json()).toEqual({
          detail: 'Mail server is not reachable',
          checks: { database: 'ok', blob_store: 'ok', mail: 'failing: no answer in time' },
        });
        expect(Date.now() - asked).toBeLessThan(4_000);
        // The probe's connection is not left trying for minutes.
        expect(silent.connections).toHaveLength(1);
        await expect.poll(() => silent.connections[0]?.closedAt, { timeout: 2_000 }).toBeDefined();
        expect(silent.connections[0]!.closedAt! - asked).toBeLessThan(4_000);
      } finally {
        await silent.stop();
      }
    });

    it('keeps requests working, keeps the mail, names it in health, and recovers', async () => {
      const smtpPort = await closedPort();
      const { t } = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      const email = uniqueEmail('parent');
      const registered = await call(t, 'POST', '/api/auth/register', undefined, {
        name: 'Pat Parent',
        email,
        password: GOOD_PASSWORD,
        role: 'parent',
        phone: '555-0100',
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const forgot = await call(t, 'POST', '/api/auth/forgot-password', undefined, { email });
      expect(forgot.statusCode, forgot.body).toBe(200);
      // The sender tried and failed: the emails wait in the outbox for the next try.
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ attempts: number; sent_at: Date | null }>(
                t.db,
                sql`select attempts, sent_at from email_outbox where to_address = ${email}`,
              )
            ).some((row) => row.attempts > 0 && row.sent_at === null),
          { timeout: 10_000 },
        )
        .toBe(true);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(503);
      expect(health.json()).toEqual({
        detail: 'Mail server is not reachable',
        checks: { database: 'ok', blob_store: 'ok', mail: 'failing: not reachable' },
      });

      // The mail server comes up on that port: health says so once the sender's next try (10 s after
      // the first) delivers.
      await receiver.start(smtpPort);
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
          timeout: 25_000,
          interval: 500,
        })
        .toBe(200);
      // Its session ends with QUIT now, not when idle, so the mail server stops at once.
      await t.app.mailSender.stop();
    });
  });
});
