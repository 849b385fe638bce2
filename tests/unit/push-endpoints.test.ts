import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import {
  localVapidSubject,
  pushPayload,
  PUSH_PAYLOAD_MAX_BYTES,
} from '../../src/server/features/push/channel.ts';
import { allowedPushEndpoint, normalizeAllowedHost } from '../../src/server/features/push/endpoints.ts';
import { validPushKeys } from '../../src/server/features/push/service.ts';
import { vapidSubject } from '../../src/server/features/push/vapid.ts';

// Which endpoints the server pushes to (docs/product/notifications.md 'Web push'): the browsers' push
// services over https on the default port, and the hosts of PUSH_ENDPOINT_ALLOW; nothing a URL can be
// dressed up as.

const allowed = (endpoint: string, hosts: readonly string[] = []) =>
  allowedPushEndpoint(endpoint, hosts)?.href ?? null;

describe('allowedPushEndpoint', () => {
  it("takes the browsers' push services as browsers write them", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-token',
      'https://fcm.googleapis.com/wp/dQw4w9WgXcQ',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-token',
      'https://updates-2.push.services.mozilla.com/wpush/v2/token',
      'https://web.push.apple.com/QGuQyavXutnMQ-token',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://db5p.notify.windows.com/w/?token=abc',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(endpoint);
    }
  });

  it('normalizes what the URL parser normalizes: case, the default port', () => {
    expect(allowed('https://FCM.GoogleApis.COM/fcm/send/abc')).toBe(
      'https://fcm.googleapis.com/fcm/send/abc',
    );
    expect(allowed('https://fcm.googleapis.com:443/fcm/send/abc')).toBe(
      'https://fcm.googleapis.com/fcm/send/abc',
    );
  });

  it('refuses other hosts, and hosts dressed up as a push service', () => {
    for (const endpoint of [
      'https://example.com/push',
      'https://googleapis.com/fcm/send/x',
      'https://evil-fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilpush.apple.com/x',
      'https://push.apple.com/x',
      'https://notify.windows.com/w/',
      'https://push.services.mozilla.com/x',
      'https://a_b.push.apple.com/x',
      // userinfo: the host is what follows the @ (or, with credentials, refused outright).
      'https://fcm.googleapis.com@evil.example/fcm/send/x',
      'https://fcm.googleapis.com:443@evil.example/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      // A fragment or a backslash does not move the host.
      'https://evil.example#@fcm.googleapis.com/x',
      'https://evil.example\\.fcm.googleapis.com/x',
      // Trailing dots: the same host to DNS, but not what a browser gives.
      'https://fcm.googleapis.com./fcm/send/x',
      'https://web.push.apple.com./x',
      // Not https, or not the default port.
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://web.push.apple.com:80/x',
      'ftp://fcm.googleapis.com/x',
      'javascript:alert(1)',
      // IP literals in every spelling.
      'https://127.0.0.1/push',
      'https://2130706433/push',
      'https://0x7f.0.0.1/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://169.254.169.254/latest/meta-data',
      'not a url',
      '',
    ]) {
      expect(allowed(endpoint), endpoint).toBeNull();
    }
  });

  it('takes the hosts of PUSH_ENDPOINT_ALLOW on any port, http or https, and only those', () => {
    const hosts = ['localhost', '127.0.0.1', 'Push.Test', '::1'];
    expect(allowed('http://127.0.0.1:45123/push/abc', hosts)).toBe('http://127.0.0.1:45123/push/abc');
    expect(allowed('https://localhost/push', hosts)).toBe('https://localhost/push');
    expect(allowed('http://push.test:8080/x', hosts)).toBe('http://push.test:8080/x');
    expect(allowed('http://[::1]:9000/x', hosts)).toBe('http://[::1]:9000/x');
    // The parser's other spellings of an allowed address are that address.
    expect(allowed('http://2130706433:9000/x', hosts)).toBe('http://127.0.0.1:9000/x');
    expect(allowed('http://0x7f.0.0.1:9000/x', hosts)).toBe('http://127.0.0.1:9000/x');
    // Still no credentials, no trailing dot, no other scheme, no neighbour.
    expect(allowed('http://user@127.0.0.1:9000/x', hosts)).toBeNull();
    expect(allowed('http://localhost.:9000/x', hosts)).toBeNull();
    expect(allowed('ws://127.0.0.1:9000/x', hosts)).toBeNull();
    expect(allowed('http://127.0.0.2:9000/x', hosts)).toBeNull();
    expect(allowed('http://sub.push.test/x', hosts)).toBeNull();
    expect(allowed('http://localhost:9000/x')).toBeNull();
  });

  it('reads PUSH_ENDPOINT_ALLOW entries as hosts', () => {
    expect(normalizeAllowedHost('LOCALHOST')).toBe('localhost');
    expect(normalizeAllowedHost('127.0.0.1:9000')).toBe('127.0.0.1');
    expect(normalizeAllowedHost('::1')).toBe('[::1]');
    expect(normalizeAllowedHost('[::1]:80')).toBe('[::1]');
    expect(normalizeAllowedHost('http://x.test/')).toBeUndefined();
    expect(normalizeAllowedHost('a@b')).toBeUndefined();
    expect(normalizeAllowedHost('')).toBeUndefined();
    expect(loadConfig({ PUSH_ENDPOINT_ALLOW: ' Push.Test , 127.0.0.1,' }).PUSH_ENDPOINT_ALLOW).toEqual([
      'push.test',
      '127.0.0.1',
    ]);
  });
});

describe('push keys, subject and payload', () => {
  // A P-256 public key (uncompressed) and a 16-byte auth secret, as a browser gives them.
  const p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');

  it('takes a P-256 point and a 16-byte secret, nothing else', () => {
    expect(validPushKeys({ p256dh, auth })).toBe(true);
    expect(validPushKeys({ p256dh, auth: 'c2hvcnQ' })).toBe(false);
    expect(validPushKeys({ p256dh: p256dh.slice(0, -4), auth })).toBe(false);
    // 65 bytes, but not a point on the curve.
    expect(validPushKeys({ p256dh: `BA${'A'.repeat(85)}`, auth })).toBe(false);
    expect(validPushKeys({ p256dh: `${p256dh.slice(0, -1)}!`, auth })).toBe(false);
  });

  it("signs as VAPID_SUBJECT, or mailto: MAIL_FROM's address", () => {
    expect(vapidSubject({ MAIL_FROM: 'Club Teams <no-reply@club.example>' })).toBe(
      'mailto:no-reply@club.example',
    );
    expect(vapidSubject({ MAIL_FROM: 'club@club.example' })).toBe('mailto:club@club.example');
    expect(vapidSubject({ MAIL_FROM: 'x <a@b.c>', VAPID_SUBJECT: 'https://club.example/contact' })).toBe(
      'https://club.example/contact',
    );
  });

  it('knows a subject Apple will refuse: a host that exists only here', () => {
    for (const subject of [
      'mailto:no-reply@localhost',
      'mailto:club@server.local',
      'mailto:a@b.invalid',
      'https://localhost:3000',
      'mailto:club',
      'https://',
    ]) {
      expect(localVapidSubject(subject), subject).toBe(true);
    }
    for (const subject of ['mailto:no-reply@club.example.org', 'https://club.example.org/contact']) {
      expect(localVapidSubject(subject), subject).toBe(false);
    }
  });

  it('refuses half a VAPID key pair, and keys that are not base64url P-256 keys', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)',
    );
  });

  it('keeps the payload within what a push message carries, shortening the body', () => {
    const message = {
      title: 'U10 Hawks: New practice',
      body: 'Bring water.',
      link: '/#tournaments',
      tag: 'n-4',
    };
    expect(JSON.parse(pushPayload(message))).toEqual(message);
    expect(JSON.parse(pushPayload({ ...message, tag: undefined }))).toEqual({
      title: message.title,
      body: message.body,
      link: message.link,
    });
    const long = pushPayload({ ...message, body: 'Ünïcödé "quoted" '.repeat(400) });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(JSON.parse(long).body).toMatch(/^Ünïcödé "quoted" .*…$/);
    expect(JSON.parse(pushPayload({ ...message, title: 'T'.repeat(500) })).title).toHaveLength(200);
  });
});
