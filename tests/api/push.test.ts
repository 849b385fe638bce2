import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../src/shared/push.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  createPushChannel,
  type PushMessage,
  PushSendError,
  PUSH_TTL_SECONDS,
} from '../../src/server/features/push/channel.ts';
import { loadWebPush, vapidDetailsLoader } from '../../src/server/features/push/vapid.ts';
import { expectDetail, okJson } from '../support/events.ts';
import { decrypt, device, startPushService } from '../support/push-service.ts';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';
import { type Account, call, signUp } from '../support/teams.ts';

// Web push (docs/product/notifications.md 'Web push'): the server's VAPID key, the devices a user
// subscribes, and the push channel the notification sender calls, against a push service of our own
// on this machine (PUSH_ENDPOINT_ALLOW). The test is the device: it holds the subscription's private
// key and decrypts what arrives (RFC 8291, aes128gcm), as a browser would.

/** Checks the VAPID header (RFC 8292): a JWT for the push service's origin, signed by the server's key. */
function expectVapid(authorization: string | undefined, publicKey: string, origin: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt = '', k] = match ?? [];
  expect(k).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(payload).toMatchObject({ aud: origin, sub: 'mailto:no-reply@localhost' });
  expect(payload['exp']).toBeGreaterThan(Date.now() / 1000);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
}

describe.each(BACKENDS)('web push on $name', (backend) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let parent: Account;
  let coach: Account;
  const env = { PUSH_ENDPOINT_ALLOW: '127.0.0.1' };
  const config = loadConfig(env);
  let n = 0;
  const endpoint = () => `${service.origin}/push/${(n += 1)}-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    service = await startPushService();
    t = await startTestApp(backend, env);
    parent = await signUp(t, 'parent', 'Pat Parent');
    coach = await signUp(t, 'coach', 'Casey Coach');
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });
  beforeEach(async () => {
    await t.db.execute(sql`delete from push_subscriptions`);
    await t.db.execute(sql`delete from rate_limit_hits`);
    service.received.length = 0;
    service.answer(201);
  });

  const subscribe = (account: Account, body: unknown) =>
    call(t, 'POST', '/api/push/subscriptions', account.token, body);
  const unsubscribe = (account: Account, endpointUrl: string) =>
    call(t, 'DELETE', '/api/push/subscriptions', account.token, { endpoint: endpointUrl });
  const rows = () =>
    queryRows<{ user_id: number; endpoint: string; p256dh: string }>(
      t.db,
      sql`select user_id, endpoint, p256dh from push_subscriptions order by id`,
    );
  const channel = (overrides: Partial<Parameters<typeof createPushChannel>[0]> = {}) =>
    createPushChannel({ db: t.db, config, ...overrides });
  const publicKey = async () =>
    okJson<{ public_key: string }>(await call(t, 'GET', '/api/push/vapid-public-key', parent.token))
      .public_key;

  it('answers one VAPID public key, the same after a restart, to signed-in users only', async () => {
    expect((await call(t, 'GET', '/api/push/vapid-public-key')).statusCode).toBe(401);
    const key = await publicKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect(
      okJson<{ public_key: string }>(await call(t, 'GET', '/api/push/vapid-public-key', coach.token))
        .public_key,
    ).toBe(key);
    await t.restart();
    expect(await publicKey()).toBe(key);
    const stored = await queryRows<{ value: string }>(
      t.db,
      sql`select value from app_settings where key = 'vapid_keys'`,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]?.value ?? '{}')).toMatchObject({ publicKey: key });
  });

  it('agrees on one generated key pair when processes make theirs at the same time', async () => {
    await t.db.execute(sql`delete from app_settings where key = 'vapid_keys'`);
    const loaders = Array.from({ length: 4 }, () => vapidDetailsLoader(t.db, config));
    const pairs = await Promise.all(loaders.map((load) => load()));
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
    expect(pairs[0]?.subject).toBe('mailto:no-reply@localhost');
    await t.restart();
    expect(await publicKey()).toBe(pairs[0]?.publicKey);
  });

  it('keeps a device per endpoint: new 201, again 200, moved to whoever subscribes it last', async () => {
    const phone = device(endpoint());
    expectDetail(await subscribe(parent, phone.body), 201, PUSH_MESSAGES.on);
    expect(await rows()).toEqual([
      { user_id: parent.id, endpoint: phone.body.endpoint, p256dh: phone.body.keys.p256dh },
    ]);
    // The same browser subscribing again (new keys): one row, the new keys.
    const renewed = device(phone.body.endpoint);
    expectDetail(await subscribe(parent, renewed.body), 200, PUSH_MESSAGES.on);
    expect(await rows()).toEqual([
      { user_id: parent.id, endpoint: phone.body.endpoint, p256dh: renewed.body.keys.p256dh },
    ]);
    // Someone else signs in on that browser and turns notifications on: the device is theirs now.
    expectDetail(await subscribe(coach, renewed.body), 200, PUSH_MESSAGES.on);
    expect((await rows()).map((row) => row.user_id)).toEqual([coach.id]);
    // The first user cannot remove it any more; its owner can, and removing twice is fine.
    expect((await unsubscribe(parent, phone.body.endpoint)).statusCode).toBe(204);
    expect(await rows()).toHaveLength(1);
    expect((await unsubscribe(coach, phone.body.endpoint)).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    expect((await unsubscribe(coach, phone.body.endpoint)).statusCode).toBe(204);
  });

  it('refuses push services it does not know, keys that are not keys, and strangers', async () => {
    const { body } = device('https://push.example.org/send/abc');
    expectDetail(await subscribe(parent, body), 400, PUSH_MESSAGES.unsupportedService);
    for (const elsewhere of [
      'http://127.0.0.2:9/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      expectDetail(
        await subscribe(parent, { ...body, endpoint: elsewhere }),
        400,
        PUSH_MESSAGES.unsupportedService,
      );
    }
    // The browsers' own services are taken (nothing is sent to them here).
    expectDetail(
      await subscribe(parent, { ...body, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' }),
      201,
      PUSH_MESSAGES.on,
    );
    const local = device(endpoint()).body;
    expectDetail(
      await subscribe(parent, { ...local, keys: { ...local.keys, p256dh: `BA${'A'.repeat(85)}` } }),
      400,
      PUSH_MESSAGES.badKeys,
    );
    expectDetail(await subscribe(parent, { endpoint: local.endpoint }), 400, 'keys is required');
    expectDetail(await subscribe(parent, { ...local, endpoint: 'not a url' }), 400, 'endpoint must be a URL');
    expect((await call(t, 'POST', '/api/push/subscriptions', undefined, local)).statusCode).toBe(401);
    expect((await rows()).map((row) => row.endpoint)).toEqual([
      'https://fcm.googleapis.com/fcm/send/abc:def',
    ]);
  });

  it('limits subscribing to 30 an hour per account', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await subscribe(parent, device(endpoint()).body)).statusCode).toBe(201);
    }
    const refused = await subscribe(parent, device(endpoint()).body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Only the newest 20 devices are kept.
    expect(await rows()).toHaveLength(20);
    expect((await subscribe(coach, device(endpoint()).body)).statusCode).toBe(201);
  });

  it("pushes to each of the user's devices a message only that device can read", async () => {
    const phone = device(endpoint());
    const laptop = device(endpoint());
    expect((await subscribe(parent, phone.body)).statusCode).toBe(201);
    expect((await subscribe(parent, laptop.body)).statusCode).toBe(201);
    expect((await subscribe(coach, device(endpoint()).body)).statusCode).toBe(201);
    const message: PushMessage = {
      title: 'U10 Hawks: Practice "Passing" on 12/05/2026 is cancelled',
      body: '12/05/2026 at 5:30 PM, North Field',
      link: '/#tournaments?section=practices&practiceId=4',
      tag: 'notification-41',
    };
    expect(await channel().send(parent.id, message)).toEqual({ delivered: 2, removed: 0 });
    expect(service.received.map((r) => r.path).sort()).toEqual(
      [phone, laptop].map((d) => new URL(d.body.endpoint).pathname).sort(),
    );
    const key = await publicKey();
    for (const dev of [phone, laptop]) {
      const got = service.received.find((r) => r.path === new URL(dev.body.endpoint).pathname);
      expect(got?.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(PUSH_TTL_SECONDS),
        urgency: 'normal',
        topic: 'notification-41',
      });
      expectVapid(got?.headers.authorization, key, service.origin);
      expect(JSON.parse(decrypt(dev, got?.body ?? Buffer.alloc(0)))).toEqual(message);
    }
    // Another device's keys cannot read it.
    const [first] = service.received;
    const other = first?.path === new URL(phone.body.endpoint).pathname ? laptop : phone;
    expect(() => decrypt(other, first?.body ?? Buffer.alloc(0))).toThrow();

    // A user with no device: nothing sent, nothing failed.
    service.received.length = 0;
    expect(await channel().send(coach.id + 1000, message)).toEqual({ delivered: 0, removed: 0 });
    expect(service.received).toEqual([]);
  });

  it('forgets a device its push service says is gone (404, 410)', async () => {
    const gone = device(endpoint());
    const missing = device(endpoint());
    await subscribe(parent, gone.body);
    await subscribe(parent, missing.body);
    service.answer(410);
    expect(await channel().send(parent.id, { title: 'T', body: 'B', link: '/' })).toEqual({
      delivered: 0,
      removed: 2,
    });
    expect(await rows()).toEqual([]);
  });

  it('throws when a push service fails otherwise, so the sender tries again; the device is kept', async () => {
    const phone = device(endpoint());
    await subscribe(parent, phone.body);
    service.answer(500);
    const failed = await channel()
      .send(parent.id, { title: 'T', body: 'B', link: '/' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PushSendError);
    expect(failed).toMatchObject({
      retryable: true,
      delivered: 0,
      message: `Push failed for 1 of 1 devices: ${new URL(service.origin).host} answered 500 push service says no`,
    });
    // A refusal that will not change is not worth a retry.
    service.answer(403);
    await expect(channel().send(parent.id, { title: 'T', body: 'B', link: '/' })).rejects.toMatchObject({
      retryable: false,
    });
    // No answer in time.
    service.neverAnswer();
    await expect(
      channel({ timeoutMs: 300 }).send(parent.id, { title: 'T', body: 'B', link: '/', urgency: 'high' }),
    ).rejects.toMatchObject({
      retryable: true,
      message: `Push failed for 1 of 1 devices: ${new URL(service.origin).host} did not answer within 0.3 s`,
    });
    expect(service.received.at(-1)?.headers.urgency).toBe('high');
    // No push service there at all.
    await t.db.execute(sql`update push_subscriptions set endpoint = 'http://127.0.0.1:9/push/x'`);
    await expect(channel().send(parent.id, { title: 'T', body: 'B', link: '/' })).rejects.toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^Push failed for 1 of 1 devices: 127\.0\.0\.1:9 could not be reached/),
    });
    expect(await rows()).toHaveLength(1);
  });

  it('sends nothing to a push service that is no longer allowed, and keeps the device', async () => {
    await subscribe(parent, device(endpoint()).body);
    const warnings: string[] = [];
    const strict = createPushChannel({
      db: t.db,
      config: loadConfig({}),
      log: { warn: (_object, message) => warnings.push(message) },
    });
    expect(await strict.send(parent.id, { title: 'T', body: 'B', link: '/' })).toEqual({
      delivered: 0,
      removed: 0,
    });
    expect(service.received).toEqual([]);
    expect(warnings).toEqual([
      // The default MAIL_FROM is no-reply@localhost: said once.
      "push: the VAPID subject is not a real address; Apple's push service refuses such pushes (set VAPID_SUBJECT)",
      'push: not sent to a subscription whose push service is no longer allowed',
    ]);
    await strict.send(parent.id, { title: 'T', body: 'B', link: '/' });
    expect(warnings).toHaveLength(3);
    expect(await rows()).toHaveLength(1);
  });

  it('uses the configured VAPID keys when both are set', async () => {
    const keys = (await loadWebPush()).generateVAPIDKeys();
    const configured = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://club.example/contact',
    };
    const other = await startTestApp(backend, { ...env, ...configured });
    try {
      const coachThere = await signUp(other, 'coach', 'Other Coach');
      const answer = await call(other, 'GET', '/api/push/vapid-public-key', coachThere.token);
      expect(okJson<{ public_key: string }>(answer).public_key).toBe(configured.VAPID_PUBLIC_KEY);
      const phone = device(endpoint());
      expect(
        (await call(other, 'POST', '/api/push/subscriptions', coachThere.token, phone.body)).statusCode,
      ).toBe(201);
      const sent = await createPushChannel({
        db: other.db,
        config: loadConfig({ ...env, ...configured }),
      }).send(coachThere.id, { title: 'T', body: 'B', link: '/' });
      expect(sent).toEqual({ delivered: 1, removed: 0 });
      const authorization = service.received.at(-1)?.headers.authorization ?? '';
      expect(authorization).toContain(`k=${configured.VAPID_PUBLIC_KEY}`);
      const claims = authorization.split('t=')[1]?.split('.')[1] ?? '';
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
        sub: 'https://club.example/contact',
      });
    } finally {
      await other.close();
    }
  });
});
