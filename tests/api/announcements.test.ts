import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '../../src/shared/announcements.ts';
import { games, practices, tournaments } from '../../src/server/db/schema.ts';
import { BACKENDS, queryRows, startTestApp, type TestApp } from '../support/test-app.ts';
import {
  call,
  type Cast,
  castOfTeam,
  expectAccess,
  MEMBERS_READ,
  setModeratorFlags,
} from '../support/teams.ts';

// Announcements (docs/product/announcements.md 'Fields and defaults', 'Cross-posts to the group chat';
// docs/decisions/018).

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(BACKENDS)('announcements API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    // Cross-posts queued here go nowhere (port 9 refuses at once): chat-posts.test.ts delivers them.
    t = await startTestApp(backend, { GROUPME_API_URL: 'http://127.0.0.1:9' });
    cast = await castOfTeam(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setModeratorFlags(t, cast, ['can_view_finances']);
    await t.db.execute(sql`delete from announcements`);
    await t.db.execute(sql`delete from chat_post_outbox`);
    await t.db.execute(sql`update teams set groupme_bot_id = null`);
  });

  const create = (token: string | undefined, body: Record<string, unknown>, teamId = cast.team.id) =>
    call(t, 'POST', `/api/messaging/announcements?team_id=${teamId}`, token, {
      title: 'Picture day',
      content: 'Wear the home kit.',
      ...body,
    });
  const list = (token: string | undefined, teamId = cast.team.id) =>
    call(t, 'GET', `/api/messaging/announcements/${teamId}`, token);

  it('creates with the defaults and lists it, newest first, to every member', async () => {
    const first = await create(cast.coach.token, {});
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      team_id: cast.team.id,
      title: 'Picture day',
      content: 'Wear the home kit.',
      priority: 'normal',
      author_id: cast.coach.id,
      author: { name: cast.coach.name, email: cast.coach.email },
      created_at: expect.stringMatching(/^\d{4}-/),
      updated_at: expect.stringMatching(/^\d{4}-/),
      expires_at: null,
      is_archived: false,
      allow_comments: true,
      comments: [],
      event_info: null,
      related_event_type: null,
      related_event_id: null,
      post_to_groupme: false,
    });
    const second = (await create(cast.coach.token, { title: 'Second', priority: 'high' })).json();
    await expectAccess(cast, (token) => list(token), MEMBERS_READ);
    const seen = (await list(cast.parent.token)).json();
    expect(seen.map((a: { id: number }) => a.id)).toEqual([second.id, first.json().id]);
  });

  it('shows authors emails to coaches, admins and the author only (018)', async () => {
    await create(cast.coach.token, {});
    const asParent = (await list(cast.parent.token)).json()[0];
    expect(asParent.author).toEqual({ name: cast.coach.name, email: null });
    expect((await list(cast.admin.token)).json()[0].author.email).toBe(cast.coach.email);
    await setModeratorFlags(t, cast, ['can_make_announcements']);
    await create(cast.moderator.token, { title: 'By mod' });
    const own = (await list(cast.moderator.token)).json()[0];
    expect(own.author).toEqual({ name: cast.moderator.name, email: cast.moderator.email });
    expect((await list(cast.player.token)).json()[0].author.email).toBeNull();
  });

  it('lets only make_announcements holders create; coaches and admins always', async () => {
    await expectAccess(cast, (token) => create(token, {}), {
      coach: 201,
      admin: 201,
      parent: 403,
      player: 403,
      moderator: 403,
      otherCoach: 404,
      stranger: 404,
      anonymous: 401,
    });
    await setModeratorFlags(t, cast, ['can_make_announcements']);
    expect((await create(cast.moderator.token, {})).statusCode).toBe(201);
    expect((await create(cast.coach.token, {}, 2147483000)).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/messaging/announcements', cast.coach.token, {})).statusCode).toBe(
      400,
    );
  });

  it('refuses hostile or incomplete input with a detail, and stores markup verbatim as text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, ANNOUNCEMENT_MESSAGES.fillTitleAndContent],
      [{ content: '   ' }, ANNOUNCEMENT_MESSAGES.fillTitleAndContent],
      [{ title: null }, ANNOUNCEMENT_MESSAGES.fillTitleAndContent],
      [{ title: 5 }, 'Title must be text'],
      [{ title: 'x'.repeat(201) }, 'Title must be no more than 200 characters'],
      [{ priority: 'urgent' }, 'Priority must be one of: low, normal, high'],
      [{ expires_at: 'tomorrow' }, 'Expiry must be a date and time (ISO 8601)'],
      [{ expires_at: inDays(-1) }, ANNOUNCEMENT_MESSAGES.expiryInPast],
      [
        { related_event_type: 'party', related_event_id: 1 },
        'Related event type must be one of: tournament, game, practice',
      ],
      [{ related_event_type: 'game' }, 'Related event needs both a type and an id'],
      [{ related_event_type: 'game', related_event_id: 99999999999 }, 'Related event id is out of range'],
      [{ allow_comments: 'yes' }, 'Allow comments must be true or false'],
    ];
    for (const [body, detail] of cases) {
      const response = await create(cast.coach.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    for (const payload of [[], 'text', { title: 'x', content: 'c'.repeat(5001) }]) {
      const response = await call(
        t,
        'POST',
        `/api/messaging/announcements?team_id=${cast.team.id}`,
        cast.coach.token,
        payload,
      );
      expect([400, 415], JSON.stringify(payload).slice(0, 40)).toContain(response.statusCode);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
    for (const teamId of ['0', 'abc', '-4', "1' or 1=1"]) {
      const response = await call(
        t,
        'POST',
        `/api/messaging/announcements?team_id=${encodeURIComponent(teamId)}`,
        cast.coach.token,
        {
          title: 'x',
          content: 'y',
        },
      );
      expect(response.statusCode, teamId).toBe(400);
    }
    expect((await call(t, 'GET', '/api/messaging/announcements/0', cast.coach.token)).statusCode).toBe(400);
    const markup = '<script>alert(1)</script> <b>bold</b> & "quotes"';
    const made = await create(cast.coach.token, { title: '<img src=x onerror=alert(1)>', content: markup });
    expect(made.json()).toMatchObject({ title: '<img src=x onerror=alert(1)>', content: markup });
    expect((await list(cast.parent.token)).json()[0].content).toBe(markup);
  });

  it('joins the related event within the team and refuses another team event', async () => {
    const [practice] = await t.db
      .insert(practices)
      .values({
        teamId: cast.team.id,
        title: 'Shooting drills',
        date: '2026-12-01',
        time: '17:00',
        location: 'Field 2',
      })
      .returning();
    const [game] = await t.db
      .insert(games)
      .values({
        teamId: cast.team.id,
        opponent: 'Tigers',
        date: '2026-12-05',
        time: '10:00',
        location: 'Park',
      })
      .returning();
    const [otherTournament] = await t.db
      .insert(tournaments)
      .values({
        teamId: cast.otherTeam.id,
        name: 'Falcons Cup',
        startDate: '2026-12-10',
        endDate: '2026-12-11',
        location: 'X',
      })
      .returning();
    const a = await create(cast.coach.token, {
      related_event_type: 'practice',
      related_event_id: practice?.id,
    });
    expect(a.json()).toMatchObject({
      related_event_type: 'practice',
      related_event_id: practice?.id,
      event_info: { title: 'Shooting drills', date: '2026-12-01' },
    });
    const b = await create(cast.coach.token, { related_event_type: 'game', related_event_id: game?.id });
    expect(b.json().event_info).toEqual({ title: 'vs Tigers', date: '2026-12-05' });
    const refused = await create(cast.coach.token, {
      related_event_type: 'tournament',
      related_event_id: otherTournament?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: ANNOUNCEMENT_MESSAGES.relatedEventNotFound });
    // A game id that is a practice's id on this team is still a game that does not exist.
    expect(
      (await create(cast.coach.token, { related_event_type: 'game', related_event_id: practice?.id }))
        .statusCode,
    ).toBe(practice?.id === game?.id ? 201 : 400);
  });

  it('answers is_archived once expires_at has passed; the list keeps it', async () => {
    const soon = (await create(cast.coach.token, { expires_at: inDays(7) })).json();
    expect(soon.is_archived).toBe(false);
    expect(Date.parse(soon.expires_at)).toBeGreaterThan(Date.now());
    await t.db.execute(
      sql`update announcements set expires_at = now() - interval '1 hour' where id = ${soon.id}`,
    );
    const listed = (await list(cast.parent.token)).json();
    expect(listed[0]).toMatchObject({ id: soon.id, is_archived: true });
  });

  it('edits and deletes for the author only; another team id is not found', async () => {
    await setModeratorFlags(t, cast, ['can_make_announcements']);
    const mine = (await create(cast.moderator.token, {})).json();
    const other = (await create(cast.otherCoach.token, {}, cast.otherTeam.id)).json();
    const put = (token: string | undefined, id: number, body: Record<string, unknown> = {}) =>
      call(t, 'PUT', `/api/messaging/announcements/${id}`, token, {
        title: 'Edited',
        content: 'New text',
        ...body,
      });
    await expectAccess(cast, (token) => put(token, mine.id), {
      coach: 403,
      admin: 403,
      parent: 403,
      player: 403,
      moderator: 200,
      otherCoach: 404,
      stranger: 404,
      anonymous: 401,
    });
    expect((await put(cast.coach.token, mine.id)).json()).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.authorOnly,
    });
    const edited = (
      await put(cast.moderator.token, mine.id, { priority: 'high', allow_comments: false })
    ).json();
    expect(edited).toMatchObject({
      id: mine.id,
      title: 'Edited',
      content: 'New text',
      priority: 'high',
      allow_comments: false,
    });
    const cross = await put(cast.coach.token, other.id);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ detail: ANNOUNCEMENT_MESSAGES.notFound });
    expect(
      (await call(t, 'DELETE', `/api/messaging/announcements/${other.id}`, cast.coach.token)).json(),
    ).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.notFound,
    });
    expect((await put(cast.moderator.token, mine.id, { title: ' ' })).statusCode).toBe(400);
    expect((await call(t, 'PUT', '/api/messaging/announcements/abc', cast.coach.token, {})).statusCode).toBe(
      400,
    );
    // Losing the flag takes editing (and re-broadcasting) away; deleting one's own stays.
    await setModeratorFlags(t, cast, ['can_view_finances']);
    const demoted = await put(cast.moderator.token, mine.id);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toEqual({
      detail: 'You do not have permission to make announcements for this team',
    });
    for (const actor of ['parent', 'player'] as const) {
      expect(
        (await call(t, 'DELETE', `/api/messaging/announcements/${mine.id}`, cast[actor].token)).json(),
      ).toEqual({ detail: ANNOUNCEMENT_MESSAGES.authorOrCoachOnly });
    }
    const deleted = await call(t, 'DELETE', `/api/messaging/announcements/${mine.id}`, cast.moderator.token);
    expect(deleted.json()).toEqual({ message: ANNOUNCEMENT_MESSAGES.deleted });
    expect(
      (await call(t, 'DELETE', `/api/messaging/announcements/${mine.id}`, cast.moderator.token)).statusCode,
    ).toBe(404);
  });

  it('lets a coach or admin of the team delete any announcement (moderation, 018)', async () => {
    await setModeratorFlags(t, cast, ['can_make_announcements']);
    const first = (await create(cast.moderator.token, {})).json();
    const second = (await create(cast.moderator.token, {})).json();
    const remove = (token: string | undefined, id: number) =>
      call(t, 'DELETE', `/api/messaging/announcements/${id}`, token);
    for (const actor of ['parent', 'player'] as const) {
      expect((await remove(cast[actor].token, first.id)).statusCode).toBe(403);
    }
    expect((await remove(cast.otherCoach.token, first.id)).statusCode).toBe(404);
    expect((await remove(cast.coach.token, first.id)).json()).toEqual({
      message: ANNOUNCEMENT_MESSAGES.deleted,
    });
    expect((await remove(cast.admin.token, second.id)).statusCode).toBe(200);
    expect(await list(cast.coach.token).then((r) => r.json())).toEqual([]);
  });

  it('lets the author turn comments off on an expired announcement (the stored expiry sent back)', async () => {
    const made = (await create(cast.coach.token, { expires_at: inDays(7) })).json();
    await t.db.execute(
      sql`update announcements set expires_at = now() - interval '1 hour' where id = ${made.id}`,
    );
    const stored = (await list(cast.coach.token)).json()[0].expires_at as string;
    const put = (expiresAt: string) =>
      call(t, 'PUT', `/api/messaging/announcements/${made.id}`, cast.coach.token, {
        title: made.title,
        content: made.content,
        allow_comments: false,
        expires_at: expiresAt,
      });
    const edited = await put(stored);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ allow_comments: false, is_archived: true });
    expect(Date.parse(edited.json().expires_at)).toBe(Date.parse(stored));
    // Another past expiry is still refused.
    const moved = await put(new Date(Date.parse(stored) - 60_000).toISOString());
    expect(moved.json()).toEqual({ detail: ANNOUNCEMENT_MESSAGES.expiryInPast });
  });

  it('deletes a comment for its author or a coach/admin of the team; 404 across teams', async () => {
    const made = (await create(cast.coach.token, {})).json();
    const other = (await create(cast.otherCoach.token, {}, cast.otherTeam.id)).json();
    const comment = async (token: string | undefined, id: number, content: string) =>
      (await call(t, 'POST', `/api/messaging/announcements/${id}/comments`, token, { content }))
        .json()
        .comments.at(-1).id as number;
    const byParent = await comment(cast.parent.token, made.id, 'From the parent');
    const byPlayer = await comment(cast.player.token, made.id, 'From the player');
    const byModerator = await comment(cast.moderator.token, made.id, 'From the moderator');
    const elsewhere = await comment(cast.otherCoach.token, other.id, 'Other team');
    const remove = (token: string | undefined, id: number, commentId: number) =>
      call(t, 'DELETE', `/api/messaging/announcements/${id}/comments/${commentId}`, token);
    expect((await remove(cast.player.token, made.id, byParent)).json()).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.commentAuthorOrCoachOnly,
    });
    expect((await remove(cast.moderator.token, made.id, byParent)).statusCode).toBe(403);
    expect((await remove(cast.otherCoach.token, made.id, byParent)).statusCode).toBe(404);
    expect((await remove(cast.stranger.token, made.id, byParent)).statusCode).toBe(404);
    expect((await remove(undefined, made.id, byParent)).statusCode).toBe(401);
    // A comment of another announcement (another team) under this one is not found.
    expect((await remove(cast.coach.token, made.id, elsewhere)).json()).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.commentNotFound,
    });
    const own = await remove(cast.parent.token, made.id, byParent);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().comments.map((c: { id: number }) => c.id)).toEqual([byPlayer, byModerator]);
    expect((await remove(cast.coach.token, made.id, byPlayer)).statusCode).toBe(200);
    expect((await remove(cast.admin.token, made.id, byModerator)).json().comments).toEqual([]);
    expect((await remove(cast.parent.token, made.id, byParent)).statusCode).toBe(404);
    const listedOther = (await list(cast.otherCoach.token, cast.otherTeam.id)).json();
    expect(listedOther[0].comments).toHaveLength(1);
  });

  it('takes comments from members while allowed; blank and closed are refused', async () => {
    const open = (await create(cast.coach.token, {})).json();
    const closed = (await create(cast.coach.token, { allow_comments: false })).json();
    const other = (await create(cast.otherCoach.token, {}, cast.otherTeam.id)).json();
    const comment = (token: string | undefined, id: number, content: unknown) =>
      call(t, 'POST', `/api/messaging/announcements/${id}/comments`, token, { content, announcement_id: id });
    await expectAccess(cast, (token) => comment(token, open.id, 'See you there'), {
      coach: 201,
      admin: 201,
      parent: 201,
      player: 201,
      moderator: 201,
      otherCoach: 404,
      stranger: 404,
      anonymous: 401,
    });
    const after = (await comment(cast.parent.token, open.id, '  <i>Thanks</i>  ')).json();
    expect(after.comments).toHaveLength(6);
    expect(after.comments.at(-1)).toEqual({
      id: expect.any(Number),
      author_id: cast.parent.id,
      author: { name: cast.parent.name, email: cast.parent.email },
      content: '<i>Thanks</i>',
      created_at: expect.any(String),
    });
    // The parent sees the coach's comment without the coach's email.
    expect(after.comments[0].author).toEqual({ name: cast.coach.name, email: null });
    expect((await comment(cast.parent.token, open.id, '   ')).json()).toEqual({
      detail: 'Comment is required',
    });
    expect((await comment(cast.parent.token, closed.id, 'Hi')).json()).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.commentsClosed,
    });
    expect((await comment(cast.parent.token, other.id, 'Hi')).json()).toEqual({
      detail: ANNOUNCEMENT_MESSAGES.notFound,
    });
    const listed = (await list(cast.coach.token)).json();
    expect(listed.find((a: { id: number }) => a.id === open.id).comments).toHaveLength(6);
  });

  it('queues a cross-post with the announcement only when asked and the team has a bot', async () => {
    await create(cast.coach.token, { post_to_groupme: true });
    await t.db.execute(sql`update teams set groupme_bot_id = 'bot-123' where id = ${cast.team.id}`);
    await create(cast.coach.token, { post_to_groupme: false });
    const posted = (
      await create(cast.coach.token, { title: 'Rain', content: 'Practice is off', post_to_groupme: true })
    ).json();
    expect(posted.post_to_groupme).toBe(true);
    const rows = await queryRows<{ team_id: number; bot_id: string; text: string }>(
      t.db,
      sql`select team_id, bot_id, text from chat_post_outbox`,
    );
    expect(rows).toEqual([{ team_id: cast.team.id, bot_id: 'bot-123', text: 'Rain\n\nPractice is off' }]);
    const lastError = call(t, 'GET', `/api/messaging/chat-posts/last-error?team_id=${cast.team.id}`, '');
    expect((await lastError).statusCode).toBe(401);
    await expectAccess(
      cast,
      (token) => call(t, 'GET', `/api/messaging/chat-posts/last-error?team_id=${cast.team.id}`, token),
      { coach: 200, admin: 200, parent: 403, player: 403, moderator: 403, otherCoach: 404, stranger: 404 },
    );
  });

  it('answers the list with an ETag and 304 while nothing changed', async () => {
    await create(cast.coach.token, {});
    const first = await list(cast.parent.token);
    const etag = first.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/messaging/announcements/${cast.team.id}`,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const made = (await create(cast.coach.token, { title: 'New' })).json();
    await call(t, 'POST', `/api/messaging/announcements/${made.id}/comments`, cast.player.token, {
      content: 'ok',
    });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/messaging/announcements/${cast.team.id}`,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].comments).toHaveLength(1);
  });
});
