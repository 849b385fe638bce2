import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Game, Practice } from '../../src/shared/api/events.ts';
import type { NotificationList } from '../../src/shared/api/notifications.ts';
import { formatDate } from '../../src/shared/events.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import { type Account, call, type Cast, startWithCast } from '../support/teams.ts';

// The bell (docs/product/notifications.md): a new, moved, re-timed or cancelled game or practice tells
// every member of its team but the one who made the change, nobody outside the team, and each person
// reads and marks only their own.

describe.each(BACKENDS)('notifications on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from notifications`);
  });

  const bell = async (account: Account, query = '') =>
    okJson<NotificationList>(await call(t, 'GET', `/api/notifications${query}`, account.token));
  const titles = async (account: Account) => (await bell(account)).items.map((n) => n.title);
  const newPractice = async (overrides: Record<string, unknown> = {}) =>
    okJson<{ practices: Practice[] }>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title: 'Passing drills',
        date: fromToday(3),
        time: '17:30',
        location: 'Training ground',
        ...overrides,
      }),
      201,
    ).practices;
  const day = (offset: number) => formatDate(fromToday(offset));

  it("tells the team's members of a new practice, not its author and nobody outside the team", async () => {
    const [practice] = await newPractice();
    const title = `U10 Hawks: New practice "Passing drills" on ${day(3)} at 5:30 PM`;
    for (const member of [cast.parent, cast.player, cast.moderator]) {
      const list = await bell(member);
      expect(list).toEqual({
        items: [
          {
            id: expect.any(Number),
            kind: 'event_new',
            title,
            body: `${day(3)} at 5:30 PM, Training ground`,
            link: `/#tournaments?section=practices&practiceId=${practice?.id}`,
            team_id: cast.team.id,
            created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            read_at: null,
          },
        ],
        unread_count: 1,
      });
    }
    for (const outsider of [cast.coach, cast.otherCoach, cast.stranger, cast.admin]) {
      expect(await bell(outsider)).toEqual({ items: [], unread_count: 0 });
    }
  });

  it('tells of a weekly series once, and of nothing entered after the fact', async () => {
    await newPractice({ repeat_weeks: 4 });
    await newPractice({ title: 'Last week', date: fromToday(-7) });
    expect(await titles(cast.parent)).toEqual([
      `U10 Hawks: 4 new practices "Passing drills", weekly from ${day(3)} at 5:30 PM`,
    ]);
  });

  it('tells of a practice moved, re-placed, cancelled and back on; not of other edits', async () => {
    const [practice] = await newPractice();
    const url = `/api/practices/${practice?.id}`;
    const edit = async (body: Record<string, unknown>) =>
      expect((await call(t, 'PUT', url, cast.coach.token, body)).statusCode).toBe(200);
    await edit({ notes: 'Bring a ball', focus: 'Passing' });
    await edit({ time: '18:00' });
    await edit({ location: 'Back field' });
    await edit({ date: fromToday(4), location: 'Main pitch' });
    await edit({ status: 'cancelled' });
    await edit({ time: '19:00' }); // moving a cancelled practice tells nobody
    await edit({ status: 'scheduled' });
    const subject = `U10 Hawks: Practice "Passing drills"`;
    const list = await bell(cast.parent);
    expect(list.items.map((n) => [n.kind, n.title])).toEqual([
      ['event_changed', `${subject} on ${day(4)} is back on`],
      ['event_cancelled', `${subject} on ${day(4)} is cancelled`],
      ['event_changed', `${subject} on ${day(3)} moved to ${day(4)} at 6:00 PM at Main pitch`],
      ['event_changed', `${subject} on ${day(3)} now at Back field`],
      ['event_changed', `${subject} on ${day(3)} moved to ${day(3)} at 6:00 PM`],
      ['event_new', `U10 Hawks: New practice "Passing drills" on ${day(3)} at 5:30 PM`],
    ]);
    expect(list.items[0]?.body).toBe(`${day(4)} at 7:00 PM, Main pitch`);
    expect(await titles(cast.coach)).toEqual([]);
  });

  it("tells of a game's new time and cancellation, not of its score", async () => {
    const game = okJson<Game>(
      await call(t, 'POST', `/api/games/${cast.team.id}`, cast.coach.token, {
        opponent: 'Eagles',
        date: fromToday(2),
        time: '10:00',
        location: 'North Field',
      }),
      201,
    );
    const url = `/api/games/${cast.team.id}/${game.id}`;
    expect((await call(t, 'PUT', url, cast.coach.token, { time: '11:30' })).statusCode).toBe(200);
    expect(
      (await call(t, 'PUT', url, cast.coach.token, { our_score: 2, opponent_score: 1 })).statusCode,
    ).toBe(200);
    expect((await call(t, 'PUT', url, cast.coach.token, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await titles(cast.player)).toEqual([
      `U10 Hawks: Game vs Eagles on ${day(2)} is cancelled`,
      `U10 Hawks: Game vs Eagles on ${day(2)} moved to ${day(2)} at 11:30 AM`,
      `U10 Hawks: New game vs Eagles on ${day(2)} at 10:00 AM`,
    ]);
    expect((await bell(cast.player)).items[0]?.link).toBe(`/#tournaments?section=games&gameId=${game.id}`);
    expect(await titles(cast.otherCoach)).toEqual([]);
  });

  it('lists newest first up to ?limit=, and marks read only the reader’s own', async () => {
    await newPractice({ title: 'One' });
    await newPractice({ title: 'Two' });
    await newPractice({ title: 'Three' });
    const limited = await bell(cast.parent, '?limit=2');
    expect(limited.items.map((n) => n.title.split('"')[1])).toEqual(['Three', 'Two']);
    expect(limited.unread_count).toBe(3);
    expectDetail(
      await call(t, 'GET', '/api/notifications?limit=0', cast.parent.token),
      400,
      'limit must be between 1 and 100',
    );
    expectDetail(await call(t, 'GET', '/api/notifications', undefined), 401, expect.any(String));

    const [three] = limited.items;
    const theirs = (await bell(cast.player)).items[0];
    // The parent names their own and the player's: only their own is marked.
    expect(
      okJson(
        await call(t, 'POST', '/api/notifications/read', cast.parent.token, { ids: [three?.id, theirs?.id] }),
      ),
    ).toEqual({ unread_count: 2 });
    expect((await bell(cast.parent)).items[0]?.read_at).toEqual(expect.any(String));
    expect((await bell(cast.player)).unread_count).toBe(3);
    expectDetail(
      await call(t, 'POST', '/api/notifications/read', cast.parent.token, { ids: [] }),
      400,
      'ids must name at least one notification',
    );
    expect(okJson(await call(t, 'POST', '/api/notifications/read-all', cast.parent.token))).toEqual({
      unread_count: 0,
    });
    expect((await bell(cast.parent)).items.every((n) => n.read_at !== null)).toBe(true);
    expect((await bell(cast.player)).unread_count).toBe(3);
  });

  it('hides what happened on a team once the reader is no longer in it', async () => {
    await newPractice();
    expect((await bell(cast.moderator)).unread_count).toBe(1);
    const [membership] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from team_members where team_id = ${cast.team.id} and user_id = ${cast.moderator.id}`,
    );
    await t.db.execute(sql`delete from team_members where id = ${membership?.id}`);
    try {
      expect(await bell(cast.moderator)).toEqual({ items: [], unread_count: 0 });
    } finally {
      await t.db.execute(
        sql`insert into team_members (team_id, user_id, role, permissions) values (${cast.team.id}, ${cast.moderator.id}, 'parent', '{can_view_finances}')`,
      );
    }
  });

  it('answers an unchanged bell 304 and a changed one anew, telling every process whose bell changed', async () => {
    const get = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { authorization: `Bearer ${cast.parent.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await get();
    const etag = String(first.headers['etag']);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(etag)).statusCode).toBe(304);
    // Asked again without the tag (another tab): the same answer, kept with the tag.
    const again = await get();
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');

    // Other processes hear whose bells changed (LISTEN club_changes) and drop what they keep of them.
    const heard: string[] = [];
    const stop = await t.app.database.listen(
      'club_changes',
      (payload) => heard.push(payload),
      () => {},
    );
    try {
      await newPractice();
      const changed = await get(etag);
      expect(changed.statusCode).toBe(200);
      const next = String(changed.headers['etag']);
      expect(next).not.toBe(etag);
      expect((await get(next)).statusCode).toBe(304);
      const [item] = (changed.json() as NotificationList).items;
      okJson(await call(t, 'POST', '/api/notifications/read', cast.parent.token, { ids: [item!.id] }));
      const marked = await get(next);
      expect(marked.statusCode).toBe(200);
      // The list kept with the old tag went with it: the answer shows the mark.
      expect((marked.json() as NotificationList).unread_count).toBe(0);
      expect((marked.json() as NotificationList).items[0]?.read_at).not.toBeNull();
      for (let wait = 0; wait < 40 && heard.filter((p) => p.startsWith('b')).length < 2; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const bells = heard.filter((p) => p.startsWith('b'));
      // The new practice told everyone but its author; the mark told the parent's own bell only.
      expect(bells[0]?.slice(1).split(',').map(Number).sort()).toEqual(
        [cast.parent.id, cast.player.id, cast.moderator.id].sort(),
      );
      expect(bells[1]).toBe(`b${cast.parent.id}`);
    } finally {
      await stop();
    }
  });

  it('sends a bell of 1 KB or more gzipped to a client that takes it, read anew or kept', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: {
          authorization: `Bearer ${cast.parent.token}`,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    // Five practices: five notifications of about 300 bytes each.
    for (let i = 0; i < 5; i += 1) await newPractice({ title: `Drills ${i + 1}` });
    // Read anew, by a client that takes gzip; then kept, to one that does not and one that does.
    const fresh = await get('gzip, deflate, br');
    expect(fresh.headers['content-encoding']).toBe('gzip');
    expect(String(fresh.headers['vary'])).toMatch(/accept-encoding/i);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(gunzipSync(fresh.rawPayload).toString()).toBe(plain.body);
    const kept = await get('gzip');
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.headers['etag']).toBe(plain.headers['etag']);
    expect(gunzipSync(kept.rawPayload).toString()).toBe(plain.body);
  });
});
