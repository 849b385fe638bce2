import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../src/shared/api/notifications.ts';
import { UNSUBSCRIBE_MESSAGES } from '../../src/shared/notification-preferences.ts';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS } from '../../src/shared/notifications.ts';
import {
  createLinkSigner,
  signRsvpAnswer,
  signUnsubscribe,
  UNSUBSCRIBE_API_PATH,
} from '../../src/server/features/auth/signed-links.ts';
import {
  loadPreferences,
  loadPreferencesOf,
} from '../../src/server/features/notifications/preferences-queries.ts';
import { expectDetail, okJson } from '../support/events.ts';
import { BACKENDS, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';
import { type Account, call, type Cast, startWithCast } from '../support/teams.ts';

// Preferences and one-click unsubscribe (docs/product/notifications.md 'Preferences', 'Unsubscribe'):
// every kind with its choice or default, a PUT changes only what it names, each user sees only their
// own, and an email's signed link turns that kind's email off without signing in (RFC 8058).

const DEFAULTS: NotificationPreferences = {
  kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, ...NOTIFICATION_KIND_INFO[kind].defaults })),
  quiet_hours: { start: '21:00', end: '07:00' },
  digest_hour: 18,
};
const DAY_MS = 86_400_000;

/** The defaults with some kinds changed. */
function withKinds(
  base: NotificationPreferences,
  changes: Partial<Record<string, { email: string; push: boolean }>>,
): NotificationPreferences {
  return {
    ...base,
    kinds: base.kinds.map((k) => ({ ...k, ...(changes[k.kind] ?? {}) })) as NotificationPreferences['kinds'],
  };
}

describe.each(BACKENDS)('notification preferences on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  // The app signs with the same secret on both databases, so the test can sign links as the sender does.
  const links = createLinkSigner(TEST_JWT_SECRET);
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      JWT_SECRET: TEST_JWT_SECRET,
      UNSUBSCRIBE_LIMIT_PER_IP: '30',
    }));
  });
  afterAll(() => close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from notification_preferences`);
    await t.db.execute(sql`delete from notification_settings`);
  });

  const read = async (account: Account) =>
    okJson<NotificationPreferences>(await call(t, 'GET', '/api/notifications/preferences', account.token));
  const put = (account: Account, body: unknown) =>
    call(t, 'PUT', '/api/notifications/preferences', account.token, body);
  const unsubscribe = (token: string, init: { payload?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`,
      ...(init.payload === undefined ? {} : { payload: init.payload }),
      headers: init.headers ?? {},
    });
  const oneClick = (token: string) =>
    unsubscribe(token, {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it("answers every kind's default, the default quiet hours and digest hour", async () => {
    expect(await read(cast.parent)).toEqual(DEFAULTS);
    expect((await read(cast.parent)).kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect((await call(t, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/api/notifications/preferences', undefined, {})).statusCode).toBe(401);
  });

  it('changes only what a PUT names, and answers the whole preferences', async () => {
    const first = okJson<NotificationPreferences>(
      await put(cast.parent, { kinds: [{ kind: 'announcement', email: 'now', push: true }] }),
    );
    const changed = withKinds(DEFAULTS, { announcement: { email: 'now', push: true } });
    expect(first).toEqual(changed);

    expect(okJson(await put(cast.parent, { digest_hour: 7 }))).toEqual({ ...changed, digest_hour: 7 });
    expect(okJson(await put(cast.parent, { quiet_hours: null }))).toEqual({
      ...changed,
      quiet_hours: null,
      digest_hour: 7,
    });
    const both = okJson(
      await put(cast.parent, {
        kinds: [
          { kind: 'event_new', email: 'digest', push: false },
          { kind: 'announcement', email: 'off', push: false },
        ],
        quiet_hours: { start: '22:30', end: '06:15' },
      }),
    );
    const expected = {
      ...withKinds(DEFAULTS, {
        event_new: { email: 'digest', push: false },
        announcement: { email: 'off', push: false },
      }),
      quiet_hours: { start: '22:30', end: '06:15' },
      digest_hour: 7,
    };
    expect(both).toEqual(expected);
    expect(okJson(await put(cast.parent, {}))).toEqual(expected);
    expect(await read(cast.parent)).toEqual(expected);
  });

  it('stores the default quiet hours when a first change names only the digest hour', async () => {
    expect(okJson(await put(cast.parent, { digest_hour: 0 }))).toEqual({ ...DEFAULTS, digest_hour: 0 });
    expect(okJson(await put(cast.coach, { quiet_hours: { start: '20:00', end: '08:00' } }))).toEqual({
      ...DEFAULTS,
      quiet_hours: { start: '20:00', end: '08:00' },
    });
  });

  it('refuses bad values with what is wrong, and stores nothing of them', async () => {
    const cases: [unknown, string][] = [
      [{ kinds: [{ kind: 'weather', email: 'now', push: true }] }, 'Unknown notification kind'],
      [
        { kinds: [{ kind: 'event_new', email: 'sometimes', push: true }] },
        'Email must be now, digest or off',
      ],
      [{ kinds: [{ kind: 'event_new', email: 'now', push: 'yes' }] }, 'Push must be true or false'],
      [
        {
          kinds: [
            { kind: 'event_new', email: 'now', push: true },
            { kind: 'event_new', email: 'off', push: true },
          ],
        },
        'Each kind may be named once',
      ],
      [{ quiet_hours: { start: '9pm', end: '07:00' } }, 'Quiet hours must be times like 21:00'],
      [{ quiet_hours: { start: '21:00', end: '24:00' } }, 'Quiet hours must be times like 21:00'],
      [{ digest_hour: 24 }, 'The digest hour must be a number from 0 to 23'],
      [{ digest_hour: 6.5 }, 'The digest hour must be a number from 0 to 23'],
      [{ digest_hour: '18' }, 'The digest hour must be a number from 0 to 23'],
    ];
    for (const [body, detail] of cases) expectDetail(await put(cast.parent, body), 400, detail);
    expect(await read(cast.parent)).toEqual(DEFAULTS);
  });

  it('shows and changes each user only their own', async () => {
    okJson(
      await put(cast.coach, {
        kinds: [{ kind: 'join_request', email: 'off', push: false }],
        digest_hour: 9,
      }),
    );
    expect(await read(cast.parent)).toEqual(DEFAULTS);
    expect(await read(cast.admin)).toEqual(DEFAULTS);
    expect(await read(cast.coach)).toEqual({
      ...withKinds(DEFAULTS, { join_request: { email: 'off', push: false } }),
      digest_hour: 9,
    });
  });

  it('gives the sender every user asked for in one call, defaults filled in', async () => {
    okJson(
      await put(cast.parent, { kinds: [{ kind: 'poll_new', email: 'off', push: false }], quiet_hours: null }),
    );
    const both = await loadPreferencesOf(t.db, [cast.parent.id, cast.player.id, cast.parent.id]);
    expect([...both.keys()]).toEqual([cast.parent.id, cast.player.id]);
    expect(both.get(cast.parent.id)?.kinds.poll_new).toEqual({ email: 'off', push: false });
    expect(both.get(cast.parent.id)?.kinds.event_new).toEqual({ email: 'now', push: true });
    expect(both.get(cast.parent.id)?.quietHours).toBeNull();
    expect(await loadPreferences(t.db, cast.player.id)).toEqual({
      kinds: Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, NOTIFICATION_KIND_INFO[kind].defaults]),
      ),
      quietHours: { start: '21:00', end: '07:00' },
      digestHour: 18,
    });
    expect((await loadPreferencesOf(t.db, [])).size).toBe(0);
  });

  describe('unsubscribe links', () => {
    it("turns the kind's email off with the exact RFC 8058 one-click body, keeping its push", async () => {
      okJson(await put(cast.parent, { kinds: [{ kind: 'poll_new', email: 'now', push: false }] }));
      const response = await oneClick(signUnsubscribe(links, { userId: cast.parent.id, kind: 'event_new' }));
      expect(okJson(response)).toEqual({ kind: 'event_new', label: 'New games and practices' });
      expect(
        okJson(await oneClick(signUnsubscribe(links, { userId: cast.parent.id, kind: 'poll_new' }))),
      ).toEqual({ kind: 'poll_new', label: 'New polls' });
      expect(await read(cast.parent)).toEqual(
        withKinds(DEFAULTS, {
          event_new: { email: 'off', push: true },
          poll_new: { email: 'off', push: false },
        }),
      );
      // Following it again changes nothing more; another user is untouched.
      okJson(await oneClick(signUnsubscribe(links, { userId: cast.parent.id, kind: 'event_new' })));
      expect(await read(cast.player)).toEqual(DEFAULTS);
    });

    it("takes the one-click as multipart form data, and the page's JSON or empty POST", async () => {
      const token = (kind: 'announcement' | 'message' | 'document_new') =>
        signUnsubscribe(links, { userId: cast.player.id, kind });
      const boundary = '---FormBoundaryjWmhtjORrn';
      okJson(
        await unsubscribe(token('announcement'), {
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        }),
      );
      okJson(
        await unsubscribe(token('message'), {
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(okJson(await unsubscribe(token('document_new')))).toEqual({
        kind: 'document_new',
        label: 'New documents',
      });
      const kinds = (await read(cast.player)).kinds.filter((k) => k.email === 'off').map((k) => k.kind);
      expect(kinds).toEqual(['announcement', 'message', 'document_new']);
    });

    it('changes nothing on a GET (mail scanners follow links)', async () => {
      const token = signUnsubscribe(links, { userId: cast.parent.id, kind: 'event_new' });
      const response = await t.app.inject({
        method: 'GET',
        url: `${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`,
      });
      expect([404, 405]).toContain(response.statusCode);
      expect(await read(cast.parent)).toEqual(DEFAULTS);
    });

    it('refuses a tampered, foreign, missing or expired link, and an account that is gone', async () => {
      const token = signUnsubscribe(links, { userId: cast.parent.id, kind: 'event_new' });
      const [body, signature] = token.split('.') as [string, string];
      const forged = Buffer.from(
        Buffer.from(body, 'base64url').toString().replace(`"u":${cast.parent.id}`, `"u":${cast.player.id}`),
      ).toString('base64url');
      expectDetail(await oneClick(`${forged}.${signature}`), 400, UNSUBSCRIBE_MESSAGES.invalid);
      expectDetail(await oneClick(`${body}.${signature.slice(0, -3)}`), 400, UNSUBSCRIBE_MESSAGES.invalid);
      expectDetail(
        await oneClick(
          signUnsubscribe(createLinkSigner('x'.repeat(48)), { userId: cast.parent.id, kind: 'event_new' }),
        ),
        400,
        UNSUBSCRIBE_MESSAGES.invalid,
      );
      // A link made for another purpose (an RSVP answer) is no unsubscribe link.
      const rsvp = signRsvpAnswer(
        links,
        { userId: cast.parent.id, playerId: 1, eventType: 'game', eventId: 1, response: 'yes' },
        new Date(Date.now() + DAY_MS),
      );
      expectDetail(await oneClick(rsvp), 400, UNSUBSCRIBE_MESSAGES.invalid);
      const noToken = await t.app.inject({ method: 'POST', url: UNSUBSCRIBE_API_PATH });
      expectDetail(noToken, 400, UNSUBSCRIBE_MESSAGES.invalid);
      expectDetail(
        await oneClick(signUnsubscribe(links, { userId: 2_000_000_000, kind: 'event_new' })),
        400,
        UNSUBSCRIBE_MESSAGES.invalid,
      );
      // Signed a year and a day ago: it lasted a year.
      const expired = signUnsubscribe(
        links,
        { userId: cast.parent.id, kind: 'event_new' },
        new Date(Date.now() - 366 * DAY_MS),
      );
      const answer = await oneClick(expired);
      expectDetail(answer, 400, UNSUBSCRIBE_MESSAGES.expired);
      expect(UNSUBSCRIBE_MESSAGES.expired).toMatch(/expired.*Account Settings/);
      expect(await read(cast.parent)).toEqual(DEFAULTS);
    });

    it('limits how many one address may send in an hour', async () => {
      const from = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_API_PATH}?token=nonsense`, remoteAddress });
      for (let i = 0; i < 30; i++) expect((await from('10.7.7.7')).statusCode).toBe(400);
      const refused = await from('10.7.7.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await from('10.7.7.8')).statusCode).toBe(400);
    });
  });
});
