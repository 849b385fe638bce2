import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Poll, PollList } from '../../src/shared/api/polls.ts';
import { POLL_MESSAGES } from '../../src/shared/polls.ts';
import { expectDetail, okJson, requestStatements, statementsDuring } from '../support/events.ts';
import { BACKENDS, emailedLinkToken, queryRows, type TestApp } from '../support/test-app.ts';
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
import { sql } from 'drizzle-orm';

// Team polls (docs/product/polls.md 'Fields and rules', 'Poll email', 'API'; docs/decisions/019).

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(BACKENDS)('polls API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let self: Account;
  let unverified: Account;
  const p = { ava: 0, ben: 0, cal: 0, dee: 0, sol: 0, other: 0 };

  const verifyEmail = async (account: Account) => {
    const token = await emailedLinkToken(t.db, account.email, '/verify-email');
    // Signed in to that account, as the link asks.
    const verified = await call(t, 'POST', '/api/auth/verify-email', account.token, { token });
    expect(verified.statusCode, verified.body).toBe(200);
  };
  const addContact = async (playerId: number, email: string) => {
    const response = await call(
      t,
      'POST',
      `/api/teams/${cast.team.id}/players/${playerId}/parents`,
      cast.coach.token,
      { parent_name: 'Family Contact', parent_email: email, send_invite: false },
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const create = (token: string | undefined, body: Record<string, unknown>, teamId = cast.team.id) =>
    call(t, 'POST', `/api/messaging/polls?team_id=${teamId}`, token, body);
  /** The options each poll was made with: what a vote names as option_text by default. */
  const optionsOf = new Map<number, string[]>();
  const newPoll = async (body: Record<string, unknown> = {}, author = cast.coach) => {
    const poll = okJson<Poll>(
      await create(
        author.token,
        { question: 'Pizza after the game?', options: ['Yes', 'No'], ...body },
        author === cast.otherCoach ? cast.otherTeam.id : cast.team.id,
      ),
      201,
    );
    optionsOf.set(poll.id, poll.options);
    return poll;
  };
  const list = async (account: Account, teamId = cast.team.id) =>
    okJson<PollList>(await call(t, 'GET', `/api/messaging/polls/${teamId}`, account.token));
  const vote = (
    account: Account | undefined,
    pollId: number,
    player_id: number,
    option_index = 0,
    option_text = optionsOf.get(pollId)?.[option_index] ?? 'Yes',
  ) =>
    call(t, 'POST', `/api/messaging/polls/${pollId}/vote`, account?.token, {
      player_id,
      option_index,
      option_text,
    });

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, {
      // This file creates many polls as one coach; the hourly allowance has its own test (invite-limits).
      POLL_LIMIT_PER_AUTHOR_PER_HOUR: '1000',
    }));
    const teamId = cast.team.id;
    await verifyEmail(cast.parent);
    // The moderator authors polls here, which email the team: only from a confirmed email (decision 007).
    await verifyEmail(cast.moderator);
    p.ava = (await addPlayer(t, cast.coach, teamId, { name: 'Ava Adams', jersey_number: 7 })).id;
    p.ben = (await addPlayer(t, cast.coach, teamId, { name: 'Ben Brown', jersey_number: 9 })).id;
    p.cal = (await addPlayer(t, cast.coach, teamId, { name: 'Cal Clark', status: 'inactive' })).id;
    p.dee = (await addPlayer(t, cast.coach, teamId, { name: 'Dee Diaz', jersey_number: 3 })).id;
    p.sol = (await addPlayer(t, cast.coach, teamId, { name: 'Sol Self', jersey_number: 5 })).id;
    p.other = (await addPlayer(t, cast.otherCoach, cast.otherTeam.id, { name: 'Olly Other' })).id;
    await addContact(p.ava, cast.parent.email);
    await addContact(p.cal, cast.parent.email);
    unverified = await signUp(t, 'parent', 'Una Unverified');
    await joinApproved(t, cast.coach, unverified, cast.team.invite_code ?? '');
    await addContact(p.dee, unverified.email);
    self = await signUp(t, 'player', 'Sol Self');
    await joinApproved(t, cast.coach, self, cast.team.invite_code ?? '', p.sol);
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  it('tells every other member of the team with a poll_new notification; queues no email itself', async () => {
    const poll = await newPoll({ question: 'Carpool to the tournament?' }, cast.coach);
    const told = await queryRows<{ user_id: number; title: string; link: string }>(
      t.db,
      sql`select user_id, title, link from notifications where kind = 'poll_new' and link = ${`/#messages?subtab=polls&pollId=${poll.id}`}`,
    );
    const ids = told.map((r) => r.user_id);
    for (const member of [cast.parent, cast.player, cast.moderator, self, unverified]) {
      expect(ids).toContain(member.id);
    }
    for (const other of [cast.coach, cast.otherCoach, cast.stranger, cast.admin]) {
      expect(ids).not.toContain(other.id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(told[0]?.title).toBe('U10 Hawks: New poll "Carpool to the tournament?"');
    // The notification sender emails it (each notification has its email delivery); the poll itself
    // queues no 'new-poll' email any more.
    const deliveries = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from notification_deliveries d join notifications n on n.id = d.notification_id
           where n.link = ${`/#messages?subtab=polls&pollId=${poll.id}`} and d.channel = 'email'`,
    );
    expect(deliveries[0]?.n).toBe(told.length);
    const queued = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from email_outbox where template = 'new-poll'`,
    );
    expect(queued[0]?.n).toBe(0);
  });

  it('creates a poll and answers it as the spec lists it', async () => {
    const poll = await newPoll({
      question: '  Team photo day?  ',
      options: [' Saturday ', 'Sunday', 'Either'],
    });
    expect(poll).toEqual({
      id: expect.any(Number),
      team_id: cast.team.id,
      question: 'Team photo day?',
      options: ['Saturday', 'Sunday', 'Either'],
      expires_at: null,
      created_at: expect.stringMatching(/^\d{4}-/),
      author_id: cast.coach.id,
      author_name: cast.coach.name,
      total_votes: 0,
      vote_counts: [0, 0, 0],
      user_vote: null,
      has_voted: false,
      voted_player_ids: [],
      is_archived: false,
      user_votes: [],
      can_manage: true,
    });
    const expiring = await newPoll({ expires_at: '2099-01-31T23:59:59.999-06:00' });
    expect(expiring.expires_at).toBe('2099-02-01T05:59:59.999Z');
  });

  it('refuses a blank question, a blank option, fewer than 2 options and over-long input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ options: ['Yes', 'No'] }, POLL_MESSAGES.invalid],
      [{ question: '   ', options: ['Yes', 'No'] }, POLL_MESSAGES.invalid],
      [{ question: 'Q', options: ['Yes', '  '] }, POLL_MESSAGES.invalid],
      [{ question: 'Q', options: ['Yes'] }, POLL_MESSAGES.invalid],
      [{ question: 'Q' }, POLL_MESSAGES.invalid],
      [{ question: 'Q', options: 'Yes,No' }, POLL_MESSAGES.invalid],
      [{ question: 'Q', options: ['Yes', 5] }, POLL_MESSAGES.invalid],
      [{ question: 'x'.repeat(301), options: ['Yes', 'No'] }, 'Question must be no more than 300 characters'],
      [{ question: 'Q', options: ['Yes', 'n'.repeat(101)] }, 'Options must be no more than 100 characters'],
      [
        { question: 'Q', options: Array.from({ length: 11 }, (_, i) => `O${i}`) },
        'A poll can have at most 10 options',
      ],
      [{ question: 'Q', options: ['Yes', ' yes '] }, POLL_MESSAGES.duplicateOption],
      [{ question: 'Q', options: ['Yes', 'No'], expires_at: 'next week' }, POLL_MESSAGES.expiryInvalid],
      [{ question: 'Q', options: ['Yes', 'No'], expires_at: 7 }, POLL_MESSAGES.expiryInvalid],
      [
        { question: 'Q', options: ['Yes', 'No'], expires_at: new Date(Date.now() - 60_000).toISOString() },
        POLL_MESSAGES.expiryPast,
      ],
    ];
    for (const [body, detail] of cases) {
      const response = await create(cast.coach.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expectDetail(
      await call(t, 'POST', '/api/messaging/polls?team_id=abc', cast.coach.token, {
        question: 'Q',
        options: ['a', 'b'],
      }),
      400,
      'Team id must be a number',
    );
  });

  it('stores markup and hostile text as text', async () => {
    const question = '<script>alert(1)</script> & "quotes" \u{1F600}';
    const poll = await newPoll({ question, options: ['<b>Yes</b>', "Robert'); DROP TABLE polls;--"] });
    expect(poll.question).toBe(question);
    expect(poll.options).toEqual(['<b>Yes</b>', "Robert'); DROP TABLE polls;--"]);
    const nul = await create(cast.coach.token, { question: 'a\u0000b', options: ['Yes', 'No'] });
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.json()).toEqual(expect.objectContaining({}));
  });

  it('lets coaches, admins and holders of can_make_announcements create polls', async () => {
    const body = { question: 'Who can?', options: ['Yes', 'No'] };
    await expectAccess(cast, (token) => create(token, body), {
      coach: 201,
      admin: 201,
      otherCoach: 404,
      parent: 403,
      player: 403,
      moderator: 403,
      stranger: 404,
      anonymous: 401,
    });
    await setModeratorFlags(t, cast, ['can_make_announcements']);
    okJson(await create(cast.moderator.token, body), 201);
    await expectAccess(cast, (token) => create(token, body, 999_999), { coach: 404, admin: 404 });
  });

  it('lists the polls to members only, newest first', async () => {
    const first = await newPoll({ question: 'First' });
    const second = await newPoll({ question: 'Second' });
    await expectAccess(
      cast,
      (token) => call(t, 'GET', `/api/messaging/polls/${cast.team.id}`, token),
      MEMBERS_READ,
    );
    const ids = (await list(cast.parent)).polls.map((poll) => poll.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await list(cast.otherCoach, cast.otherTeam.id)).polls.map((poll) => poll.id)).not.toContain(
      first.id,
    );
  });

  it('answers 304 for an unchanged list and a new ETag once someone votes', async () => {
    const poll = await newPoll();
    const url = `/api/messaging/polls/${cast.team.id}`;
    const first = await call(t, 'GET', url, cast.parent.token);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    okJson(await vote(cast.coach, poll.id, p.ben));
    const changed = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${cast.parent.token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    // Another reader's ETag differs: the answer depends on who reads it.
    const coach = await call(t, 'GET', url, cast.coach.token);
    expect(coach.headers.etag).not.toBe(etag);
  });

  it('reads the list in one statement, whatever the number of polls and votes', async () => {
    const count = async (who: typeof cast.coach) =>
      requestStatements(await statementsDuring(t, async () => list(who))).length;
    const before = await count(cast.coach);
    for (let i = 0; i < 3; i += 1) {
      const poll = await newPoll({ question: `Count ${i}` });
      okJson(await vote(cast.coach, poll.id, p.ava));
      okJson(await vote(cast.coach, poll.id, p.ben, 1));
    }
    expect(await count(cast.coach)).toBe(before);
    // The signed-in user, the team access, then the polls with their votes, the team's players and (for
    // a parent, whose players are theirs by contact) its contacts in one statement.
    expect(before).toBe(3);
    expect(await count(cast.parent)).toBe(3);
  });

  describe('votes', () => {
    it('lets a verified parent vote for their own active child only', async () => {
      const poll = await newPoll();
      const listed = await list(cast.parent);
      expect(listed.eligible_players).toEqual([{ id: p.ava, name: 'Ava Adams' }]);
      expectDetail(await vote(cast.parent, poll.id, p.ben), 403, POLL_MESSAGES.notEligible);
      expectDetail(await vote(cast.parent, poll.id, p.cal), 400, POLL_MESSAGES.inactivePlayer);
      expectDetail(await vote(cast.parent, poll.id, p.other), 404, POLL_MESSAGES.playerNotFound);
      const voted = okJson<Poll>(await vote(cast.parent, poll.id, p.ava, 1));
      expect(voted).toMatchObject({
        total_votes: 1,
        vote_counts: [0, 1],
        user_vote: 1,
        has_voted: true,
        voted_player_ids: [p.ava],
        user_votes: [
          {
            player_id: p.ava,
            player_name: 'Ava Adams',
            option_text: 'No',
            voter_name: cast.parent.name,
            option_index: 1,
            answered_by: null,
          },
        ],
      });
      // A coach, who may vote for any player, has not voted because a parent did.
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView).toMatchObject({ has_voted: false, voted_player_ids: [p.ava] });
    });

    it("refuses a parent whose email on the child's contact is not verified", async () => {
      const poll = await newPoll();
      expect((await list(unverified)).eligible_players).toEqual([]);
      expectDetail(await vote(unverified, poll.id, p.dee), 403, POLL_MESSAGES.notEligible);
    });

    it('lets a player vote for themselves only; a coach or admin for any active player, several times', async () => {
      const poll = await newPoll();
      expectDetail(await vote(self, poll.id, p.ava), 403, POLL_MESSAGES.notEligible);
      okJson(await vote(self, poll.id, p.sol));
      expectDetail(await vote(cast.player, poll.id, p.sol), 403, POLL_MESSAGES.notEligible);
      okJson(await vote(cast.coach, poll.id, p.ava));
      const last = okJson<Poll>(await vote(cast.admin, poll.id, p.ben, 1));
      okJson(await vote(cast.admin, poll.id, p.dee, 1));
      expectDetail(await vote(cast.coach, poll.id, p.cal), 400, POLL_MESSAGES.inactivePlayer);
      expect(last.total_votes).toBe(3);
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView?.user_votes.map((v) => v.player_name).sort()).toEqual([
        'Ava Adams',
        'Ben Brown',
        'Dee Diaz',
        'Sol Self',
      ]);
      expect(coachView?.vote_counts).toEqual([2, 2]);
      // A parent sees the counts, and only their own children's votes.
      const parentView = (await list(cast.parent)).polls.find((x) => x.id === poll.id);
      expect(parentView).toMatchObject({
        total_votes: 4,
        vote_counts: [2, 2],
        has_voted: true,
        user_vote: null,
      });
      expect(parentView?.user_votes).toEqual([
        {
          player_id: p.ava,
          player_name: 'Ava Adams',
          option_text: 'Yes',
          voter_name: cast.coach.name,
          option_index: 0,
          answered_by: cast.coach.name,
        },
      ]);
      expect((await list(cast.player)).polls.find((x) => x.id === poll.id)?.user_votes).toEqual([]);
    });

    it('keeps one vote of two simultaneous votes for the same player, the one stored last', async () => {
      const poll = await newPoll();
      const answers = await Promise.all([
        vote(cast.coach, poll.id, p.ben, 0),
        vote(cast.admin, poll.id, p.ben, 1),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const rows = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from poll_votes where poll_id = ${poll.id}`,
      );
      expect(rows).toEqual([{ n: 1 }]);
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView?.total_votes).toBe(1);
    });

    it('lets a parent change their vote until the poll expires; the last counts', async () => {
      const poll = await newPoll({ expires_at: inDays(2) });
      okJson(await vote(cast.parent, poll.id, p.ava, 0));
      const changed = okJson<Poll>(await vote(cast.parent, poll.id, p.ava, 1));
      expect(changed).toMatchObject({
        total_votes: 1,
        vote_counts: [0, 1],
        user_vote: 1,
        has_voted: true,
        voted_player_ids: [p.ava],
      });
      expect(changed.user_votes).toEqual([
        {
          player_id: p.ava,
          player_name: 'Ava Adams',
          option_text: 'No',
          voter_name: cast.parent.name,
          option_index: 1,
          answered_by: null,
        },
      ]);
      // The coach sees the changed vote.
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView?.vote_counts).toEqual([0, 1]);
      expect(coachView?.user_votes.find((v) => v.player_id === p.ava)?.option_text).toBe('No');
      // Once expired, neither a change nor a first vote is taken, and the vote stays as it was.
      await queryRows(
        t.db,
        sql`update polls set expires_at = now() - interval '1 minute' where id = ${poll.id}`,
      );
      expectDetail(await vote(cast.parent, poll.id, p.ava, 0), 400, POLL_MESSAGES.expired);
      expectDetail(await vote(cast.coach, poll.id, p.ava, 0), 400, POLL_MESSAGES.expired);
      const after = (await list(cast.parent)).polls.find((x) => x.id === poll.id);
      expect(after).toMatchObject({ vote_counts: [0, 1], user_vote: 1, is_archived: true });
    });

    it("marks a coach's vote 'answered by' the coach; the parent may change it, and then it is theirs", async () => {
      const poll = await newPoll();
      okJson(await vote(cast.coach, poll.id, p.ava, 0));
      const parentView = (await list(cast.parent)).polls.find((x) => x.id === poll.id);
      expect(parentView).toMatchObject({ has_voted: true, user_vote: null, voted_player_ids: [p.ava] });
      expect(parentView?.user_votes).toEqual([
        expect.objectContaining({ player_id: p.ava, option_index: 0, answered_by: cast.coach.name }),
      ]);
      // Another parent or player sees the counts, not who answered for Ava.
      expect((await list(cast.player)).polls.find((x) => x.id === poll.id)?.user_votes).toEqual([]);
      const changed = okJson<Poll>(await vote(cast.parent, poll.id, p.ava, 1));
      expect(changed).toMatchObject({ total_votes: 1, vote_counts: [0, 1], user_vote: 1 });
      expect(changed.user_votes).toEqual([
        expect.objectContaining({ option_text: 'No', voter_name: cast.parent.name, answered_by: null }),
      ]);
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView).toMatchObject({ has_voted: false, user_vote: null, vote_counts: [0, 1] });
      expect(coachView?.user_votes).toEqual([
        expect.objectContaining({ player_id: p.ava, option_text: 'No', answered_by: null }),
      ]);
      // An admin's vote is an answer by a coach too; the coach may change it again.
      okJson(await vote(cast.admin, poll.id, p.ava, 0));
      const byAdmin = (await list(cast.parent)).polls.find((x) => x.id === poll.id);
      expect(byAdmin?.user_votes[0]?.answered_by).toBe(cast.admin.name);
    });

    it('changes votes only for the players the user answers for, and never across teams', async () => {
      const poll = await newPoll();
      okJson(await vote(cast.coach, poll.id, p.ben, 0));
      // Ben is not the parent's child: the parent may neither cast nor change his vote.
      expectDetail(await vote(cast.parent, poll.id, p.ben, 1), 403, POLL_MESSAGES.notEligible);
      expectDetail(await vote(self, poll.id, p.ben, 1), 403, POLL_MESSAGES.notEligible);
      const coachView = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(coachView?.vote_counts).toEqual([1, 0]);
      // Another team's coach: the poll is not found, whether or not they name their own player.
      expectDetail(await vote(cast.otherCoach, poll.id, p.other, 1), 404, POLL_MESSAGES.notFound);
      expectDetail(await vote(cast.otherCoach, poll.id, p.ben, 1), 404, POLL_MESSAGES.notFound);
      // A player of another team named in this team's poll is not found either.
      expectDetail(await vote(cast.coach, poll.id, p.other, 1), 404, POLL_MESSAGES.playerNotFound);
      expect((await list(cast.coach)).polls.find((x) => x.id === poll.id)?.vote_counts).toEqual([1, 0]);
    });

    it('refuses votes on an expired poll, an option out of range and a bad body', async () => {
      const poll = await newPoll({ expires_at: inDays(1) });
      await queryRows(
        t.db,
        sql`update polls set expires_at = now() - interval '1 minute' where id = ${poll.id}`,
      );
      const listed = (await list(cast.coach)).polls.find((x) => x.id === poll.id);
      expect(listed?.is_archived).toBe(true);
      expectDetail(await vote(cast.coach, poll.id, p.ava), 400, POLL_MESSAGES.expired);
      const open = await newPoll();
      expectDetail(await vote(cast.coach, open.id, p.ava, 2), 400, POLL_MESSAGES.optionOutOfRange);
      expectDetail(await vote(cast.coach, open.id, p.ava, -1), 400, POLL_MESSAGES.optionOutOfRange);
      expectDetail(
        await call(t, 'POST', `/api/messaging/polls/${open.id}/vote`, cast.coach.token, {
          option_index: 0,
          option_text: 'Yes',
        }),
        400,
        'Player id must be a number',
      );
      expectDetail(
        await call(t, 'POST', `/api/messaging/polls/${open.id}/vote`, cast.coach.token, {
          option_index: 0,
          player_id: p.ava,
          option_text: 7,
        }),
        400,
        POLL_MESSAGES.optionOutOfRange,
      );
    });

    it("accepts the spec's body exactly: {option_index, player_id} and nothing more", async () => {
      const poll = await newPoll({ options: ['Saturday', 'Sunday'] });
      const voted = okJson<Poll>(
        await call(t, 'POST', `/api/messaging/polls/${poll.id}/vote`, cast.parent.token, {
          option_index: 1,
          player_id: p.ava,
        }),
      );
      expect(voted).toMatchObject({ total_votes: 1, vote_counts: [0, 1], user_vote: 1 });
      expect(voted.user_votes).toEqual([
        {
          player_id: p.ava,
          player_name: 'Ava Adams',
          option_text: 'Sunday',
          voter_name: cast.parent.name,
          option_index: 1,
          answered_by: null,
        },
      ]);
    });

    it('refuses a vote made against options that have since been edited, and stores nothing', async () => {
      const poll = await newPoll({ options: ['Saturday', 'Sunday'] });
      // The coach swaps the options; a parent's page still shows the old ones.
      okJson(
        await call(t, 'PUT', `/api/messaging/polls/${poll.id}`, cast.coach.token, {
          question: poll.question,
          options: ['Sunday', 'Saturday'],
        }),
      );
      expectDetail(await vote(cast.coach, poll.id, p.ava, 0, 'Saturday'), 409, POLL_MESSAGES.pollChanged);
      const rows = await queryRows(
        t.db,
        sql`select count(*)::int as n from poll_votes where poll_id = ${poll.id}`,
      );
      expect(rows).toEqual([{ n: 0 }]);
      // The same text, differently spaced or capitalised, is the same option.
      const voted = okJson<Poll>(await vote(cast.coach, poll.id, p.ava, 0, ' SUNDAY '));
      expect(voted.vote_counts).toEqual([1, 0]);
    });

    it("answers 404 for another team's poll and for no poll at all", async () => {
      const theirs = await newPoll({}, cast.otherCoach);
      await expectAccess(
        cast,
        (token) =>
          call(t, 'POST', `/api/messaging/polls/${theirs.id}/vote`, token, {
            player_id: p.ava,
            option_index: 0,
            option_text: 'Yes',
          }),
        {
          coach: 404,
          parent: 404,
          stranger: 404,
          anonymous: 401,
        },
      );
      expectDetail(await vote(cast.coach, 2_000_000_000, p.ava), 404, POLL_MESSAGES.notFound);
      expectDetail(await vote(cast.coach, 0, p.ava), 400, 'Poll id must be a positive number');
    });
  });

  describe('edit and delete', () => {
    const put = (account: Account | undefined, id: number, body: Record<string, unknown>) =>
      call(t, 'PUT', `/api/messaging/polls/${id}`, account?.token, body);

    it('are for the author only, who must still hold the permission', async () => {
      await setModeratorFlags(t, cast, ['can_make_announcements']);
      const poll = await newPoll({}, cast.moderator);
      const body = { question: 'Changed?', options: ['Yes', 'No'] };
      await expectAccess(cast, (token) => call(t, 'PUT', `/api/messaging/polls/${poll.id}`, token, body), {
        coach: 403,
        admin: 403,
        parent: 403,
        otherCoach: 404,
        stranger: 404,
        anonymous: 401,
        moderator: 200,
      });
      await setModeratorFlags(t, cast, ['can_view_finances']);
      expect((await put(cast.moderator, poll.id, body)).statusCode).toBe(403);
      expect(
        (await call(t, 'DELETE', `/api/messaging/polls/${poll.id}`, cast.moderator.token)).statusCode,
      ).toBe(403);
      await setModeratorFlags(t, cast, ['can_make_announcements']);
      expect(
        okJson(await call(t, 'DELETE', `/api/messaging/polls/${poll.id}`, cast.moderator.token)),
      ).toEqual({
        message: POLL_MESSAGES.deleted,
      });
      expectDetail(
        await call(t, 'DELETE', `/api/messaging/polls/${poll.id}`, cast.moderator.token),
        404,
        POLL_MESSAGES.notFound,
      );
      const theirs = await newPoll({}, cast.otherCoach);
      expectDetail(await put(cast.coach, theirs.id, body), 404, POLL_MESSAGES.notFound);
      expectDetail(
        await call(t, 'DELETE', `/api/messaging/polls/${theirs.id}`, cast.coach.token),
        404,
        POLL_MESSAGES.notFound,
      );
    });

    it('keeps votes whose option text remains (re-indexed) and drops the others', async () => {
      const poll = await newPoll({ options: ['Red', 'Green', 'Blue'] });
      okJson(await vote(cast.coach, poll.id, p.ava, 0));
      okJson(await vote(cast.coach, poll.id, p.ben, 1));
      okJson(await vote(cast.coach, poll.id, p.dee, 2));
      const edited = okJson<Poll>(
        await put(cast.coach, poll.id, {
          question: 'Colour?',
          options: ['Blue', 'Red', 'Purple'],
          expires_at: inDays(3),
        }),
      );
      expect(edited).toMatchObject({
        question: 'Colour?',
        options: ['Blue', 'Red', 'Purple'],
        total_votes: 2,
        vote_counts: [1, 1, 0],
      });
      expect(Object.fromEntries(edited.user_votes.map((v) => [v.player_name, v.option_text]))).toEqual({
        'Ava Adams': 'Red',
        'Dee Diaz': 'Blue',
      });
      expect(edited.expires_at).not.toBeNull();
      expectDetail(
        await put(cast.coach, poll.id, { question: '', options: ['a', 'b'] }),
        400,
        POLL_MESSAGES.invalid,
      );
    });

    it('keeps the votes of an option whose capitalisation alone changed', async () => {
      const poll = await newPoll({ options: ['yes', 'no'] });
      okJson(await vote(cast.coach, poll.id, p.ava, 0));
      okJson(await vote(cast.coach, poll.id, p.ben, 1));
      const edited = okJson<Poll>(
        await put(cast.coach, poll.id, { question: poll.question, options: ['Yes', 'No'] }),
      );
      expect(edited).toMatchObject({ total_votes: 2, vote_counts: [1, 1] });
    });

    it('refuses a past expiry that differs from the stored one, and keeps an unchanged past expiry', async () => {
      const poll = await newPoll({ expires_at: inDays(1) });
      const past = new Date(Date.now() - 60_000).toISOString();
      await queryRows(t.db, sql`update polls set expires_at = ${past} where id = ${poll.id}`);
      const same = okJson<Poll>(
        await put(cast.coach, poll.id, { question: 'Renamed?', options: ['Yes', 'No'], expires_at: past }),
      );
      expect(same).toMatchObject({ question: 'Renamed?', expires_at: past, is_archived: true });
      expectDetail(
        await put(cast.coach, poll.id, {
          question: 'Renamed?',
          options: ['Yes', 'No'],
          expires_at: new Date(Date.now() - 3_600_000).toISOString(),
        }),
        400,
        POLL_MESSAGES.expiryPast,
      );
      okJson(
        await put(cast.coach, poll.id, {
          question: 'Reopened?',
          options: ['Yes', 'No'],
          expires_at: inDays(2),
        }),
      );
    });
  });
});
