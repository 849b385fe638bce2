import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromToday, okJson } from '../support/events.ts';
import { decrypt, device, type Device, startPushService } from '../support/push-service.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import { call, type Cast, startWithCast } from '../support/teams.ts';

// Notifications pushed to devices (docs/product/notifications.md 'Web push', 'Budget'): each delivery
// goes to every device of the person once, as their preferences say; past ten an hour the rest go out
// as one; a device its push service calls gone is forgotten.

describe.each(BACKENDS)('notification push on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let service: Awaited<ReturnType<typeof startPushService>>;
  let phone: Device;

  beforeAll(async () => {
    service = await startPushService();
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      PUSH_ENDPOINT_ALLOW: '127.0.0.1',
      NOTIFY_POLL_SECONDS: '3600',
    }));
  });
  afterAll(async () => {
    await close();
    await service.close();
  });
  beforeEach(async () => {
    await t.db.execute(sql`delete from notifications`);
    await t.db.execute(sql`delete from notification_preferences`);
    await t.db.execute(sql`delete from push_subscriptions`);
    await t.db.execute(sql`delete from notification_settings`);
    await t.db.execute(
      sql`insert into notification_settings (user_id, quiet_start, quiet_end, digest_hour)
          select id, null, null, 18 from users`,
    );
    service.received.length = 0;
    service.answer(201);
    phone = device(`${service.origin}/push/${Math.random().toString(36).slice(2)}`);
    expect((await call(t, 'POST', '/api/push/subscriptions', cast.parent.token, phone.body)).statusCode).toBe(
      201,
    );
  });

  let day = 3;
  const newPractice = async (title: string) =>
    okJson(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title,
        date: fromToday(day++),
        time: '17:30',
        location: 'Training ground',
      }),
      201,
    );
  const pushed = () =>
    service.received.map(
      (r) => JSON.parse(decrypt(phone, r.body)) as { title: string; body: string; link: string },
    );

  it("pushes to the person's device once, encrypted, with the bell's words and link", async () => {
    await newPractice('Corners');
    await t.app.notificationSender.drain();
    await t.app.notificationSender.drain();
    const [message, ...more] = pushed();
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      title: expect.stringMatching(/^U10 Hawks: New practice "Corners" on /),
      link: expect.stringMatching(/^\/#tournaments\?section=practices&practiceId=\d+$/),
    });
    // Only those with a device have a push delivery at all.
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from notification_deliveries where channel = 'push'`,
    );
    expect(row?.n).toBe(1);
  });

  it('sends no push of a kind the person turned push off for', async () => {
    okJson(
      await call(t, 'PUT', '/api/notifications/preferences', cast.parent.token, {
        kinds: [{ kind: 'event_new', email: 'now', push: false }],
      }),
    );
    await newPractice('Headers');
    await t.app.notificationSender.drain();
    expect(service.received).toEqual([]);
  });

  it('sends ten an hour; what waits past that goes out as one', async () => {
    for (let n = 0; n < 12; n += 1) await newPractice(`Session ${n}`);
    await t.app.notificationSender.drain();
    const titles = pushed().map((m) => m.title);
    expect(titles).toHaveLength(10);
    expect(titles.slice(0, 9).every((title) => title.includes('New practice "Session'))).toBe(true);
    expect(titles[9]).toBe('3 updates from U10 Hawks');
    const outcomes = await queryRows<{ outcome: string; n: number }>(
      t.db,
      sql`select outcome, count(*)::integer as n from notification_deliveries
           where channel = 'push' group by outcome order by outcome`,
    );
    expect(outcomes).toEqual([
      { outcome: 'coalesced', n: 2 },
      { outcome: 'sent', n: 10 },
    ]);
  });

  it('gathers only what may go now: a kind turned off for push stays out of the gathered push', async () => {
    for (let n = 0; n < 9; n += 1) await newPractice(`Early ${n}`);
    await t.app.notificationSender.drain();
    expect(service.received).toHaveLength(9);
    okJson(
      await call(t, 'PUT', '/api/notifications/preferences', cast.parent.token, {
        kinds: [{ kind: 'poll_new', email: 'now', push: false }],
      }),
    );
    await newPractice('Late one');
    okJson(
      await call(t, 'POST', `/api/messaging/polls?team_id=${cast.team.id}`, cast.coach.token, {
        question: 'Pizza after the game?',
        options: ['Yes', 'No'],
      }),
      201,
    );
    await newPractice('Late two');
    await t.app.notificationSender.drain();
    const last = pushed().at(-1);
    expect(pushed()).toHaveLength(10);
    expect(last?.title).toBe('2 updates from U10 Hawks');
    expect(last?.body).not.toContain('Pizza');
  });

  it('forgets a device its push service calls gone, and tries again after a failure', async () => {
    service.answer(500);
    await newPractice('Retry');
    await t.app.notificationSender.drain();
    const [failed] = await queryRows<{ sent: boolean; later: boolean }>(
      t.db,
      sql`select sent_at is not null as sent, next_attempt_at > now() as later
            from notification_deliveries where channel = 'push'`,
    );
    expect(failed).toEqual({ sent: false, later: true });
    service.answer(410);
    await t.db.execute(sql`update notification_deliveries set next_attempt_at = now()`);
    await t.app.notificationSender.drain();
    const devices = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from push_subscriptions`,
    );
    expect(devices[0]?.n).toBe(0);
    const [done] = await queryRows<{ outcome: string }>(
      t.db,
      sql`select outcome from notification_deliveries where channel = 'push'`,
    );
    expect(done?.outcome).toBe('no_device');
  });
});
