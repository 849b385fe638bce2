import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/shared/api/conversations.ts';
import type { NotificationList } from '../../src/shared/api/notifications.ts';
import { okJson } from '../support/events.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { type Account, call, type Cast, startWithCast } from '../support/teams.ts';

// A message still unread MESSAGE_EMAIL_DELAY_MINUTES after it arrived (docs/product/notifications.md
// 'Messages'): its unread participants are told, once per conversation until they read it; nobody
// outside the conversation, and never its author.

describe.each(BACKENDS)('unread message notifications on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      MESSAGE_EMAIL_DELAY_MINUTES: '0',
      NOTIFY_POLL_SECONDS: '3600',
    }));
  });
  afterAll(() => close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from notifications`);
    await t.db.execute(sql`delete from scheduled_jobs`);
  });

  const start = async (account: Account, others: Account[]) =>
    okJson<Conversation>(
      await call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, account.token, {
        participant_ids: others.map((o) => o.id),
      }),
      201,
    );
  const say = async (account: Account, conversationId: number, content: string) =>
    okJson(
      await call(t, 'POST', '/api/messaging/messages', account.token, {
        conversation_id: conversationId,
        content,
      }),
      201,
    );
  const bell = async (account: Account) =>
    okJson<NotificationList>(await call(t, 'GET', '/api/notifications', account.token)).items;
  const due = async () => t.app.scheduler.drain();

  it('tells an unread participant once per conversation, with the message, and not the author', async () => {
    const c = await start(cast.coach, [cast.parent]);
    await say(cast.coach, c.id, 'Can you bring the cones on Saturday?');
    await say(cast.coach, c.id, 'And the pump, please.');
    await due();
    const items = await bell(cast.parent);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'message',
        title: `U10 Hawks: New message from ${cast.coach.name}`,
        body: 'Can you bring the cones on Saturday?',
        link: `/#messages?subtab=conversations&conversationId=${c.id}`,
      }),
    ]);
    expect(await bell(cast.coach)).toEqual([]);
    // Nobody outside the conversation hears of it, in the team or not.
    expect(await bell(cast.player)).toEqual([]);
    expect(await bell(cast.moderator)).toEqual([]);
    expect(await bell(cast.otherCoach)).toEqual([]);
  });

  it('tells nobody who read the conversation before the check ran', async () => {
    const c = await start(cast.coach, [cast.parent]);
    await say(cast.coach, c.id, 'Practice moved to 6pm');
    okJson(await call(t, 'POST', `/api/messaging/conversations/${c.id}/mark-read`, cast.parent.token));
    await due();
    expect(await bell(cast.parent)).toEqual([]);
  });

  it('tells again after the first notification was read and a new message waits', async () => {
    const c = await start(cast.coach, [cast.parent]);
    await say(cast.coach, c.id, 'First');
    await due();
    const [first] = await bell(cast.parent);
    okJson(await call(t, 'POST', '/api/notifications/read', cast.parent.token, { ids: [first!.id] }));
    await say(cast.coach, c.id, 'Second');
    await due();
    expect((await bell(cast.parent)).map((n) => n.body)).toEqual(['Second', 'First']);
  });

  it('waits the configured delay before looking', async () => {
    await t.db.execute(sql`delete from scheduled_jobs`);
    const c = await start(cast.coach, [cast.parent]);
    await say(cast.coach, c.id, 'Later');
    await t.db.execute(sql`update scheduled_jobs set due_at = now() + interval '10 minutes'`);
    await due();
    expect(await bell(cast.parent)).toEqual([]);
  });
});
