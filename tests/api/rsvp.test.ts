import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OverviewEvent,
  overviewSchema,
  type Rsvp,
  type RsvpList,
} from '../../src/shared/api/calendar.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { expectDetail, fromToday, okJson, requestStatements, statementsDuring } from '../support/events.ts';
import { BACKENDS, emailedLinkToken, queryRows, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  createTeam,
  expectAccess,
  joinApproved,
  runnersWrite,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// RSVPs (docs/product/calendar-rsvp-and-feed.md 'RSVPs'; docs/decisions/017): who may answer for whom,
// one answer per player and event, the user's own list and the coach's overview.

interface Fixture {
  /** The cast parent's active child: a contact carrying the parent's verified email. */
  ava: number;
  /** Another family's child. */
  ben: number;
  /** The cast parent's inactive child. */
  cal: number;
  /** A child whose contact carries the email of a parent who has not verified it. */
  dee: number;
  /** The player account `self` linked to this player row on approval. */
  sol: number;
  /** An active player without a number (last in roster order). */
  eve: number;
  unverified: Account;
  self: Account;
  game: number;
  practice: number;
  tournamentGame: number;
  otherPlayer: number;
  otherGame: number;
}

/** The request's statements, less the background senders', which may run at the same moment. */
const ownStatements = requestStatements;

describe.each(BACKENDS)('RSVP API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let f: Fixture;
  let close = async () => {};

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
  const newGame = async (token: string, teamId: number, overrides: Record<string, unknown> = {}) =>
    okJson<{ id: number }>(
      await call(t, 'POST', `/api/games/${teamId}`, token, {
        opponent: 'Lions',
        date: fromToday(3),
        time: '10:00',
        location: 'Riverside Park',
        ...overrides,
      }),
      201,
    ).id;
  const newPractice = async (overrides: Record<string, unknown> = {}, teamId = cast.team.id) =>
    okJson<{ practices: { id: number }[] }>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: teamId,
        title: 'Tuesday Training',
        date: fromToday(2),
        time: '17:30',
        location: 'North Field',
        ...overrides,
      }),
      201,
    ).practices[0]?.id ?? 0;
  // Each tournament is another one: a team has one of a name and dates (docs/product/events.md
  // 'Quick-add').
  let tournamentsMade = 0;
  const newTournament = async (teamId: number, start: number, end: number) =>
    okJson<{ id: number }>(
      await call(t, 'POST', `/api/tournaments/team/${teamId}`, cast.coach.token, {
        name: `Spring Cup ${(tournamentsMade += 1)}`,
        location: 'Lakeside Complex',
        start_date: fromToday(start),
        end_date: fromToday(end),
      }),
      201,
    ).id;
  const newTournamentGame = async (tournamentId: number, body: Record<string, unknown>) =>
    okJson<{ id: number }>(
      await call(t, 'POST', `/api/tournaments/${tournamentId}/games`, cast.coach.token, {
        opponent: 'Eagles',
        ...body,
      }),
      201,
    ).id;

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const teamId = cast.team.id;
    await verifyEmail(cast.parent);
    await verifyEmail(cast.player);
    const ava = (await addPlayer(t, cast.coach, teamId, { name: 'Ava Adams', jersey_number: 7 })).id;
    const ben = (await addPlayer(t, cast.coach, teamId, { name: 'Ben Brown', jersey_number: 9 })).id;
    const cal = (
      await addPlayer(t, cast.coach, teamId, { name: 'Cal Clark', jersey_number: 11, status: 'inactive' })
    ).id;
    const dee = (await addPlayer(t, cast.coach, teamId, { name: 'Dee Diaz', jersey_number: 3 })).id;
    const sol = (await addPlayer(t, cast.coach, teamId, { name: 'Sol Self', jersey_number: 5 })).id;
    const eve = (await addPlayer(t, cast.coach, teamId, { name: 'Eve Evans' })).id;
    await addContact(ava, cast.parent.email);
    await addContact(cal, cast.parent.email);
    const unverified = await signUp(t, 'parent', 'Una Unverified');
    await joinApproved(t, cast.coach, unverified, cast.team.invite_code ?? '');
    await addContact(dee, unverified.email);
    const self = await signUp(t, 'player', 'Sol Self');
    await joinApproved(t, cast.coach, self, cast.team.invite_code ?? '', sol);

    const game = await newGame(cast.coach.token, teamId);
    const practice = await newPractice();
    const tournament = await newTournament(teamId, 4, 5);
    const tournamentGame = await newTournamentGame(tournament, { date: fromToday(4), time: '09:00' });
    const otherPlayer = (await addPlayer(t, cast.otherCoach, cast.otherTeam.id, { name: 'Olly Other' })).id;
    const otherGame = await newGame(cast.otherCoach.token, cast.otherTeam.id);
    f = {
      ava,
      ben,
      cal,
      dee,
      sol,
      eve,
      unverified,
      self,
      game,
      practice,
      tournamentGame,
      otherPlayer,
      otherGame,
    };
  });
  afterAll(() => close());

  const submit = (token: string | undefined, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/team-rsvp/submit', token, {
      event_type: 'game',
      event_id: f.game,
      response: 'yes',
      ...body,
    });
  const submitAll = (token: string | undefined, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/team-rsvp/submit-all', token, {
      event_type: 'game',
      event_id: f.game,
      response: 'yes',
      ...body,
    });
  const listOf = (account: Account, teamId = cast.team.id, userId = account.id) =>
    call(t, 'GET', `/api/team-rsvp/user/${userId}/events?team_id=${teamId}`, account.token);
  const storedAnswers = (column: 'game_id' | 'practice_id' | 'tournament_game_id', eventId: number) =>
    queryRows<{ player_id: number; response: string; notes: string | null; responded_by: number | null }>(
      t.db,
      sql`select player_id, response, notes, responded_by from rsvps where ${sql.identifier(column)} = ${eventId} order by player_id`,
    );

  describe('submit', () => {
    it("records a parent's answer for their child and replaces it on resubmitting", async () => {
      const first = okJson<Rsvp>(
        await submit(cast.parent.token, { player_id: f.ava, notes: ' Late by 10 ' }),
      );
      expect(first).toEqual({
        id: expect.any(Number),
        team_id: cast.team.id,
        player_id: f.ava,
        player_name: 'Ava Adams',
        event_type: 'game',
        event_id: f.game,
        response: 'yes',
        notes: 'Late by 10',
        responded_by_name: 'Pat Parent',
        updated_at: expect.any(String),
      });
      const again = okJson<Rsvp>(await submit(cast.coach.token, { player_id: f.ava, response: 'no' }));
      expect(again).toMatchObject({
        id: first.id,
        response: 'no',
        notes: null,
        responded_by_name: 'Casey Coach',
      });
      expect(Date.parse(again.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));
      const stored = (await storedAnswers('game_id', f.game)).filter((row) => row.player_id === f.ava);
      expect(stored).toEqual([
        { player_id: f.ava, response: 'no', notes: null, responded_by: cast.coach.id },
      ]);
    });

    it('answers a game, a tournament game and a practice, each on its own', async () => {
      for (const [event_type, event_id] of [
        ['game', f.game],
        ['tournament', f.tournamentGame],
        ['practice', f.practice],
      ] as const) {
        const rsvp = okJson<Rsvp>(
          await submit(cast.coach.token, { event_type, event_id, player_id: f.ben, response: 'maybe' }),
        );
        expect(rsvp).toMatchObject({ event_type, event_id, player_id: f.ben, response: 'maybe' });
      }
      expect(await storedAnswers('tournament_game_id', f.tournamentGame)).toContainEqual(
        expect.objectContaining({ player_id: f.ben, response: 'maybe' }),
      );
      // A tournament game's id is not a game's id: the same number as a game answers another event.
      expect(await storedAnswers('practice_id', f.practice)).toHaveLength(1);
    });

    it('lets a player answer for themselves (linked on approval) and no one else', async () => {
      okJson(await submit(f.self.token, { player_id: f.sol }));
      expectDetail(await submit(f.self.token, { player_id: f.ava }), 403, RSVP_MESSAGES.notEligible);
      // The cast player is on the team but no player row is theirs.
      expectDetail(await submit(cast.player.token, { player_id: f.sol }), 403, RSVP_MESSAGES.notEligible);
    });

    it("refuses a parent for another family's child, and a moderator parent without children", async () => {
      expectDetail(await submit(cast.parent.token, { player_id: f.ben }), 403, RSVP_MESSAGES.notEligible);
      expectDetail(await submit(cast.moderator.token, { player_id: f.ben }), 403, RSVP_MESSAGES.notEligible);
    });

    it('matches a parent by email only once the email is verified', async () => {
      expectDetail(await submit(f.unverified.token, { player_id: f.dee }), 403, RSVP_MESSAGES.notEligible);
      await verifyEmail(f.unverified);
      okJson(await submit(f.unverified.token, { player_id: f.dee }));
    });

    it('takes no answer for an inactive player, from the coach or their own parent', async () => {
      expectDetail(await submit(cast.coach.token, { player_id: f.cal }), 400, RSVP_MESSAGES.inactivePlayer);
      expectDetail(await submit(cast.parent.token, { player_id: f.cal }), 400, RSVP_MESSAGES.inactivePlayer);
      // Another family learns nothing of the player's status.
      expectDetail(await submit(f.self.token, { player_id: f.cal }), 403, RSVP_MESSAGES.notEligible);
      expect((await storedAnswers('game_id', f.game)).map((row) => row.player_id)).not.toContain(f.cal);
    });

    it("answers 404 across teams: a stranger, another team's coach, another team's event or player", async () => {
      const missing = await submit(cast.coach.token, { event_id: 2_147_483_647, player_id: f.ava });
      expectDetail(missing, 404, RSVP_MESSAGES.eventNotFound);
      // The same answer whether the event exists or not.
      expectDetail(await submit(cast.stranger.token, { player_id: f.ava }), 404, RSVP_MESSAGES.eventNotFound);
      const otherCoachHere = await submit(cast.otherCoach.token, { player_id: f.otherPlayer });
      expectDetail(otherCoachHere, 404, RSVP_MESSAGES.eventNotFound);
      const foreignPlayer = await submit(cast.otherCoach.token, { event_id: f.otherGame, player_id: f.ava });
      expectDetail(foreignPlayer, 404, RSVP_MESSAGES.playerNotFound);
      const foreignEvent = await submit(cast.coach.token, { event_id: f.otherGame, player_id: f.ava });
      expectDetail(foreignEvent, 404, RSVP_MESSAGES.eventNotFound);
      expect(await queryRows(t.db, sql`select 1 from rsvps where team_id = ${cast.otherTeam.id}`)).toEqual(
        [],
      );
    });

    it('lets a club admin answer for any active player of any team', async () => {
      const rsvp = okJson<Rsvp>(await submit(cast.admin.token, { player_id: f.eve, response: 'no' }));
      expect(rsvp).toMatchObject({ player_name: 'Eve Evans', responded_by_name: 'Ada Admin' });
    });

    it('needs a signed-in user', async () => {
      expectDetail(
        await submit(undefined, { player_id: f.ava }),
        401,
        expect.any(String) as unknown as string,
      );
    });

    it.each([
      [{ event_type: 'tournament_day' }, 'Event type must be game, tournament or practice'],
      [{ event_type: 'party' }, 'Event type must be game, tournament or practice'],
      [{ event_type: undefined }, 'Event type must be game, tournament or practice'],
      [{ event_id: 0 }, 'Event id must be a positive number'],
      [{ event_id: 2 ** 31 }, 'Event id is out of range'],
      [{ event_id: -1 }, 'Event id must be a positive number'],
      [{ event_id: 1.5 }, 'Event id must be a whole number'],
      [{ event_id: '5' }, 'Event id must be a number'],
      [{ event_id: null }, 'Event id must be a number'],
      [{ player_id: undefined }, 'Player id must be a number'],
      [{ player_id: [1] }, 'Player id must be a number'],
      [{ response: 'YES' }, 'Response must be yes, no or maybe'],
      [{ response: true }, 'Response must be yes, no or maybe'],
      [{ notes: 'x'.repeat(501) }, 'Notes must be no more than 500 characters'],
      [{ notes: 12 }, 'Notes must be text'],
    ])('refuses %o with a message naming the field', async (change, detail) => {
      const response = await submit(cast.coach.token, { player_id: f.ben, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('refuses bodies that are not an answer with 4xx and a detail, never 500', async () => {
      for (const payload of ['[]', '"yes"', '{"event_type":', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/team-rsvp/submit',
          headers: { authorization: `Bearer ${cast.coach.token}`, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, payload).toBeLessThan(500);
        expect(response.json()).toEqual({ detail: expect.any(String) });
      }
      const nul = await submit(cast.coach.token, { player_id: f.ben, notes: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ detail: expect.any(String) });
    });
  });

  describe('submit-all', () => {
    it("answers for all of a parent's chosen players at once, and for the coach's whole list", async () => {
      const practice = await newPractice({ date: fromToday(9) });
      const mine = okJson<Rsvp[]>(
        await submitAll(cast.parent.token, {
          event_type: 'practice',
          event_id: practice,
          player_ids: [f.ava],
          response: 'maybe',
        }),
      );
      expect(mine).toEqual([expect.objectContaining({ player_id: f.ava, response: 'maybe' })]);
      const everyone = okJson<Rsvp[]>(
        await submitAll(cast.coach.token, {
          event_type: 'practice',
          event_id: practice,
          // A repeated id is one answer.
          player_ids: [f.ben, f.ava, f.sol, f.ben],
          notes: 'Bring water',
        }),
      );
      expect(everyone.map((r) => [r.player_id, r.response, r.notes])).toEqual([
        [f.ben, 'yes', 'Bring water'],
        [f.ava, 'yes', 'Bring water'],
        [f.sol, 'yes', 'Bring water'],
      ]);
      expect((await storedAnswers('practice_id', practice)).map((row) => row.player_id)).toEqual(
        [f.ava, f.ben, f.sol].sort((a, b) => a - b),
      );
    });

    it('stores none when any one player may not be answered for', async () => {
      const practice = await newPractice({ date: fromToday(10) });
      const cases: [Account, number[], number, string][] = [
        [cast.parent, [f.ava, f.ben], 403, RSVP_MESSAGES.notEligible],
        [cast.coach, [f.ben, f.cal], 400, RSVP_MESSAGES.inactivePlayer],
        [cast.coach, [f.ben, f.otherPlayer], 404, RSVP_MESSAGES.playerNotFound],
      ];
      for (const [account, player_ids, status, detail] of cases) {
        const response = await submitAll(account.token, {
          event_type: 'practice',
          event_id: practice,
          player_ids,
        });
        expectDetail(response, status, detail);
      }
      expect(await storedAnswers('practice_id', practice)).toEqual([]);
    });

    it.each([
      [{ player_ids: [] }, RSVP_MESSAGES.choosePlayers],
      [{ player_ids: 'all' }, 'player_ids must be a list of player ids'],
      [{ player_ids: [0] }, 'Player id must be a positive number'],
      [{ player_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'At most 100 players at once'],
    ])('refuses %o', async (change, detail) => {
      expectDetail(await submitAll(cast.coach.token, change), 400, detail);
    });

    it('answers 404 to a stranger', async () => {
      const response = await submitAll(cast.stranger.token, { player_ids: [f.ava] });
      expectDetail(response, 404, RSVP_MESSAGES.eventNotFound);
    });
  });

  describe('deleting', () => {
    it("removes an event's answers with the event, and a player's with the player", async () => {
      const game = await newGame(cast.coach.token, cast.team.id, { date: fromToday(12) });
      const extra = (await addPlayer(t, cast.coach, cast.team.id, { name: 'Gus Gone' })).id;
      okJson(await submitAll(cast.coach.token, { event_id: game, player_ids: [f.ben, extra] }));
      okJson(await submit(cast.coach.token, { player_id: extra }));
      expect(await storedAnswers('game_id', game)).toHaveLength(2);
      okJson(await call(t, 'DELETE', `/api/teams/${cast.team.id}/players/${extra}`, cast.coach.token));
      expect(await queryRows(t.db, sql`select 1 from rsvps where player_id = ${extra}`)).toEqual([]);
      okJson(await call(t, 'DELETE', `/api/games/${cast.team.id}/${game}`, cast.coach.token));
      expect(await storedAnswers('game_id', game)).toEqual([]);
      expectDetail(
        await submit(cast.coach.token, { event_id: game, player_id: f.ben }),
        404,
        RSVP_MESSAGES.eventNotFound,
      );
    });
  });

  describe('RSVPs close when the event starts (docs/product/calendar-rsvp-and-feed.md)', () => {
    it('refuses parents and players once an event has started, with the message, and stores nothing', async () => {
      const yesterday = await newGame(cast.coach.token, cast.team.id, { date: fromToday(-1), time: '10:00' });
      const cup = await newTournament(cast.team.id, -1, 0);
      const tbdYesterday = await newTournamentGame(cup, { date: fromToday(-1), time: 'TBD' });
      const tbdToday = await newTournamentGame(cup, { date: fromToday(0), time: 'TBD' });
      const refusals = [
        await submit(cast.parent.token, { event_id: yesterday, player_id: f.ava }),
        await submitAll(cast.parent.token, { event_id: yesterday, player_ids: [f.ava] }),
        await submit(f.self.token, { event_id: yesterday, player_id: f.sol }),
        // Without a time it closes at the end of its day.
        await submit(cast.parent.token, {
          event_type: 'tournament',
          event_id: tbdYesterday,
          player_id: f.ava,
        }),
      ];
      for (const refused of refusals) expectDetail(refused, 409, RSVP_MESSAGES.closed);
      expect(await storedAnswers('game_id', yesterday)).toEqual([]);
      expect(await storedAnswers('tournament_game_id', tbdYesterday)).toEqual([]);
      // Today's event without a time is open until midnight.
      okJson(
        await submit(cast.parent.token, { event_type: 'tournament', event_id: tbdToday, player_id: f.ava }),
      );
      // An event still to come is open, as before.
      okJson(await submit(cast.parent.token, { event_id: f.game, player_id: f.ava }));
    });

    it("closes a tournament game without a date at the end of its tournament's last day", async () => {
      const ended = await newTournament(cast.team.id, -3, -1);
      const undatedEnded = await newTournamentGame(ended, {});
      const endsToday = await newTournament(cast.team.id, -2, 0);
      const undatedToday = await newTournamentGame(endsToday, { time: 'TBD' });
      const longAgo = await newTournament(cast.team.id, -10, -8);
      const undatedLongAgo = await newTournamentGame(longAgo, {});
      const answer = (token: string, eventId: number, playerId = f.ava) =>
        submit(token, { event_type: 'tournament', event_id: eventId, player_id: playerId });
      expectDetail(await answer(cast.parent.token, undatedEnded), 409, RSVP_MESSAGES.closed);
      expectDetail(
        await submitAll(cast.parent.token, {
          event_type: 'tournament',
          event_id: undatedEnded,
          player_ids: [f.ava],
        }),
        409,
        RSVP_MESSAGES.closed,
      );
      expect(await storedAnswers('tournament_game_id', undatedEnded)).toEqual([]);
      // Coaches keep their 7 days from that moment, then nobody answers.
      okJson(await answer(cast.coach.token, undatedEnded));
      expectDetail(await answer(cast.coach.token, undatedLongAgo), 409, RSVP_MESSAGES.closedForCoaches);
      // A tournament that ends today takes answers until midnight.
      okJson(await answer(cast.parent.token, undatedToday));
    });

    it('lets a coach or admin record attendance for 7 days after the start, then refuses them too', async () => {
      const yesterday = await newGame(cast.coach.token, cast.team.id, { date: fromToday(-1), time: '10:00' });
      const sixDays = await newPractice({ date: fromToday(-6), time: '23:59' });
      const eightDays = await newGame(cast.coach.token, cast.team.id, { date: fromToday(-8), time: '10:00' });
      okJson(await submit(cast.coach.token, { event_id: yesterday, player_id: f.ava, response: 'no' }));
      okJson(
        await submitAll(cast.admin.token, {
          event_type: 'practice',
          event_id: sixDays,
          player_ids: [f.ava, f.ben],
        }),
      );
      const late = await submit(cast.coach.token, { event_id: eightDays, player_id: f.ava });
      expectDetail(late, 409, RSVP_MESSAGES.closedForCoaches);
      expectDetail(
        await submit(cast.admin.token, { event_id: eightDays, player_id: f.ava }),
        409,
        RSVP_MESSAGES.closedForCoaches,
      );
      expect(await storedAnswers('game_id', yesterday)).toEqual([
        { player_id: f.ava, response: 'no', notes: null, responded_by: cast.coach.id },
      ]);
      expect(await storedAnswers('game_id', eightDays)).toEqual([]);
      // A moderator parent is a parent here: the coaches' days are not theirs.
      expectDetail(
        await submit(cast.moderator.token, { event_id: yesterday, player_id: f.ben }),
        409,
        RSVP_MESSAGES.closed,
      );
    });
  });

  describe("the user's own list", () => {
    it('lists the players a parent may answer for and only their answers', async () => {
      okJson(
        await submit(cast.parent.token, { player_id: f.ava, event_type: 'practice', event_id: f.practice }),
      );
      okJson(
        await submit(cast.coach.token, { player_id: f.ben, event_type: 'practice', event_id: f.practice }),
      );
      const list = okJson<RsvpList>(await listOf(cast.parent));
      // Cal is theirs but inactive; Ben is another family's.
      expect(list.players).toEqual([
        { id: f.ava, team_id: cast.team.id, name: 'Ava Adams', jersey_number: 7 },
      ]);
      expect(list.rsvps.length).toBeGreaterThan(0);
      expect(new Set(list.rsvps.map((r) => r.player_id))).toEqual(new Set([f.ava]));
      expect(list.rsvps).toContainEqual(
        expect.objectContaining({
          event_type: 'practice',
          event_id: f.practice,
          player_name: 'Ava Adams',
          responded_by_name: 'Pat Parent',
        }),
      );
    });

    it('lists every active player in roster order for the coach, themselves for a player, none for others', async () => {
      const coach = okJson<RsvpList>(await listOf(cast.coach));
      expect(coach.players.map((p) => p.name)).toEqual([
        'Dee Diaz',
        'Sol Self',
        'Ava Adams',
        'Ben Brown',
        'Eve Evans',
      ]);
      expect(new Set(coach.rsvps.map((r) => r.player_id))).toEqual(
        new Set([f.ava, f.ben, f.sol, f.dee, f.eve]),
      );
      expect(okJson<RsvpList>(await listOf(f.self)).players.map((p) => p.id)).toEqual([f.sol]);
      expect(okJson<RsvpList>(await listOf(cast.player))).toEqual({ players: [], rsvps: [] });
      expect(okJson<RsvpList>(await listOf(cast.moderator))).toEqual({ players: [], rsvps: [] });
    });

    it("answers 404 for another user's id and a team the caller is not in", async () => {
      expectDetail(await listOf(cast.parent, cast.team.id, cast.coach.id), 404, 'User not found');
      expectDetail(await listOf(cast.stranger), 404, 'Team not found');
      expectDetail(await listOf(cast.otherCoach), 404, 'Team not found');
      expectDetail(await listOf(cast.coach, 2_147_483_647), 404, 'Team not found');
    });

    it("answers the request exactly as the spec writes it (no query): the caller's answers on every team", async () => {
      // A parent with a child on each team (joining by code takes one team; the second is made directly).
      const family = await signUp(t, 'parent', 'Fay Family');
      const here = (await addPlayer(t, cast.coach, cast.team.id, { name: 'Hal Here', jersey_number: 21 })).id;
      const there = (await addPlayer(t, cast.otherCoach, cast.otherTeam.id, { name: 'Tia There' })).id;
      await joinApproved(t, cast.coach, family, cast.team.invite_code ?? '', here);
      await t.db.execute(sql`insert into team_members (team_id, user_id, role)
        values (${cast.otherTeam.id}, ${family.id}, 'parent')`);
      await t.db.execute(sql`insert into parent_contacts (team_id, player_id, name, email, user_id)
        values (${cast.otherTeam.id}, ${there}, ${family.name}, ${family.email}, ${family.id})`);
      okJson(await submit(family.token, { player_id: here, response: 'maybe' }));
      okJson(await submit(family.token, { player_id: there, event_id: f.otherGame, response: 'no' }));
      // Someone else's answer on either team stays out.
      okJson(await submit(cast.coach.token, { player_id: f.ben }));

      const response = await t.app.inject({
        method: 'GET',
        url: `/api/team-rsvp/user/${family.id}/events`,
        headers: { authorization: `Bearer ${family.token}` },
      });
      const list = okJson<RsvpList>(response);
      expect(list.players).toEqual([
        { id: here, team_id: cast.team.id, name: 'Hal Here', jersey_number: 21 },
        { id: there, team_id: cast.otherTeam.id, name: 'Tia There', jersey_number: null },
      ]);
      expect(list.rsvps.map((r) => [r.team_id, r.player_id, r.event_id, r.response])).toEqual([
        [cast.team.id, here, f.game, 'maybe'],
        [cast.otherTeam.id, there, f.otherGame, 'no'],
      ]);
      // team_id narrows it to one team.
      const narrowed = okJson<RsvpList>(await listOf(family, cast.otherTeam.id));
      expect(narrowed.players.map((p) => p.id)).toEqual([there]);
      expect(narrowed.rsvps.map((r) => r.player_id)).toEqual([there]);
      // Still only the caller's own id; a user without a team gets an empty list.
      const other = await call(t, 'GET', `/api/team-rsvp/user/${cast.coach.id}/events`, family.token);
      expectDetail(other, 404, 'User not found');
      const lonely = okJson<RsvpList>(
        await call(t, 'GET', `/api/team-rsvp/user/${cast.stranger.id}/events`, cast.stranger.token),
      );
      expect(lonely).toEqual({ players: [], rsvps: [] });
    });

    it.each([
      ['?team_id=', 'team_id must be a positive number'],
      ['?team_id=abc', 'team_id must be a team id (a number)'],
      ['?team_id=0', 'team_id must be a positive number'],
      ['?team_id=2147483648', 'team_id is out of range'],
      ['?team_id=1.5', 'team_id must be a whole number'],
    ])('refuses the query %s', async (query, detail) => {
      const response = await call(
        t,
        'GET',
        `/api/team-rsvp/user/${cast.coach.id}/events${query}`,
        cast.coach.token,
      );
      expectDetail(response, 400, detail);
    });

    it('reads in a fixed number of statements, however many players and answers', async () => {
      // After a write each time, so no measure reads from a cache the other missed.
      const count = async () => {
        okJson(await submit(cast.coach.token, { player_id: f.eve, response: 'maybe' }));
        return ownStatements(await statementsDuring(t, async () => okJson(await listOf(cast.coach)))).length;
      };
      const before = await count();
      for (let i = 0; i < 3; i += 1) {
        const practice = await newPractice({ date: fromToday(20 + i) });
        okJson(
          await submitAll(cast.coach.token, {
            event_type: 'practice',
            event_id: practice,
            player_ids: [f.ava, f.ben, f.dee, f.sol, f.eve],
          }),
        );
      }
      expect(await count()).toBe(before);
      expect(before).toBeLessThanOrEqual(4);
    });
  });

  describe('the coach overview', () => {
    it('stops counting the answer of a player made inactive', async () => {
      const coach = await signUp(t, 'coach', 'Ida Ibiscoach');
      const team = await createTeam(t, coach, { name: 'U9 Ibis' });
      const ann = (await addPlayer(t, coach, team.id, { name: 'Ann Ibis', jersey_number: 3 })).id;
      const bo = (await addPlayer(t, coach, team.id, { name: 'Bo Ibis', jersey_number: 5 })).id;
      const game = okJson<{ id: number }>(
        await call(t, 'POST', `/api/games/${team.id}`, coach.token, {
          opponent: 'Cranes',
          date: fromToday(3),
          time: '10:00',
          location: 'Marsh',
        }),
        201,
      ).id;
      okJson(
        await call(t, 'POST', '/api/team-rsvp/submit-all', coach.token, {
          event_type: 'game',
          event_id: game,
          player_ids: [bo, ann],
          response: 'yes',
        }),
      );
      okJson(
        await call(t, 'PUT', `/api/teams/${team.id}/players/${bo}`, coach.token, {
          name: 'Bo Ibis',
          jersey_number: 5,
          status: 'inactive',
        }),
      );
      const [event] = okJson<{ upcoming_events: OverviewEvent[] }>(
        await call(t, 'GET', `/api/team-rsvp/team/${team.id}/overview`, coach.token),
      ).upcoming_events;
      expect(event).toMatchObject({ total_responses: 1, yes_count: 1, not_responded: [] });
      expect(event?.responses.map((r) => r.player_id)).toEqual([ann]);
    });

    it('names who answered, a club admin who is not on the team as well as its coach', async () => {
      const game = await newGame(cast.coach.token, cast.team.id, { opponent: 'Herons', date: fromToday(5) });
      okJson(await submit(cast.admin.token, { event_id: game, player_id: f.eve, response: 'no' }));
      okJson(await submit(cast.coach.token, { event_id: game, player_id: f.ava, response: 'maybe' }));
      const event = okJson<{ upcoming_events: OverviewEvent[] }>(
        await call(t, 'GET', `/api/team-rsvp/team/${cast.team.id}/overview`, cast.coach.token),
      ).upcoming_events.find((e) => e.event_type === 'game' && e.event_id === game);
      const who = Object.fromEntries((event?.responses ?? []).map((r) => [r.player_id, r.user]));
      expect(who).toEqual({
        [f.eve]: { name: 'Ada Admin', role: 'admin' },
        [f.ava]: { name: expect.any(String), role: 'coach' },
      });
    });

    it('is for coaches and admins; others get 403, non-members 404', async () => {
      await expectAccess(
        cast,
        (token) => call(t, 'GET', `/api/team-rsvp/team/${cast.team.id}/overview`, token),
        runnersWrite(200),
      );
      const parent = await call(t, 'GET', `/api/team-rsvp/team/${cast.team.id}/overview`, cast.parent.token);
      expectDetail(parent, 403, RSVP_MESSAGES.coachesOnly);
    });

    it('lists upcoming events by date and time with counts, answers and who has not answered', async () => {
      // A team of its own, so every figure is known.
      const coach = await signUp(t, 'coach', 'Owen Owlcoach');
      const team = await createTeam(t, coach, { name: 'U11 Owls' });
      const parent = await signUp(t, 'parent', 'Polly Parent');
      await joinApproved(t, coach, parent, team.invite_code ?? '');
      const kid = (n: string, jersey: number | null, status = 'active') =>
        addPlayer(t, coach, team.id, { name: n, jersey_number: jersey, position: 'Midfielder', status });
      const zoe = (await kid('Zoe Zhang', 4)).id;
      const yan = (await kid('Yan Young', 2)).id;
      const xia = (await kid('Xia Xu', null)).id;
      await kid('Ina Inactive', 8, 'inactive');
      const base = { location: 'Owl Park' };
      const post = async (url: string, body: Record<string, unknown>) =>
        okJson<{ id: number }>(await call(t, 'POST', url, coach.token, body), 201);
      const past = (
        await post(`/api/games/${team.id}`, { ...base, opponent: 'Old', date: fromToday(-1), time: '09:00' })
      ).id;
      const later = (
        await post(`/api/games/${team.id}`, { ...base, opponent: 'Bears', date: fromToday(6), time: '18:00' })
      ).id;
      const today = (
        await post(`/api/games/${team.id}`, {
          ...base,
          opponent: 'Wolves',
          date: fromToday(0),
          time: '08:00',
        })
      ).id;
      const practice = okJson<{ practices: { id: number }[] }>(
        await call(t, 'POST', '/api/practices', coach.token, {
          ...base,
          team_id: team.id,
          title: 'Shooting',
          date: fromToday(6),
          time: '07:00',
        }),
        201,
      ).practices[0]?.id;
      const cup = (
        await post(`/api/tournaments/team/${team.id}`, {
          name: 'Owl Cup',
          location: 'Far Fields',
          start_date: fromToday(6),
          end_date: fromToday(7),
        })
      ).id;
      const tbd = (
        await post(`/api/tournaments/${cup}/games`, { opponent: 'Hawks', date: fromToday(6), time: 'TBD' })
      ).id;
      await post(`/api/tournaments/${cup}/games`, { opponent: 'Undated' });

      const answer = async (token: string, body: Record<string, unknown>) =>
        okJson(await call(t, 'POST', '/api/team-rsvp/submit', token, body));
      await answer(coach.token, { event_type: 'game', event_id: later, player_id: zoe, response: 'yes' });
      await answer(coach.token, {
        event_type: 'game',
        event_id: later,
        player_id: yan,
        response: 'no',
        notes: 'Away',
      });
      await answer(coach.token, { event_type: 'game', event_id: later, player_id: xia, response: 'maybe' });
      await answer(coach.token, { event_type: 'game', event_id: past, player_id: zoe, response: 'yes' });
      await answer(coach.token, { event_type: 'tournament', event_id: tbd, player_id: yan, response: 'yes' });

      const url = `/api/team-rsvp/team/${team.id}/overview`;
      // Read right after the answers were written, so nothing is kept yet: every statement is counted.
      const measured = async () => {
        let body: { upcoming_events: OverviewEvent[] } = { upcoming_events: [] };
        const statements = await statementsDuring(t, async () => {
          body = overviewSchema.parse(okJson(await call(t, 'GET', url, coach.token)));
        });
        return { ...body, statements: ownStatements(statements).length };
      };
      const first = await measured();
      const { upcoming_events } = first;
      // Today's game first; on day 6 practice 07:00, game 18:00, then the TBD tournament game; no past
      // game, no undated tournament game, no placeholder for day 7.
      expect(upcoming_events.map((e) => [e.event_type, e.event_id, e.event_date, e.event_time])).toEqual([
        ['game', today, fromToday(0), '08:00'],
        ['practice', practice, fromToday(6), '07:00'],
        ['game', later, fromToday(6), '18:00'],
        ['tournament', tbd, fromToday(6), null],
      ]);
      const bears = upcoming_events[2];
      expect(bears).toMatchObject({
        event_name: 'vs Bears',
        tournament_name: null,
        total_responses: 3,
        yes_count: 1,
        no_count: 1,
        maybe_count: 1,
        not_responded: [],
      });
      // Answers in roster order: 2 Yan, 4 Zoe, then Xia without a number.
      expect(bears?.responses).toEqual([
        {
          id: expect.any(Number),
          player_id: yan,
          player: { name: 'Yan Young', position: 'Midfielder', jersey_number: 2 },
          user: { name: 'Owen Owlcoach', role: 'coach' },
          response: 'no',
          notes: 'Away',
        },
        expect.objectContaining({ player_id: zoe, response: 'yes' }),
        expect.objectContaining({ player_id: xia, response: 'maybe' }),
      ]);
      const hawks = upcoming_events[3];
      expect(hawks).toMatchObject({
        event_name: 'vs Hawks',
        tournament_name: 'Owl Cup',
        total_responses: 1,
        yes_count: 1,
      });
      // Active players only, in roster order.
      expect(hawks?.not_responded.map((p) => p.player_id)).toEqual([zoe, xia]);
      expect(upcoming_events[0]?.not_responded).toEqual([
        { player_id: yan, name: 'Yan Young', position: 'Midfielder', jersey_number: 2 },
        { player_id: zoe, name: 'Zoe Zhang', position: 'Midfielder', jersey_number: 4 },
        { player_id: xia, name: 'Xia Xu', position: 'Midfielder', jersey_number: null },
      ]);
      expect(upcoming_events[0]?.total_responses).toBe(0);
      expectDetail(await call(t, 'GET', url, parent.token), 403, RSVP_MESSAGES.coachesOnly);
      // Another team's coach finds no such team.
      expectDetail(await call(t, 'GET', url, cast.coach.token), 404, 'Team not found');

      // A bounded number of statements, the same with more events and answers.
      for (let i = 1; i <= 3; i += 1) {
        const id = (
          await post(`/api/games/${team.id}`, {
            ...base,
            opponent: `Extra ${i}`,
            date: fromToday(i),
            time: '10:00',
          })
        ).id;
        await answer(coach.token, { event_type: 'game', event_id: id, player_id: zoe, response: 'yes' });
      }
      const more = await measured();
      expect(more.upcoming_events).toHaveLength(7);
      expect(more.statements).toBe(first.statements);
      // The team's families, their contacts and the last reminders count who a reminder would reach.
      expect(first.statements).toBeLessThanOrEqual(10);
    });
  });
});
