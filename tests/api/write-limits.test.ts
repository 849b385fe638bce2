import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '../../src/shared/conversations.ts';
import { type LimitedWrite, writeLimitDetail } from '../../src/shared/write-limits.ts';
import { expectDetail, okJson } from '../support/events.ts';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  call,
  type Cast,
  castOfTeam,
  createTeam,
  setModeratorFlags,
} from '../support/teams.ts';

// Every user-made write that reaches others is limited per user per hour
// (docs/product/limits-and-abuse.md; docs/decisions/028): announcements with their cross-post, comments,
// conversations, messages and teams. Counted only once the write is allowed, so a refused request spends
// nothing, and a message retried under its Idempotency-Key counts once. Small limits here; the defaults
// are far above what a busy coach does.

const LIMIT = 3;

describe.each(BACKENDS)('write limits on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      // Cross-posts go nowhere (port 9 refuses at once): chat-posts.test.ts delivers them.
      GROUPME_API_URL: 'http://127.0.0.1:9',
      ANNOUNCEMENT_LIMIT_PER_USER_PER_HOUR: String(LIMIT),
      COMMENT_LIMIT_PER_USER_PER_HOUR: String(LIMIT),
      CONVERSATION_LIMIT_PER_USER_PER_HOUR: String(LIMIT),
      MESSAGE_LIMIT_PER_USER_PER_HOUR: String(LIMIT),
      TEAM_LIMIT_PER_USER_PER_HOUR: String(LIMIT),
    });
    cast = await castOfTeam(t);
  });
  afterAll(() => t.close());
  // Each test starts a new hour for everyone.
  beforeEach(async () => {
    await setModeratorFlags(t, cast, ['can_view_finances']);
    await t.db.execute(sql`delete from rate_limit_hits where key like 'write:%'`);
  });

  /** A 429 {detail} saying what was limited, with a Retry-After within the hour. */
  function expectLimited(response: LightMyRequestResponse, write: LimitedWrite): void {
    expect(response.statusCode, response.body).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.json()).toEqual({ detail: writeLimitDetail(write, retryAfter) });
  }
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(t.db, query))[0]?.n ?? -1;
  /** The hour is over: the write's counters start again. */
  const nextHour = () =>
    t.db.execute(sql`update rate_limit_hits set reset_at = now() where key like 'write:%'`);

  describe('announcements, with their cross-post', () => {
    const announce = (account: Account, body: Record<string, unknown> = {}) =>
      call(t, 'POST', `/api/messaging/announcements?team_id=${cast.team.id}`, account.token, {
        title: 'Flood',
        content: 'Again',
        ...body,
      });

    it('takes the hourly number per user; a refused one spends nothing and stores nothing', async () => {
      await t.db.execute(sql`update teams set groupme_bot_id = 'bot-flood' where id = ${cast.team.id}`);
      await t.db.execute(sql`delete from announcements`);
      // Refused before it counts: no permission yet, then an expiry in the past.
      for (let i = 0; i < LIMIT + 1; i++) expect((await announce(cast.moderator)).statusCode).toBe(403);
      await setModeratorFlags(t, cast, ['can_make_announcements']);
      const past = new Date(Date.now() - 60_000).toISOString();
      expect((await announce(cast.moderator, { expires_at: past })).statusCode).toBe(400);
      for (let i = 0; i < LIMIT; i++) {
        expect((await announce(cast.moderator, { post_to_groupme: true })).statusCode).toBe(201);
      }
      expectLimited(await announce(cast.moderator, { post_to_groupme: true }), 'announcements');
      expect(await count(sql`select count(*)::int as n from announcements`)).toBe(LIMIT);
      expect(await count(sql`select count(*)::int as n from chat_post_outbox`)).toBe(LIMIT);
      // Per user: the coach still posts.
      expect((await announce(cast.coach)).statusCode).toBe(201);
    });

    it('counts an edit that posts to the group chat again, not one that does not', async () => {
      await t.db.execute(sql`update teams set groupme_bot_id = 'bot-flood' where id = ${cast.team.id}`);
      const first = okJson<{ id: number }>(await announce(cast.coach), 201);
      for (let i = 1; i < LIMIT; i++) expect((await announce(cast.coach)).statusCode).toBe(201);
      const edit = (post_to_groupme: boolean) =>
        call(t, 'PUT', `/api/messaging/announcements/${first.id}`, cast.coach.token, {
          title: 'Flood',
          content: 'Edited',
          post_to_groupme,
        });
      expect((await edit(false)).statusCode).toBe(200);
      const queued = await count(sql`select count(*)::int as n from chat_post_outbox`);
      expectLimited(await edit(true), 'announcements');
      expect(await count(sql`select count(*)::int as n from chat_post_outbox`)).toBe(queued);
      await nextHour();
      expect((await edit(true)).statusCode).toBe(200);
    });
  });

  it('limits comments per user; a comment refused for being turned off spends nothing', async () => {
    const made = (
      await call(t, 'POST', `/api/messaging/announcements?team_id=${cast.team.id}`, cast.coach.token, {
        title: 'Comments',
        content: 'Say hi',
      })
    ).json() as { id: number };
    const closed = (
      await call(t, 'POST', `/api/messaging/announcements?team_id=${cast.team.id}`, cast.coach.token, {
        title: 'Closed',
        content: 'No comments',
        allow_comments: false,
      })
    ).json() as { id: number };
    const comment = (id: number, account = cast.parent) =>
      call(t, 'POST', `/api/messaging/announcements/${id}/comments`, account.token, { content: 'Hi!' });
    for (let i = 0; i < LIMIT + 1; i++) expect((await comment(closed.id)).statusCode).toBe(400);
    for (let i = 0; i < LIMIT; i++) expect((await comment(made.id)).statusCode).toBe(201);
    expectLimited(await comment(made.id), 'comments');
    expect(
      await count(
        sql`select count(*)::int as n from announcement_comments where announcement_id = ${made.id}`,
      ),
    ).toBe(LIMIT);
    expect((await comment(made.id, cast.player)).statusCode).toBe(201);
  });

  it('limits new conversations per user; one refused by the role rule spends nothing', async () => {
    const start = (participantIds: number[]) =>
      call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, cast.parent.token, {
        participant_ids: participantIds,
      });
    for (let i = 0; i < LIMIT + 1; i++) {
      expectDetail(await start([cast.player.id]), 403, MESSAGING_MESSAGES.notMessageable);
    }
    for (let i = 0; i < LIMIT; i++) expect((await start([cast.coach.id])).statusCode).toBe(201);
    const before = await count(sql`select count(*)::int as n from conversations`);
    expectLimited(await start([cast.coach.id]), 'conversations');
    expect(await count(sql`select count(*)::int as n from conversations`)).toBe(before);
  });

  it('limits messages per user; a retry under the same Idempotency-Key and a refused send count nothing', async () => {
    await setModeratorFlags(t, cast, ['can_send_messages']);
    const c = okJson<{ id: number }>(
      await call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, cast.moderator.token, {
        participant_ids: [cast.player.id],
      }),
      201,
    );
    const send = (content: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messaging/messages',
        headers: {
          authorization: `Bearer ${cast.moderator.token}`,
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        payload: { conversation_id: c.id, content },
      });
    // The flag revoked: refused before anything counts.
    await setModeratorFlags(t, cast, []);
    for (let i = 0; i < LIMIT + 1; i++) {
      expectDetail(await send('Anyone?'), 403, MESSAGING_MESSAGES.sendNotAllowed);
    }
    await setModeratorFlags(t, cast, ['can_send_messages']);
    // A double tap: two sends under one key at once store one message and count once.
    const twice = await Promise.all([send('One', 'key-1'), send('One', 'key-1')]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    // The answer was lost: the page sends it again under the same key, and again.
    expect((await send('One', 'key-1')).statusCode).toBe(200);
    expect((await send('One', 'key-1')).statusCode).toBe(200);
    expect((await send('Two', 'key-2')).statusCode).toBe(201);
    expect((await send('Three')).statusCode).toBe(201);
    expectLimited(await send('Four', 'key-4'), 'messages');
    // Two at once over the limit: neither is stored.
    const racing = await Promise.all([send('Five', 'key-5'), send('Five', 'key-5')]);
    expect(racing.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(await count(sql`select count(*)::int as n from messages where conversation_id = ${c.id}`)).toBe(3);
    // A refused key was not used up: in the next hour the same retry stores the message, once.
    await nextHour();
    expect((await send('Four', 'key-4')).statusCode).toBe(201);
    expect((await send('Four', 'key-4')).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from messages where conversation_id = ${c.id}`)).toBe(4);
  });

  it('answers a double tap one short of the hourly limit with the stored message, not 429', async () => {
    await setModeratorFlags(t, cast, ['can_send_messages']);
    const c = okJson<{ id: number }>(
      await call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, cast.moderator.token, {
        participant_ids: [cast.player.id],
      }),
      201,
    );
    const send = (content: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messaging/messages',
        headers: { authorization: `Bearer ${cast.moderator.token}`, 'idempotency-key': key },
        payload: { conversation_id: c.id, content },
      });
    for (let i = 1; i < LIMIT; i++) expect((await send(`Before ${i}`, `before-${i}`)).statusCode).toBe(201);
    // The last message of the hour, tapped twice at once: stored once, both taps answered with it.
    const taps = await Promise.all([send('Last one', 'last'), send('Last one', 'last')]);
    expect(taps.map((r) => r.statusCode).sort(), taps.map((r) => r.body).join('\n')).toEqual([200, 201]);
    expect(taps[0]?.json()).toEqual(taps[1]?.json());
    expect((await send('Last one', 'last')).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from messages where conversation_id = ${c.id}`)).toBe(
      LIMIT,
    );
    expectLimited(await send('One more', 'more'), 'messages');
  });

  it('limits new teams per user; a refused one spends nothing', async () => {
    const setup = (account: Account, body: Record<string, unknown> = {}) =>
      call(t, 'POST', '/api/teams/setup-complete', account.token, {
        name: 'U9 Flood',
        head_coach_name: 'Casey Coach',
        ...body,
      });
    const made = await count(sql`select count(*)::int as n from teams where created_by = ${cast.coach.id}`);
    // Refused before it counts: a season date that does not exist; a parent, who may not make teams.
    for (let i = 0; i < LIMIT + 1; i++) {
      expect((await setup(cast.coach, { season_start: '2026-02-30' })).statusCode).toBe(400);
    }
    expect((await setup(cast.parent)).statusCode).toBe(403);
    for (let i = 0; i < LIMIT; i++) expect((await setup(cast.coach)).statusCode).toBe(201);
    expectLimited(await setup(cast.coach), 'teams');
    expect(await count(sql`select count(*)::int as n from teams where created_by = ${cast.coach.id}`)).toBe(
      made + LIMIT,
    );
    // Another coach is not held back.
    expect((await createTeam(t, cast.otherCoach, { name: 'U9 Other' })).name).toBe('U9 Other');
  });
});
