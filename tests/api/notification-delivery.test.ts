import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationSender } from '../../src/server/features/notifications/sender.ts';
import { createLinkSigner } from '../../src/server/features/auth/signed-links.ts';
import type { Practice } from '../../src/shared/api/events.ts';
import type { NotificationPreferences } from '../../src/shared/api/notifications.ts';
import { fromToday, okJson } from '../support/events.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, queryRows, TEST_SITE, type TestApp } from '../support/test-app.ts';
import { addPlayer, call, type Cast, startWithCast } from '../support/teams.ts';

// Email of notifications (docs/product/notifications.md 'Email', docs/decisions/043): each delivery is
// sent once, by whichever sender claims it, as the person's preferences, quiet hours and budget say.

describe.each(BACKENDS)('notification email on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const smtp = new SmtpReceiver();
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await smtp.start();
    // The background senders wait an hour between looks: each test drains them itself.
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NOTIFY_POLL_SECONDS: '3600',
      MAIL_POLL_SECONDS: '3600',
    }));
    await t.db.execute(
      sql`update users set email_verified_at = now() where id in (${cast.parent.id}, ${cast.moderator.id})`,
    );
  });
  afterAll(async () => {
    await close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.db.execute(sql`delete from notifications`);
    await t.db.execute(sql`delete from notification_preferences`);
    await t.db.execute(sql`delete from scheduled_jobs`);
    await t.db.execute(sql`delete from email_outbox`);
    // No quiet hours unless a test sets them: the run may fall at night in the team's zone.
    await t.db.execute(sql`delete from notification_settings`);
    await t.db.execute(
      sql`insert into notification_settings (user_id, quiet_start, quiet_end, digest_hour)
          select id, null, null, 18 from users`,
    );
    smtp.messages.length = 0;
  });

  const newPractice = async (title = 'Passing drills', days = 3) =>
    okJson<{ practices: Practice[] }>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title,
        date: fromToday(days),
        time: '17:30',
        location: 'Training ground',
      }),
      201,
    ).practices[0]!;
  const send = async () => {
    await t.app.notificationSender.drain();
    await t.app.mailSender.drain();
  };
  const to = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const header = (message: { headers: [string, string][] }, name: string) =>
    message.headers.find(([key]) => key === name)?.[1];

  it('emails each verified member once, titled as the bell, with one-click unsubscribe', async () => {
    await newPractice();
    await send();
    await send();
    const [email, ...more] = to(cast.parent.email);
    expect(more).toEqual([]);
    expect(email?.subject).toMatch(
      /^U10 Hawks: New practice "Passing drills" on \d\d\/\d\d\/\d{4} at 5:30 PM$/,
    );
    expect(email?.text).toContain('Training ground');
    expect(email?.text).toContain('Stop emails about new games and practices');
    expect(header(email!, 'list-unsubscribe')).toMatch(
      /^<http:\/\/club\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(header(email!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(email!, 'auto-submitted')).toBe('auto-generated');
    // The author is not told; an address never confirmed gets nothing; nobody outside the team.
    expect(to(cast.coach.email)).toEqual([]);
    expect(to(cast.player.email)).toEqual([]);
    expect(to(cast.stranger.email)).toEqual([]);
    expect(to(cast.moderator.email)).toHaveLength(1);
    const outcomes = await queryRows<{ outcome: string; n: number }>(
      t.db,
      sql`select outcome, count(*)::integer as n from notification_deliveries d
            join notifications n on n.id = d.notification_id
           where d.channel = 'email' group by outcome order by outcome`,
    );
    expect(outcomes).toEqual([
      { outcome: 'sent', n: 2 },
      { outcome: 'unverified', n: 1 },
    ]);
  });

  it("carries Going / Maybe / Can't go for the parent's child; the link's page records only when asked", async () => {
    const child = await addPlayer(t, cast.coach, cast.team.id, { name: 'Ava Adams', jersey_number: 31 });
    okJson(
      await call(t, 'POST', `/api/teams/${cast.team.id}/players/${child.id}/parents`, cast.coach.token, {
        parent_name: 'Pat Parent',
        parent_email: cast.parent.email,
        send_invite: false,
      }),
      201,
    );
    const practice = await newPractice('With answers');
    await send();
    const [email] = to(cast.parent.email);
    expect(email?.text).toContain('Answer for Ava Adams:');
    const links = [
      ...(email?.text ?? '').matchAll(
        /(Going|Maybe|Can't go): http:\/\/club\.test\/rsvp-answer\?token=([\w.-]+)/g,
      ),
    ];
    expect(links.map((m) => m[1])).toEqual(['Going', 'Maybe', "Can't go"]);
    const going = links[0]?.[2] ?? '';
    const answers = () =>
      queryRows<{ response: string }>(
        t.db,
        sql`select response from rsvps where practice_id = ${practice.id} and player_id = ${child.id}`,
      );
    // A mail scanner following the link records nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/team-rsvp/answer-link?token=${going}` })).statusCode,
    ).toBe(200);
    expect(await answers()).toEqual([]);
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/team-rsvp/answer-link',
      payload: { token: going },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await answers()).toEqual([{ response: 'yes' }]);
    // A tampered link is refused.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/team-rsvp/answer-link',
      payload: { token: `${going.slice(0, -3)}abc` },
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('sends nothing held back to someone who left the team meanwhile', async () => {
    await t.db.execute(
      sql`update notification_settings set
            quiet_start = to_char((now() at time zone 'America/Chicago') - interval '1 hour', 'HH24:MI'),
            quiet_end = to_char((now() at time zone 'America/Chicago') + interval '2 hours', 'HH24:MI')
          where user_id = ${cast.moderator.id}`,
    );
    await newPractice('While they were in');
    await send();
    expect(to(cast.moderator.email)).toEqual([]);
    const [membership] = await queryRows<{ role: string; permissions: string[] }>(
      t.db,
      sql`delete from team_members where team_id = ${cast.team.id} and user_id = ${cast.moderator.id}
          returning role, permissions`,
    );
    try {
      await t.db.execute(
        sql`update notification_deliveries set next_attempt_at = now() where sent_at is null`,
      );
      await send();
      expect(to(cast.moderator.email)).toEqual([]);
      const [row] = await queryRows<{ outcome: string }>(
        t.db,
        sql`select outcome from notification_deliveries where user_id = ${cast.moderator.id} and channel = 'email'`,
      );
      expect(row?.outcome).toBe('off');
    } finally {
      await t.db.execute(
        sql`insert into team_members (team_id, user_id, role, permissions)
            values (${cast.team.id}, ${cast.moderator.id}, ${membership?.role},
                    ${`{${(membership?.permissions ?? []).join(',')}}`}::text[])`,
      );
    }
  });

  it('two senders on one database send each email once', async () => {
    for (let n = 0; n < 3; n += 1) await newPractice(`Drill ${n}`, 3 + n);
    const other = new NotificationSender({
      db: t.db,
      links: createLinkSigner('another-process-same-secret-0123456789abcdef'),
      zone: 'America/Chicago',
      pollMs: 3600_000,
      log: t.app.log,
      mailQueued: () => {},
    });
    await Promise.all([t.app.notificationSender.drain(), other.drain()]);
    await t.app.mailSender.drain();
    const subjects = to(cast.parent.email).map((m) => m.subject);
    expect(subjects).toHaveLength(3);
    expect(new Set(subjects).size).toBe(3);
  });

  it('sends nothing of a kind turned off, and gathers digest kinds into one daily email', async () => {
    await t.db.execute(
      sql`insert into notification_preferences (user_id, kind, email, push) values
            (${cast.parent.id}, 'event_new', 'digest', false),
            (${cast.moderator.id}, 'event_new', 'off', false)`,
    );
    await newPractice('First');
    await newPractice('Second', 4);
    await send();
    expect(to(cast.parent.email)).toEqual([]);
    expect(to(cast.moderator.email)).toEqual([]);
    const jobs = await queryRows<{ job: string; hour: number }>(
      t.db,
      sql`select job, extract(hour from due_at at time zone 'America/Chicago')::integer as hour from scheduled_jobs`,
    );
    expect(jobs).toEqual([{ job: 'notification-digest', hour: 18 }]);
    // The digest hour comes.
    await t.db.execute(sql`update scheduled_jobs set due_at = now()`);
    await t.app.scheduler.drain();
    await t.app.mailSender.drain();
    const [digest, ...more] = to(cast.parent.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe(`Your ${TEST_SITE.clubName} digest: 2 updates`);
    expect(digest?.text).toContain('New practice "First"');
    expect(digest?.text).toContain('New practice "Second"');
    expect(header(digest!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Its one-click unsubscribe turns the digest off: every kind it gathered sends no email now.
    const url = new URL(/^<(.+)>$/.exec(header(digest!, 'list-unsubscribe') ?? '')?.[1] ?? '');
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.json()).toEqual({ kind: 'digest', label: 'The daily digest' });
    const prefs = okJson<NotificationPreferences>(
      await call(t, 'GET', '/api/notifications/preferences', cast.parent.token),
    );
    const emailOf = (kind: string) => prefs.kinds.find((k) => k.kind === kind)?.email;
    expect([emailOf('event_new'), emailOf('announcement'), emailOf('document_new')]).toEqual([
      'off',
      'off',
      'off',
    ]);
    expect(emailOf('event_cancelled')).toBe('now');
    // Listed once: another digest run sends nothing more.
    await t.db.execute(sql`update scheduled_jobs set due_at = now(), done_at = null`);
    await t.app.scheduler.drain();
    await t.app.mailSender.drain();
    expect(to(cast.parent.email)).toHaveLength(1);
  });

  it('sends six a day at once; the seventh waits for the digest', async () => {
    for (let n = 0; n < 7; n += 1) await newPractice(`Session ${n}`, 3 + n);
    await send();
    expect(to(cast.parent.email)).toHaveLength(6);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from notification_deliveries
           where user_id = ${cast.parent.id} and channel = 'email' and outcome = 'digest'`,
    );
    expect(row?.n).toBe(1);
  });

  it('holds an email through quiet hours, but not a cancellation of an event today', async () => {
    // Quiet hours around now in the team's zone.
    await t.db.execute(
      sql`update notification_settings set
            quiet_start = to_char((now() at time zone 'America/Chicago') - interval '1 hour', 'HH24:MI'),
            quiet_end = to_char((now() at time zone 'America/Chicago') + interval '2 hours', 'HH24:MI')
          where user_id = ${cast.parent.id}`,
    );
    const today = okJson<{ practices: Practice[] }>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title: 'Late session',
        date: fromToday(0),
        time: '23:59',
        location: 'Training ground',
      }),
      201,
    ).practices[0]!;
    await send();
    expect(to(cast.parent.email)).toEqual([]);
    const [held] = await queryRows<{ waits: boolean }>(
      t.db,
      sql`select next_attempt_at > now() + interval '50 minutes' as waits from notification_deliveries
           where user_id = ${cast.parent.id} and channel = 'email'`,
    );
    expect(held?.waits).toBe(true);
    okJson(await call(t, 'PUT', `/api/practices/${today.id}`, cast.coach.token, { status: 'cancelled' }));
    await send();
    expect(to(cast.parent.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/Late session.* is cancelled$/),
    ]);
  });
});

describe.each(BACKENDS)('notification email through a mail outage on $name', (backend) => {
  it('waits in the outbox while the mail server is down and arrives once when it is back', async () => {
    const port = await freePort();
    const smtp = new SmtpReceiver();
    const { t, cast, close } = await startWithCast(backend, undefined, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_POLL_SECONDS: '3600',
      MAIL_POLL_SECONDS: '3600',
    });
    try {
      await t.db.execute(sql`update users set email_verified_at = now() where id = ${cast.parent.id}`);
      await t.db.execute(
        sql`insert into notification_settings (user_id, quiet_start, quiet_end, digest_hour)
            values (${cast.parent.id}, null, null, 18)`,
      );
      okJson(
        await call(t, 'POST', '/api/practices', cast.coach.token, {
          team_id: cast.team.id,
          title: 'During the outage',
          date: fromToday(3),
          time: '17:30',
          location: 'Training ground',
        }),
        201,
      );
      await t.app.notificationSender.drain();
      await t.app.mailSender.drain();
      const [waiting] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::integer as n from email_outbox
             where sent_at is null and template = 'notification' and to_address = ${cast.parent.email}`,
      );
      expect(waiting?.n).toBe(1);

      await smtp.start(port);
      await t.db.execute(sql`update email_outbox set next_attempt_at = now()`);
      await t.app.mailSender.drain();
      const email = await smtp.waitFor(cast.parent.email, /During the outage/);
      expect(email.subject).toContain('During the outage');
      await t.db.execute(sql`update email_outbox set next_attempt_at = now()`);
      await t.app.notificationSender.drain();
      await t.app.mailSender.drain();
      expect(smtp.messages.filter((m) => m.subject.includes('During the outage'))).toHaveLength(1);
    } finally {
      await close();
      await smtp.stop();
    }
  });
});

/** A local port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
