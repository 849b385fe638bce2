import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHubOf } from '../../src/server/features/live/routes.ts';
import { MAX_STREAMS_PER_USER } from '../../src/server/features/live/hub.ts';
import {
  insertConversation,
  insertMessage,
  isChange,
  openStream,
  type OpenStream,
} from '../support/live-stream.ts';
import { type Cast, call, startWithCast } from '../support/teams.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';

// GET /api/messaging/stream (docs/decisions/021): each member's page hears of the changes that concern
// them on their team, within a second, from the database's NOTIFY at commit; nobody else's.

const announcement = {
  title: 'Field change',
  content: 'Saturday is at the north field',
  priority: 'normal',
  allow_comments: true,
  post_to_groupme: false,
};

describe.each(BACKENDS)('live updates ($name)', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close: () => Promise<void>;
  let base: string;
  const open: OpenStream[] = [];

  const stream = async (teamId: number, token?: string) => {
    const opened = await openStream(base, teamId, token);
    open.push(opened);
    return opened;
  };
  const ready = async (teamId: number, token: string) => {
    const opened = await stream(teamId, token);
    expect(opened.status).toBe(200);
    await opened.next((event) => event.event === 'ready');
    return opened;
  };

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await close();
  });

  it('refuses a caller without a token (401) and a team that is not theirs (404)', async () => {
    expect((await stream(cast.team.id)).status).toBe(401);
    const notTheirs = await stream(cast.otherTeam.id, cast.parent.token);
    expect(notTheirs.status).toBe(404);
    expect((await stream(cast.team.id, cast.stranger.token)).status).toBe(404);
    // A bad team id is a 400; a HEAD is not a stream.
    const bad = await call(t, 'GET', '/api/messaging/stream?team_id=abc', cast.parent.token);
    expect(bad.statusCode).toBe(400);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/messaging/stream?team_id=${cast.team.id}`,
      headers: { authorization: `Bearer ${cast.parent.token}` },
    });
    expect(head.statusCode).toBe(404);
    expect(liveHubOf(t.app.database)?.size).toBe(0);
  });

  it('answers text/event-stream, starting with ready', async () => {
    const s = await ready(cast.team.id, cast.parent.token);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toContain('no-cache');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(JSON.parse(s.events[0]?.data ?? '')).toEqual({ team_id: cast.team.id });
    s.close();
  });

  it("tells a conversation's participants of a new message within a second, and nobody else", async () => {
    const conversation = await insertConversation(t, cast.team.id, [cast.coach.id, cast.parent.id]);
    const participant = await ready(cast.team.id, cast.parent.token);
    const outsider = await ready(cast.team.id, cast.player.token);
    const started = Date.now();
    await insertMessage(t, cast.team.id, conversation, cast.coach.id);
    const event = await participant.next(isChange({ topic: 'messages' }), 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(event.data)).toEqual({
      team_id: cast.team.id,
      topic: 'messages',
      conversation_id: conversation,
    });
    // Written in the same turn as the participant's: a quarter second more is plenty to be sure.
    await expect(outsider.next(isChange({}), 250)).rejects.toThrow('no matching event');
    participant.close();
    outsider.close();
  });

  it('tells every member of the team of a new announcement, and no other team', async () => {
    const members = await Promise.all(
      [cast.coach, cast.parent, cast.player, cast.moderator].map((m) => ready(cast.team.id, m.token)),
    );
    const otherTeam = await ready(cast.otherTeam.id, cast.otherCoach.token);
    const created = await call(
      t,
      'POST',
      `/api/messaging/announcements?team_id=${cast.team.id}`,
      cast.coach.token,
      announcement,
    );
    expect(created.statusCode, created.body).toBe(201);
    for (const member of members) {
      const event = await member.next(isChange({ topic: 'announcements' }), 1_000);
      expect(JSON.parse(event.data)).toEqual({ team_id: cast.team.id, topic: 'announcements' });
    }
    await expect(otherTeam.next(isChange({}), 250)).rejects.toThrow('no matching event');

    // And the other team's own change reaches its stream only.
    const theirs = await call(
      t,
      'POST',
      `/api/messaging/announcements?team_id=${cast.otherTeam.id}`,
      cast.otherCoach.token,
      announcement,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    await otherTeam.next(isChange({ team_id: cast.otherTeam.id, topic: 'announcements' }), 1_000);
    // (The members' bells were told of the first announcement: nothing of the other team's.)
    for (const member of members) {
      await expect(member.next(isChange({ team_id: cast.otherTeam.id }), 100)).rejects.toThrow(
        'no matching event',
      );
      member.close();
    }
    otherTeam.close();
  });

  it('tells each person told of a change that their bell has news, and nobody else', async () => {
    const parent = await ready(cast.team.id, cast.parent.token);
    const author = await ready(cast.team.id, cast.coach.token);
    const outsider = await ready(cast.otherTeam.id, cast.otherCoach.token);
    const created = await call(t, 'POST', '/api/practices', cast.coach.token, {
      team_id: cast.team.id,
      title: 'Shooting',
      date: '2099-05-04',
      time: '17:30',
      location: 'Training ground',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = await parent.next(isChange({ topic: 'notifications' }), 1_000);
    expect(JSON.parse(event.data)).toEqual({ team_id: cast.team.id, topic: 'notifications' });
    await expect(author.next(isChange({ topic: 'notifications' }), 250)).rejects.toThrow('no matching event');
    await expect(outsider.next(isChange({}), 100)).rejects.toThrow('no matching event');
    for (const s of [parent, author, outsider]) s.close();
  });

  it('closes the oldest stream of an account past the limit, and forgets closed ones', async () => {
    const hub = liveHubOf(t.app.database);
    const streams: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 1; i += 1)
      streams.push(await ready(cast.team.id, cast.coach.token));
    await streams[0]?.ended;
    expect(streams[0]?.events.map((e) => e.event)).toEqual(['ready']);
    await expect(streams[1]?.next(isChange({}), 50)).rejects.toThrow('no matching event');
    streams.forEach((s) => s.close());
    await expect.poll(() => hub?.size, { timeout: 2_000 }).toBe(0);
  });

  it('ends every stream when listening is lost, so pages poll and reconnect', async () => {
    const s = await ready(cast.team.id, cast.parent.token);
    if (backend.name === 'postgres') {
      // The real thing: the database drops the process's listening connection.
      const ended = await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN "club_live"%'`,
      );
      expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } else {
      // PGlite lives in the process and never loses notifications: what the hub does with the signal.
      liveHubOf(t.app.database)?.setLive(false);
    }
    await s.ended;
    if (backend.name === 'postgres') {
      // Not listening: a new stream is refused (the page keeps polling) until listening is back.
      const refused = await stream(cast.team.id, cast.parent.token);
      expect(refused.status).toBe(503);
    } else {
      liveHubOf(t.app.database)?.setLive(true);
    }
    await expect
      .poll(async () => (await stream(cast.team.id, cast.parent.token)).status, {
        timeout: 5_000,
        interval: 250,
      })
      .toBe(200);
    // And notifications flow again after the reconnect.
    const again = await ready(cast.team.id, cast.parent.token);
    const created = await call(
      t,
      'POST',
      `/api/messaging/announcements?team_id=${cast.team.id}`,
      cast.coach.token,
      announcement,
    );
    expect(created.statusCode).toBe(201);
    await again.next(isChange({ topic: 'announcements' }), 1_000);
    again.close();
  });
});
