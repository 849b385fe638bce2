import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';
import { call, type Cast, castOfTeam } from '../support/teams.ts';

// Group-chat cross-posts (docs/product/announcements.md 'Cross-posts to the group chat'): a local server
// plays the group-chat service; outages are retried until delivered, a 4xx gives up after 5 tries.

interface Received {
  path: string;
  body: { bot_id: string; text: string };
}

describe.each(BACKENDS)('group-chat cross-posts on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let server: http.Server;
  let received: Received[] = [];
  let answer = 202;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = http.createServer((request, response) => {
        let data = '';
        request.on('data', (chunk: Buffer) => (data += chunk.toString()));
        request.on('end', () => {
          received.push({ path: request.url ?? '', body: JSON.parse(data) as Received['body'] });
          response.statusCode = answer;
          response.end();
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stopServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  beforeAll(async () => {
    await listen();
    t = await startTestApp(backend, {
      GROUPME_API_URL: `http://127.0.0.1:${port}/v3`,
      CHAT_POST_POLL_SECONDS: '3600',
    });
    cast = await castOfTeam(t);
    await t.db.execute(sql`update teams set groupme_bot_id = 'bot-abc' where id = ${cast.team.id}`);
  });
  afterAll(async () => {
    await t.close();
    await stopServer();
  });
  beforeEach(async () => {
    if (!server.listening) await listen();
    received = [];
    answer = 202;
    await t.db.execute(sql`delete from chat_post_outbox`);
  });

  const post = (title: string, content: string) =>
    call(t, 'POST', `/api/messaging/announcements?team_id=${cast.team.id}`, cast.coach.token, {
      title,
      content,
      post_to_groupme: true,
    });
  const outbox = () =>
    queryRows<{
      attempts: number;
      sent_at: string | null;
      gave_up_at: string | null;
      last_error: string | null;
    }>(t.db, sql`select attempts, sent_at, gave_up_at, last_error from chat_post_outbox order by id`);
  const retryNow = async () => {
    await t.db.execute(sql`update chat_post_outbox set next_attempt_at = now()`);
    await t.app.chatPostSender.drain();
  };
  const lastError = async () =>
    (
      await call(t, 'GET', `/api/messaging/chat-posts/last-error?team_id=${cast.team.id}`, cast.coach.token)
    ).json();

  it('posts the title and content as the team bot', async () => {
    expect((await post('Game moved', 'Kick-off 10:30')).statusCode).toBe(201);
    await t.app.chatPostSender.drain();
    expect(received).toEqual([
      { path: '/v3/bots/post', body: { bot_id: 'bot-abc', text: 'Game moved\n\nKick-off 10:30' } },
    ]);
    expect((await outbox())[0]).toMatchObject({ attempts: 1, last_error: null });
    expect((await outbox())[0]?.sent_at).not.toBeNull();
    expect(await lastError()).toEqual({ last_error: null, at: null });
  });

  it('retries through an outage (service down, then 500) and delivers later', async () => {
    await stopServer();
    await post('Rain', 'No practice');
    await t.app.chatPostSender.drain();
    const [down] = await outbox();
    expect(down).toMatchObject({ attempts: 1, sent_at: null, gave_up_at: null });
    expect(down?.last_error).toMatch(/unreachable/);
    expect((await lastError()).last_error).toMatch(/unreachable/);
    await listen();
    answer = 500;
    await retryNow();
    expect((await outbox())[0]).toMatchObject({
      attempts: 2,
      sent_at: null,
      last_error: 'Group chat answered 500',
    });
    answer = 202;
    await retryNow();
    expect((await outbox())[0]).toMatchObject({ attempts: 3, last_error: null });
    expect(received.at(-1)?.body).toEqual({ bot_id: 'bot-abc', text: 'Rain\n\nNo practice' });
    expect(await lastError()).toEqual({ last_error: null, at: null });
  });

  it('gives up after 5 refusals (a wrong bot id) and shows it as the last error', async () => {
    answer = 404;
    await post('Hello', 'World');
    await t.app.chatPostSender.drain();
    for (let i = 0; i < 6; i += 1) await retryNow();
    const [row] = await outbox();
    expect(row?.attempts).toBe(5);
    expect(row?.gave_up_at).not.toBeNull();
    expect(received).toHaveLength(5);
    const shown = await lastError();
    expect(shown.last_error).toMatch(/refused the post \(404\)/);
    expect(shown.at).toEqual(expect.any(String));
    // Parents do not see it.
    expect(
      (
        await call(
          t,
          'GET',
          `/api/messaging/chat-posts/last-error?team_id=${cast.team.id}`,
          cast.parent.token,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('does not post a deleted announcement (its unsent post goes with it)', async () => {
    await stopServer();
    const created = (await post('Oops', 'Wrong date')).json<{ id: number }>();
    await t.app.chatPostSender.drain();
    expect(await outbox()).toHaveLength(1);
    expect(
      (await call(t, 'DELETE', `/api/messaging/announcements/${created.id}`, cast.coach.token)).statusCode,
    ).toBe(200);
    expect(await outbox()).toHaveLength(0);
    await listen();
    await retryNow();
    expect(received).toEqual([]);
  });

  it('an edit replaces the unsent post of the same announcement instead of adding a second', async () => {
    await stopServer();
    const created = (await post('Kick-off', '10:00')).json<{ id: number }>();
    await t.app.chatPostSender.drain();
    const edited = await call(t, 'PUT', `/api/messaging/announcements/${created.id}`, cast.coach.token, {
      title: 'Kick-off',
      content: '10:30',
      post_to_groupme: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.chatPostSender.drain();
    expect(await outbox()).toHaveLength(1);
    await listen();
    await retryNow();
    expect(received.map((r) => r.body.text)).toEqual(['Kick-off\n\n10:30']);
  });

  it('cuts a post longer than 1,000 characters to 1,000 ending with an ellipsis', async () => {
    await post('Long', 'x'.repeat(1500));
    await t.app.chatPostSender.drain();
    const text = received[0]?.body.text ?? '';
    expect(text).toHaveLength(1000);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('Long\n\nxxx')).toBe(true);
    expect((await outbox())[0]?.sent_at).not.toBeNull();
  });

  it.each([408, 429])('retries a %i answer without giving up', async (status) => {
    answer = status;
    await post('Busy', 'Later');
    await t.app.chatPostSender.drain();
    for (let i = 0; i < 6; i += 1) await retryNow();
    const [row] = await outbox();
    expect(row?.attempts).toBe(7);
    expect(row?.gave_up_at).toBeNull();
    expect(row?.last_error).toBe(`Group chat answered ${status}`);
    answer = 202;
    await retryNow();
    expect((await outbox())[0]?.sent_at).not.toBeNull();
  });

  it('a post sent after its claim ran out is not marked by the stale claim', async () => {
    await stopServer();
    await post('Claim', 'Test');
    const { claimDueChatPosts, markChatPostFailed, markChatPostSent } =
      await import('../../src/server/features/announcements/chat-outbox.ts');
    await t.app.chatPostSender.drain();
    await t.db.execute(sql`update chat_post_outbox set next_attempt_at = now()`);
    const [first] = await claimDueChatPosts(t.db, 1);
    expect(first).toBeDefined();
    // The claim ran out; another sender claims it again.
    await t.db.execute(sql`update chat_post_outbox set locked_until = now() - interval '1 second'`);
    const [second] = await claimDueChatPosts(t.db, 1);
    expect(second?.id).toBe(first?.id);
    await markChatPostSent(t.db, first!);
    expect((await outbox())[0]?.sent_at).toBeNull();
    const before = (await outbox())[0]?.last_error;
    await markChatPostFailed(t.db, first!, 'A stale failure', true, () => 3600);
    expect((await outbox())[0]).toMatchObject({ last_error: before, sent_at: null, gave_up_at: null });
    await markChatPostSent(t.db, second!);
    expect((await outbox())[0]?.sent_at).not.toBeNull();
    await listen();
  });
});
