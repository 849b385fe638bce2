import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, Message, Recipient } from '../../src/shared/api/conversations.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES, PARTICIPANT_GROUPS } from '../../src/shared/conversations.ts';
import { expectDetail, okJson, statementsDuring } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  expectAccess,
  joinApproved,
  MEMBERS_READ,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// Conversations and messages (docs/product/conversations.md 'Conversations and messages', 'Child-safe
// messaging', docs/decisions/013, docs/product/roster-and-parents.md 'Who sees what';
// docs/decisions/020).

describe.each(BACKENDS)('conversations API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  /** A player account linked to a roster player, and that player's parent account. */
  let kid: Account;
  let kidParent: Account;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = (
    account: Account | undefined,
    participantIds: number[],
    teamId = cast.team.id,
    extra: Record<string, unknown> = {},
  ) =>
    call(t, 'POST', `/api/messaging/conversations?team_id=${teamId}`, account?.token, {
      participant_ids: participantIds,
      ...extra,
    });
  const start = async (account: Account, others: Account[], teamId = cast.team.id) =>
    okJson<Conversation>(
      await create(
        account,
        others.map((o) => o.id),
        teamId,
      ),
      201,
    );
  const send = (account: Account | undefined, conversationId: number, content: string, key?: string) =>
    inject(
      'POST',
      '/api/messaging/messages',
      account?.token,
      { conversation_id: conversationId, content },
      key === undefined ? {} : { 'idempotency-key': key },
    );
  const say = async (account: Account, conversationId: number, content: string) =>
    okJson<Message>(await send(account, conversationId, content), 201);
  const list = async (account: Account, teamId = cast.team.id) =>
    okJson<Conversation[]>(await call(t, 'GET', `/api/messaging/conversations/${teamId}`, account.token));
  const thread = async (account: Account, conversationId: number) =>
    okJson<Message[]>(
      await call(t, 'GET', `/api/messaging/conversations/${conversationId}/messages`, account.token),
    );
  const unread = async (account: Account, teamId = cast.team.id) =>
    okJson<{ unread_count: number }>(
      await call(t, 'GET', `/api/messaging/unread-count/${teamId}`, account.token),
    ).unread_count;
  const markRead = async (account: Account, conversationId: number) =>
    okJson<{ unread_count: number }>(
      await call(t, 'POST', `/api/messaging/conversations/${conversationId}/mark-read`, account.token),
    ).unread_count;
  const recipients = async (account: Account) =>
    okJson<Recipient[]>(await call(t, 'GET', `/api/messaging/recipients/${cast.team.id}`, account.token));
  const participantIds = (c: Conversation) => c.participants.map((p) => p.user_id).sort((a, b) => a - b);
  const ids = (...accounts: Account[]) => accounts.map((a) => a.id).sort((a, b) => a - b);
  const safetyAdded = (c: Conversation) =>
    c.participants
      .filter((p) => p.added_for_safety)
      .map((p) => p.user_id)
      .sort((a, b) => a - b);
  const newMember = async (role: 'parent' | 'player', name: string, playerId?: number) => {
    const account = await signUp(t, role, name);
    await joinApproved(t, cast.coach, account, cast.team.invite_code ?? '', playerId);
    return account;
  };

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const kidRow = await addPlayer(t, cast.coach, cast.team.id, { name: 'Kit Kicker', jersey_number: 4 });
    kid = await newMember('player', 'Kit Kicker', kidRow.id);
    kidParent = await newMember('parent', 'Kim Kicker', kidRow.id);
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  describe('access', () => {
    it('lets members read the list, the recipients and the unread count; others 404, nobody 401', async () => {
      for (const path of ['conversations', 'recipients', 'unread-count']) {
        await expectAccess(
          cast,
          (token) => call(t, 'GET', `/api/messaging/${path}/${cast.team.id}`, token),
          MEMBERS_READ,
        );
      }
    });

    it('lets every member start a conversation with the coach and the admin', async () => {
      await expectAccess(
        cast,
        (token) =>
          call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, token, {
            participant_ids: [cast.coach.id, cast.admin.id],
          }),
        { ...MEMBERS_READ, coach: 201, admin: 201, parent: 201, player: 201, moderator: 201 },
      );
    });

    it('keeps a conversation to its participants: others get 404 whether it exists or not', async () => {
      const c = await start(cast.parent, [cast.moderator]);
      await say(cast.parent, c.id, 'Carpool on Saturday?');
      const missing = 2_000_000_000;
      for (const id of [c.id, missing]) {
        await expectAccess(
          cast,
          (token) => call(t, 'GET', `/api/messaging/conversations/${id}/messages`, token),
          id === missing
            ? { parent: 404, coach: 404, admin: 404, anonymous: 401 }
            : {
                parent: 200,
                moderator: 200,
                coach: 404,
                admin: 404,
                player: 404,
                otherCoach: 404,
                stranger: 404,
                anonymous: 401,
              },
        );
      }
      for (const outsider of [cast.coach, cast.player, cast.otherCoach, cast.stranger]) {
        expectDetail(await send(outsider, c.id, 'Let me in'), 404, MESSAGING_MESSAGES.conversationNotFound);
        expectDetail(
          await call(t, 'POST', `/api/messaging/conversations/${c.id}/mark-read`, outsider.token),
          404,
          MESSAGING_MESSAGES.conversationNotFound,
        );
        expectDetail(
          await call(t, 'GET', `/api/messaging/conversations/${c.id}/messages`, outsider.token),
          404,
          MESSAGING_MESSAGES.conversationNotFound,
        );
      }
      expect((await send(undefined, c.id, 'anon')).statusCode).toBe(401);
      // Nothing the outsiders sent was stored.
      expect((await thread(cast.parent, c.id)).map((m) => m.content)).toEqual(['Carpool on Saturday?']);
    });

    it("answers only the caller's own conversations, of that team only", async () => {
      const mine = await start(cast.parent, [cast.coach]);
      const notMine = await start(cast.coach, [cast.moderator]);
      const elsewhere = await start(cast.otherCoach, [cast.admin], cast.otherTeam.id);
      const seen = (await list(cast.parent)).map((c) => c.id);
      expect(seen).toContain(mine.id);
      expect(seen).not.toContain(notMine.id);
      expect(seen).not.toContain(elsewhere.id);
      const adminSees = (await list(cast.admin)).map((c) => c.id);
      expect(adminSees).not.toContain(elsewhere.id);
      expect((await list(cast.admin, cast.otherTeam.id)).map((c) => c.id)).toContain(elsewhere.id);
      // A team of someone else's: 404, and a conversation cannot be made there.
      expectDetail(await create(cast.parent, [cast.otherCoach.id], cast.otherTeam.id), 404, 'Team not found');
    });
  });

  describe('who may message whom', () => {
    it('lets a parent message parents, coaches and admins, never a player', async () => {
      const peers = await start(cast.parent, [cast.moderator]);
      expect(peers.conversation_type).toBe('peer_to_peer');
      expect(peers.is_group).toBe(false);
      expect(participantIds(peers)).toEqual(ids(cast.parent, cast.moderator));
      expect(safetyAdded(peers)).toEqual([]);
      expect(peers.no_parent_yet).toBe(false);
      expect(peers.title).toBe(cast.moderator.name);

      for (const player of [cast.player, kid]) {
        expectDetail(await create(cast.parent, [player.id]), 403, MESSAGING_MESSAGES.notMessageable);
      }
      // One forbidden person among allowed ones refuses the whole conversation.
      expectDetail(
        await create(cast.parent, [cast.coach.id, cast.player.id]),
        403,
        MESSAGING_MESSAGES.notMessageable,
      );
      // Someone not on the team (or no one at all) looks the same as someone not allowed.
      for (const outsider of [cast.stranger.id, cast.otherCoach.id, 2_000_000_000]) {
        expectDetail(await create(cast.parent, [outsider]), 403, MESSAGING_MESSAGES.notMessageable);
      }
    });

    it('refuses a conversation with nobody, or only the caller, in it', async () => {
      for (const chosen of [[], [cast.parent.id], [cast.parent.id, cast.parent.id]]) {
        expectDetail(await create(cast.parent, chosen), 400, MESSAGING_MESSAGES.selectParticipant);
      }
      expectDetail(
        await call(t, 'POST', `/api/messaging/conversations?team_id=${cast.team.id}`, cast.parent.token, {}),
        400,
        MESSAGING_MESSAGES.selectParticipant,
      );
    });

    it('lets players talk to each other as they are', async () => {
      const c = await start(kid, [cast.player]);
      expect(participantIds(c)).toEqual(ids(kid, cast.player));
      expect(safetyAdded(c)).toEqual([]);
      expect(c.no_parent_yet).toBe(false);
      expect(c.conversation_type).toBe('peer_to_peer');
    });

    it("adds a player's parents when the player messages a coach", async () => {
      const c = await start(kid, [cast.coach]);
      expect(participantIds(c)).toEqual(ids(kid, cast.coach, kidParent));
      expect(safetyAdded(c)).toEqual([kidParent.id]);
      expect(c.participants.find((p) => p.user_id === kidParent.id)?.role).toBe('parent');
      expect(c.no_parent_yet).toBe(false);
      expect(c.conversation_type).toBe('group');
      // The parent sees it and may read it.
      expect((await list(kidParent)).map((x) => x.id)).toContain(c.id);
      await say(kid, c.id, 'Coach, I will be late');
      expect((await thread(kidParent, c.id)).map((m) => m.content)).toEqual(['Coach, I will be late']);
    });

    it("adds a player's parents when a coach messages the player", async () => {
      const c = await start(cast.coach, [kid]);
      expect(participantIds(c)).toEqual(ids(kid, cast.coach, kidParent));
      expect(safetyAdded(c)).toEqual([kidParent.id]);
    });

    it('adds nobody when the parent is the only adult with their child', async () => {
      const c = await start(kidParent, [cast.coach]);
      expect(safetyAdded(c)).toEqual([]);
      // A parent may not start one with a player, even their own (docs/product/conversations.md 'Who may
      // message whom'), but the coach may.
      const family = await start(cast.coach, [kid, kidParent]);
      expect(safetyAdded(family)).toEqual([]);
      expect(participantIds(family)).toEqual(ids(kid, kidParent, cast.coach));
    });

    it("brings the team's coaches and says so when a player has no parent account", async () => {
      const c = await start(cast.player, [cast.admin]);
      expect(participantIds(c)).toEqual(ids(cast.player, cast.admin, cast.coach));
      expect(safetyAdded(c)).toEqual([cast.coach.id]);
      expect(c.participants.find((p) => p.user_id === cast.admin.id)?.role).toBe('admin');
      expect(c.participants.find((p) => p.user_id === cast.coach.id)?.role).toBe('coach');
      expect(c.no_parent_yet).toBe(true);
      // The coach is in it, and reads it.
      expect((await list(cast.coach)).find((x) => x.id === c.id)?.no_parent_yet).toBe(true);
    });

    it('lets a moderator with can_send_messages message anyone (the child-safe rule still applies)', async () => {
      expectDetail(await create(cast.moderator, [kid.id]), 403, MESSAGING_MESSAGES.notMessageable);
      expect((await recipients(cast.moderator)).map((r) => r.user_id)).not.toContain(kid.id);
      await setModeratorFlags(t, cast, ['can_send_messages']);
      const c = await start(cast.moderator, [kid]);
      expect(participantIds(c)).toEqual(ids(cast.moderator, kid, kidParent));
      expect(safetyAdded(c)).toEqual([kidParent.id]);
      expect((await recipients(cast.moderator)).map((r) => r.user_id)).toContain(kid.id);
    });

    it('checks the role rule on every message: a moderator whose can_send_messages was revoked can no longer write to a child', async () => {
      await setModeratorFlags(t, cast, ['can_send_messages']);
      const c = await start(cast.moderator, [kid]);
      await say(cast.moderator, c.id, 'Need a ride on Saturday?');
      await setModeratorFlags(t, cast, []);
      expectDetail(
        await send(cast.moderator, c.id, 'Still need a ride?'),
        403,
        MESSAGING_MESSAGES.sendNotAllowed,
      );
      // The conversation was the moderator's to start: nobody in it may go on with it now.
      expectDetail(await send(kid, c.id, 'Yes please'), 403, MESSAGING_MESSAGES.sendNotAllowed);
      expect((await thread(kidParent, c.id)).map((m) => m.content)).toEqual(['Need a ride on Saturday?']);
      // A refused message spends no idempotency key: the same key stores it once the flag is back.
      await setModeratorFlags(t, cast, ['can_send_messages']);
      expect((await send(cast.moderator, c.id, 'Back again', 'after-revoke')).statusCode).toBe(201);
    });

    it('lets those its starter brought in answer, while the starter may still write to all of them', async () => {
      // A coach's group with a parent and a child: the parent and the child answer the group, though
      // neither could have started one with the other.
      const c = await start(cast.coach, [cast.parent, kid]);
      expect(safetyAdded(c)).toEqual([kidParent.id]);
      await say(cast.parent, c.id, 'Happy to drive');
      await say(kidParent, c.id, 'Thank you');
      await say(kid, c.id, 'See you there');
      // A moderator's group stays open while the flag is held, and closes with it.
      await setModeratorFlags(t, cast, ['can_send_messages']);
      const m = await start(cast.moderator, [cast.parent, kid]);
      await say(cast.parent, m.id, 'Count me in');
      await setModeratorFlags(t, cast, []);
      expectDetail(await send(cast.parent, m.id, 'Still on?'), 403, MESSAGING_MESSAGES.sendNotAllowed);
      // Parents among themselves never needed the flag.
      const p = await start(cast.moderator, [cast.parent]);
      await say(cast.parent, p.id, 'Hello');
      await say(cast.moderator, p.id, 'Hi');
    });

    it("decides a starter's standing as the caller's: a club admin's group stays open whatever the flags", async () => {
      // The admin is on no membership of the team, holds no flag, and runs it all the same (holderOnTeam).
      await setModeratorFlags(t, cast, []);
      const c = await start(cast.admin, [cast.parent, kid]);
      expect(safetyAdded(c)).toEqual([kidParent.id]);
      await say(cast.parent, c.id, 'Happy to help');
      await say(kid, c.id, 'Me too');
      await say(cast.admin, c.id, 'Thanks both');
      // A moderator's standing comes from the flag they hold now: without it, nobody answers their group.
      await setModeratorFlags(t, cast, ['can_send_messages']);
      const m = await start(cast.moderator, [cast.parent, kid]);
      await setModeratorFlags(t, cast, ['can_manage_roster']);
      expectDetail(await send(kid, m.id, 'Hello?'), 403, MESSAGING_MESSAGES.sendNotAllowed);
    });

    it('lists whom the caller may message, by group then name, without emails or the caller', async () => {
      const parentSees = await recipients(cast.parent);
      expect(parentSees.map((r) => r.role)).toEqual([
        'coach',
        'admin',
        ...parentSees.filter((r) => r.role === 'parent').map(() => 'parent'),
      ]);
      expect(parentSees.map((r) => r.user_id)).toEqual(
        expect.arrayContaining([cast.coach.id, cast.admin.id, cast.moderator.id, kidParent.id]),
      );
      expect(parentSees.map((r) => r.user_id)).not.toContain(cast.parent.id);
      expect(parentSees.map((r) => r.user_id)).not.toContain(kid.id);
      expect(parentSees.map((r) => r.user_id)).not.toContain(cast.otherCoach.id);
      expect(parentSees.map((r) => r.user_id)).not.toContain(cast.stranger.id);
      const parents = parentSees.filter((r) => r.role === 'parent').map((r) => r.name);
      expect(parents).toEqual([...parents].sort((a, b) => a.localeCompare(b)));
      for (const r of parentSees) expect(Object.keys(r).sort()).toEqual(['name', 'role', 'user_id']);

      const playerSees = await recipients(cast.player);
      expect(new Set(playerSees.map((r) => r.role))).toEqual(new Set(['coach', 'admin', 'player']));
      expect(playerSees.map((r) => r.user_id)).toContain(kid.id);

      const coachSees = await recipients(cast.coach);
      const groups = coachSees.map((r) => PARTICIPANT_GROUPS.indexOf(r.role));
      expect(groups).toEqual([...groups].sort((a, b) => a - b));
      expect(coachSees.map((r) => r.user_id)).toEqual(
        expect.arrayContaining([cast.admin.id, cast.parent.id, cast.player.id, kid.id, kidParent.id]),
      );
      expect(coachSees.map((r) => r.user_id)).not.toContain(cast.coach.id);
    });
  });

  describe('child-safe rule, kept', () => {
    const dataVersion = async () =>
      Number(
        (
          await queryRows<{ v: string }>(
            t.db,
            sql`select data_version as v from teams where id = ${cast.team.id}`,
          )
        )[0]?.v,
      );

    it("never counts a player's account as another player's parent", async () => {
      const beaRow = await addPlayer(t, cast.coach, cast.team.id, { name: 'Bea Sibling', jersey_number: 21 });
      const alRow = await addPlayer(t, cast.coach, cast.team.id, { name: 'Al Sibling', jersey_number: 22 });
      const bea = await newMember('player', 'Bea Sibling', beaRow.id);
      const al = await newMember('player', 'Al Sibling', alRow.id);
      // The family email typed as Bea's parent contact is her brother's player account.
      const added = await call(
        t,
        'POST',
        `/api/teams/${cast.team.id}/players/${beaRow.id}/parents`,
        cast.coach.token,
        {
          parent_name: 'Family',
          parent_email: al.email,
          send_invite: false,
        },
      );
      expect(added.statusCode, added.body).toBe(201);
      await t.db.execute(
        sql`update parent_contacts set user_id = ${al.id} where player_id = ${beaRow.id} and email = ${al.email.toLowerCase()}`,
      );
      const c = await start(cast.admin, [bea]);
      expect(participantIds(c)).toEqual(ids(cast.admin, bea, cast.coach));
      expect(c.no_parent_yet).toBe(true);
    });

    it("copies the club's admins when the team's only coach writes to a player without a parent account", async () => {
      // cast.player has no parent account, and the coach is the team's only coach.
      for (const [from, to] of [
        [cast.coach, cast.player],
        [cast.player, cast.coach],
      ] as const) {
        const c = await start(from, [to]);
        expect(participantIds(c)).toEqual(ids(cast.coach, cast.player, cast.admin));
        expect(safetyAdded(c)).toEqual([cast.admin.id]);
        expect(c.participants.find((p) => p.user_id === cast.admin.id)?.role).toBe('admin');
        expect(c.no_parent_yet).toBe(true);
        await say(from, c.id, 'Practice moved to 6pm');
        expect((await thread(cast.admin, c.id)).map((m) => m.content)).toEqual(['Practice moved to 6pm']);
      }
    });

    it('refuses an adult alone with a player only when the club has no admin to copy, and says what to do', async () => {
      const c = await start(cast.coach, [cast.player]);
      expect(safetyAdded(c)).toEqual([cast.admin.id]);
      // The club's only admin steps down: there is no second adult left for this player.
      await t.db.execute(sql`update users set role = 'coach' where id = ${cast.admin.id}`);
      try {
        expectDetail(await create(cast.coach, [cast.player.id]), 403, MESSAGING_MESSAGES.noSecondAdult);
        expectDetail(await create(cast.player, [cast.coach.id]), 403, MESSAGING_MESSAGES.noSecondAdult);
        // The rule is applied again before every message: the thread that had the admin is closed too.
        expectDetail(await send(cast.coach, c.id, 'Still there?'), 403, MESSAGING_MESSAGES.noSecondAdult);
        expect(MESSAGING_MESSAGES.noSecondAdult).toMatch(/Invite the player's parent/);
      } finally {
        await t.db.execute(sql`update users set role = 'admin' where id = ${cast.admin.id}`);
      }
      await say(cast.coach, c.id, 'Back again');
    });

    it('applies the rule again when a parent has left the team, before the next message', async () => {
      const row = await addPlayer(t, cast.coach, cast.team.id, { name: 'Lee Leaver', jersey_number: 23 });
      const lee = await newMember('player', 'Lee Leaver', row.id);
      const leesParent = await newMember('parent', 'Lou Leaver', row.id);
      const c = await start(cast.admin, [lee]);
      expect(safetyAdded(c)).toEqual([leesParent.id]);
      await t.db.execute(
        sql`delete from team_members where team_id = ${cast.team.id} and user_id = ${leesParent.id}`,
      );
      await say(lee, c.id, 'Is practice on?');
      const after = (await list(cast.admin)).find((x) => x.id === c.id);
      expect(after?.no_parent_yet).toBe(true);
      expect(after?.participants.filter((p) => p.added_for_safety).map((p) => p.user_id)).toContain(
        cast.coach.id,
      );
      // The coach now reads it.
      expect((await thread(cast.coach, c.id)).map((m) => m.content)).toEqual(['Is practice on?']);
    });

    it('grows the team data version once per message, not once per table it touches', async () => {
      const c = await start(cast.coach, [cast.parent]);
      const before = await dataVersion();
      await say(cast.parent, c.id, 'One bump');
      expect((await dataVersion()) - before).toBe(1);
    });

    it('sends and marks read at once without a deadlock', async () => {
      const c = await start(cast.coach, [cast.parent]);
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all([
          send(cast.coach, c.id, `ping ${round}`),
          send(cast.parent, c.id, `pong ${round}`),
          call(t, 'POST', `/api/messaging/conversations/${c.id}/mark-read`, cast.coach.token),
          call(t, 'POST', `/api/messaging/conversations/${c.id}/mark-read`, cast.parent.token),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 200, 200]);
      }
    });
  });

  describe('messages', () => {
    it('stores markup as text and answers it literally', async () => {
      const c = await start(cast.parent, [cast.coach]);
      const sent = await say(cast.parent, c.id, '  <b>x</b><script>alert(1)</script>  ');
      expect(sent.content).toBe('<b>x</b><script>alert(1)</script>');
      expect((await thread(cast.coach, c.id)).at(-1)?.content).toBe('<b>x</b><script>alert(1)</script>');
      const [row] = await queryRows<{ content: string }>(
        t.db,
        sql`select content from messages where id = ${sent.id}`,
      );
      expect(row?.content).toBe('<b>x</b><script>alert(1)</script>');
      expect((await list(cast.coach)).find((x) => x.id === c.id)?.last_message_preview).toBe(
        '<b>x</b><script>alert(1)</script>',
      );
    });

    it('refuses a blank or over-long message', async () => {
      const c = await start(cast.parent, [cast.coach]);
      expectDetail(await send(cast.parent, c.id, '   '), 400, MESSAGING_MESSAGES.contentRequired);
      expectDetail(
        await send(cast.parent, c.id, 'x'.repeat(MESSAGE_LIMITS.contentMax + 1)),
        400,
        MESSAGING_MESSAGES.contentTooLong,
      );
      expect(await thread(cast.parent, c.id)).toEqual([]);
    });

    it('answers a thread oldest first with its senders, and the list newest activity first', async () => {
      const older = await start(cast.parent, [cast.coach]);
      const newer = await start(cast.parent, [cast.admin]);
      await say(cast.parent, older.id, 'first');
      await say(cast.coach, older.id, 'second');
      const messages = await thread(cast.parent, older.id);
      expect(messages.map((m) => [m.content, m.sender_id, m.sender?.name])).toEqual([
        ['first', cast.parent.id, cast.parent.name],
        ['second', cast.coach.id, cast.coach.name],
      ]);
      const ordered = (await list(cast.parent)).map((c) => c.id);
      // A message moved the older conversation ahead of the newer one, which has none.
      expect(ordered.indexOf(older.id)).toBeLessThan(ordered.indexOf(newer.id));
      const listed = (await list(cast.parent)).find((c) => c.id === older.id);
      expect(listed?.last_message_preview).toBe('second');
      expect(listed?.last_message_at).toBe(messages[1]?.timestamp);
      const long = 'y'.repeat(150);
      await say(cast.coach, older.id, long);
      expect((await list(cast.parent)).find((c) => c.id === older.id)?.last_message_preview).toBe(
        'y'.repeat(100),
      );
    });

    it('answers the newest page of a long thread, oldest first', async () => {
      const started = await start(cast.parent, [cast.coach]);
      const page = MESSAGE_LIMITS.threadPage;
      // Two more than a page, a minute apart, stored straight in SQL (the hourly limit would stop them).
      await t.db.execute(sql`
        insert into messages (team_id, conversation_id, sender_id, content, created_at)
        select ${cast.team.id}, ${started.id}, ${cast.coach.id}, 'Message ' || n,
          now() - interval '1 minute' * (${page + 2} - n)
        from generate_series(1, ${page + 2}) n`);
      const messages = await thread(cast.parent, started.id);
      expect(messages).toHaveLength(page);
      expect(messages[0]?.content).toBe('Message 3');
      expect(messages.at(-1)?.content).toBe(`Message ${page + 2}`);
      expect(messages.map((m) => m.timestamp)).toEqual(messages.map((m) => m.timestamp).sort());
    });

    it('hides the emails of other people from parents and players, not from coaches', async () => {
      const c = await start(cast.coach, [cast.parent, cast.moderator]);
      await say(cast.coach, c.id, 'From the coach');
      await say(cast.moderator, c.id, 'From a parent');
      const asParent = (await list(cast.parent)).find((x) => x.id === c.id);
      const emailOf = (conversation: Conversation | undefined, id: number) =>
        conversation?.participants.find((p) => p.user_id === id)?.user.email;
      expect(emailOf(asParent, cast.parent.id)).toBe(cast.parent.email);
      expect(emailOf(asParent, cast.coach.id)).toBe('');
      expect(emailOf(asParent, cast.moderator.id)).toBe('');
      const parentThread = await thread(cast.parent, c.id);
      expect(parentThread.map((m) => m.sender?.email)).toEqual(['', '']);
      const own = await say(cast.parent, c.id, 'Mine');
      expect(own.sender).toEqual({ name: cast.parent.name, email: cast.parent.email });

      const asCoach = (await list(cast.coach)).find((x) => x.id === c.id);
      expect(emailOf(asCoach, cast.parent.id)).toBe(cast.parent.email);
      expect(emailOf(asCoach, cast.moderator.id)).toBe(cast.moderator.email);
      expect((await thread(cast.coach, c.id)).map((m) => m.sender?.email)).toEqual([
        cast.coach.email,
        cast.moderator.email,
        cast.parent.email,
      ]);
      const kids = await start(kid, [cast.player]);
      await say(cast.player, kids.id, 'hi');
      const asKid = await thread(kid, kids.id);
      expect(asKid[0]?.sender?.email).toBe('');
      expect(
        (await list(kid))
          .find((x) => x.id === kids.id)
          ?.participants.find((p) => p.user_id === cast.player.id)?.user.email,
      ).toBe('');
    });
  });

  describe('unread counts', () => {
    it("counts others' messages, not one's own, zeroes on mark-read and sums the team's conversations", async () => {
      const una = await newMember('parent', 'Una Unread');
      const ned = await newMember('parent', 'Ned Neighbour');
      expect(await unread(una)).toBe(0);
      const a = await start(una, [ned]);
      const b = await start(cast.coach, [una]);
      await say(ned, a.id, 'one');
      await say(ned, a.id, 'two');
      await say(una, a.id, 'mine does not count');
      await say(cast.coach, b.id, 'three');
      expect(await unread(una)).toBe(3);
      expect(await unread(ned)).toBe(1);
      const unaList = await list(una);
      expect(unaList.find((c) => c.id === a.id)?.unread_count).toBe(2);
      expect(unaList.find((c) => c.id === b.id)?.unread_count).toBe(1);

      expect(await markRead(una, a.id)).toBe(1);
      expect(await unread(una)).toBe(1);
      expect((await list(una)).find((c) => c.id === a.id)?.unread_count).toBe(0);
      // Ned's count is his own.
      expect(await unread(ned)).toBe(1);
      expect(await markRead(una, b.id)).toBe(0);
      expect(await unread(una)).toBe(0);
      await say(ned, a.id, 'four');
      expect(await unread(una)).toBe(1);
    });

    it("does not count another team's conversations", async () => {
      const onTeam = await start(cast.coach, [cast.admin]);
      const elsewhere = await start(cast.otherCoach, [cast.admin], cast.otherTeam.id);
      await markRead(cast.admin, onTeam.id);
      const before = await unread(cast.admin);
      const beforeOther = await unread(cast.admin, cast.otherTeam.id);
      await say(cast.otherCoach, elsewhere.id, 'other team');
      await say(cast.otherCoach, elsewhere.id, 'other team again');
      expect(await unread(cast.admin)).toBe(before);
      expect(await unread(cast.admin, cast.otherTeam.id)).toBe(beforeOther + 2);
      await say(cast.coach, onTeam.id, 'this team');
      expect(await unread(cast.admin)).toBe(before + 1);
    });

    it('writes nothing on a mark-read with nothing to read (the ETag stays)', async () => {
      const c = await start(cast.parent, [cast.moderator]);
      await say(cast.moderator, c.id, 'read me');
      await markRead(cast.parent, c.id);
      const url = `/api/messaging/unread-count/${cast.team.id}`;
      const tag = (await inject('GET', url, cast.parent.token)).headers.etag as string;
      const total = await unread(cast.parent);
      expect(await markRead(cast.parent, c.id)).toBe(total);
      // Had the read written again, the team's data version (and with it the tag) would have grown.
      expect(
        (await inject('GET', url, cast.parent.token, undefined, { 'if-none-match': tag })).statusCode,
      ).toBe(304);
      const [row] = await queryRows<{ unread_count: number; last_read_at: string | null }>(
        t.db,
        sql`select unread_count, last_read_at from conversation_participants
            where conversation_id = ${c.id} and user_id = ${cast.parent.id}`,
      );
      expect(row?.unread_count).toBe(0);
      expect(row?.last_read_at).not.toBeNull();
    });
  });

  describe('idempotent sends', () => {
    it('stores a message once however often the same key is sent', async () => {
      const c = await start(cast.parent, [cast.coach]);
      const key = 'c4f1d6a0-2d4e-4a7b-9f00-1234567890ab';
      const first = await send(cast.parent, c.id, 'Only once', key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await send(cast.parent, c.id, 'Only once', key);
      expect([200, 201]).toContain(again.statusCode);
      expect(again.json().id).toBe(first.json().id);
      const both = await Promise.all([
        send(cast.parent, c.id, 'At once', 'same-moment'),
        send(cast.parent, c.id, 'At once', 'same-moment'),
      ]);
      for (const response of both) expect([200, 201]).toContain(response.statusCode);
      expect(both[0]?.json().id).toBe(both[1]?.json().id);
      const rows = await queryRows<{ content: string }>(
        t.db,
        sql`select content from messages where conversation_id = ${c.id} order by id`,
      );
      expect(rows.map((r) => r.content)).toEqual(['Only once', 'At once']);
      // The coach has one unread per stored message, not per request.
      expect((await list(cast.coach)).find((x) => x.id === c.id)?.unread_count).toBe(2);
      // Another sender's same key is a message of their own.
      expect((await send(cast.coach, c.id, 'Only once', key)).statusCode).toBe(201);
      // Without a key, each send is a message.
      await say(cast.parent, c.id, 'no key');
      await say(cast.parent, c.id, 'no key');
      expect((await thread(cast.parent, c.id)).filter((m) => m.content === 'no key')).toHaveLength(2);
    });

    it('refuses an over-long key, and a key reused for another message', async () => {
      const c = await start(cast.parent, [cast.coach]);
      expectDetail(
        await send(cast.parent, c.id, 'long key', 'k'.repeat(MESSAGE_LIMITS.idempotencyKeyMax + 1)),
        400,
        MESSAGING_MESSAGES.idempotencyKeyTooLong,
      );
      expect((await send(cast.parent, c.id, 'first text', 'reused')).statusCode).toBe(201);
      expectDetail(
        await send(cast.parent, c.id, 'other text', 'reused'),
        409,
        MESSAGING_MESSAGES.idempotencyKeyReused,
      );
      expect((await thread(cast.parent, c.id)).map((m) => m.content)).toEqual(['first text']);
    });
  });

  describe('polled reads', () => {
    const get = (url: string, account: Account, etag?: string): Promise<LightMyRequestResponse> =>
      inject('GET', url, account.token, undefined, etag ? { 'if-none-match': etag } : {});

    it('answers 304 while nothing changed and a new tag after a new message, on every polled read', async () => {
      const c = await start(cast.parent, [cast.coach]);
      await say(cast.coach, c.id, 'hello');
      const urls = [
        `/api/messaging/conversations/${cast.team.id}`,
        `/api/messaging/unread-count/${cast.team.id}`,
        `/api/messaging/conversations/${c.id}/messages`,
      ];
      for (const url of urls) {
        const first = await get(url, cast.parent);
        expect(first.statusCode, url).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag, url).toMatch(/^W\/".+"$/);
        expect(first.headers['cache-control']).toBe('private, no-cache');
        const again = await get(url, cast.parent, etag);
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe('');
        // Another reader's tag is not theirs.
        expect((await get(url, cast.coach, etag)).statusCode, url).toBe(200);
      }
      const tags = await Promise.all(urls.map(async (url) => (await get(url, cast.parent)).headers.etag));
      await say(cast.coach, c.id, 'news');
      for (const [i, url] of urls.entries()) {
        const changed = await get(url, cast.parent, tags[i] as string);
        expect(changed.statusCode, url).toBe(200);
        expect(changed.headers.etag, url).not.toBe(tags[i]);
      }
      const messages = okJson<Message[]>(await get(urls[2] ?? '', cast.parent));
      expect(messages.map((m) => m.content)).toEqual(['hello', 'news']);
    });

    it('never answers 304 on the messages of a conversation the caller is not in', async () => {
      const c = await start(cast.parent, [cast.coach]);
      const url = `/api/messaging/conversations/${c.id}/messages`;
      const tag = (await get(url, cast.parent)).headers.etag as string;
      const outsider = await get(url, cast.moderator, tag);
      expectDetail(outsider, 404, MESSAGING_MESSAGES.conversationNotFound);
      expect(outsider.headers.etag).toBeUndefined();
    });

    it('reads the list in the same statements whatever the number of conversations', async () => {
      const reader = await newMember('parent', 'Stella Statements');
      // Read right after a change: the answer is not yet kept, so the rows are read.
      const count = async () => {
        let listed: Conversation[] = [];
        const statements = await statementsDuring(t, async () => {
          listed = await list(reader);
        });
        // The sign-in and team-access reads, kept or not by the change cache, are not the list's.
        const own = statements.filter((q) => /conversation|team_members"?\)?\s*where/i.test(q));
        return { statements: own.length, conversations: listed.length };
      };
      await start(reader, [cast.coach]);
      const before = await count();
      expect(before.conversations).toBe(1);
      for (let i = 0; i < 4; i += 1) {
        const c = await start(reader, [cast.coach, cast.moderator]);
        await say(cast.coach, c.id, `message ${i}`);
      }
      const after = await count();
      expect(after.conversations).toBe(5);
      expect(after.statements).toBe(before.statements);
      // The conversations, their participants and the team's size, together (db/packed-rows.ts).
      expect(before.statements).toBe(1);
    });
  });

  describe('titles', () => {
    it("names a group by its people, 'Everyone' for the whole team, and keeps a given name", async () => {
      const named = okJson<Conversation>(
        await create(cast.coach, [cast.parent.id], cast.team.id, { name: '  Snack rota  ' }),
        201,
      );
      expect(named.name).toBe('Snack rota');
      expect(named.title).toBe('Snack rota');
      const everyoneIds = (await recipients(cast.coach))
        .filter((r) => r.role !== 'admin')
        .map((r) => r.user_id);
      const everyone = okJson<Conversation>(await create(cast.coach, everyoneIds), 201);
      expect(everyone.title).toBe(MESSAGING_MESSAGES.everyone);
      expect(everyone.conversation_type).toBe('group');
    });
  });
});
