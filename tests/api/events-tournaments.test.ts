import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tournament, TournamentGame } from '../../src/shared/api/events.ts';
import { EVENT_MESSAGES } from '../../src/shared/events.ts';
import { expectDetail, fromToday, okJson, statementsDuring } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import {
  call,
  type Cast,
  createTeam,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  setModeratorFlags,
  startWithCast,
} from '../support/teams.ts';

// Tournaments and their games (docs/product/events.md 'Tournaments', 'Scores', 'Quick-add',
// docs/product/moderators-and-admin.md 'Capabilities').

describe.each(BACKENDS)('tournaments API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  // Each tournament is another one: the same name and dates on a team is refused (docs/product/events.md
  // 'Quick-add').
  let made = 0;
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: `Spring Cup ${(made += 1)}`,
    location: 'Riverside Park',
    start_date: fromToday(10),
    end_date: fromToday(11),
    ...overrides,
  });
  const create = (
    token: string | undefined,
    overrides: Record<string, unknown> = {},
    teamId = cast.team.id,
  ) => call(t, 'POST', `/api/tournaments/team/${teamId}`, token, body(overrides));
  /** Made by the team's coach (the other team's coach for the other team). */
  const newTournament = async (overrides: Record<string, unknown> = {}, teamId = cast.team.id) =>
    okJson<Tournament>(
      await create(
        teamId === cast.otherTeam.id ? cast.otherCoach.token : cast.coach.token,
        overrides,
        teamId,
      ),
      201,
    );
  const list = async (token = cast.coach.token, teamId = cast.team.id) =>
    okJson<Tournament[]>(await call(t, 'GET', `/api/tournaments/team/${teamId}`, token));
  const addGame = (token: string | undefined, tournamentId: number, game: Record<string, unknown>) =>
    call(t, 'POST', `/api/tournaments/${tournamentId}/games`, token, game);
  const newGame = async (tournamentId: number, game: Record<string, unknown> = {}) =>
    okJson<TournamentGame>(
      await addGame(cast.coach.token, tournamentId, { opponent: 'Lions', ...game }),
      201,
    );
  const putGame = (
    token: string | undefined,
    tournamentId: number,
    gameId: number,
    change: Record<string, unknown>,
  ) => call(t, 'PUT', `/api/tournaments/${tournamentId}/games/${gameId}`, token, change);

  it('creates a tournament and answers it with status, stamped dates, team name, games and record', async () => {
    const response = await create(cast.coach.token, {
      name: '  Spring Cup  ',
      address: '1 Park Road',
      url: 'springcup.example.org',
      notes: 'Bring water',
      start_date: `${fromToday(10)}T05:00:00.000Z`,
    });
    const tournament = okJson<Tournament>(response, 201);
    expect(tournament).toEqual({
      id: expect.any(Number),
      team_id: cast.team.id,
      name: 'Spring Cup',
      location: 'Riverside Park',
      address: '1 Park Road',
      url: 'https://springcup.example.org',
      start_date: fromToday(10),
      end_date: fromToday(11),
      startDate: `${fromToday(10)}T00:00:00.000Z`,
      endDate: `${fromToday(11)}T23:59:59.999Z`,
      notes: 'Bring water',
      status: 'upcoming',
      team_name: 'U10 Hawks',
      teamName: 'U10 Hawks',
      team: { name: 'U10 Hawks' },
      games: [],
      record: { wins: 0, losses: 0, draws: 0 },
      source_tournament_id: null,
    });
    const listed = (await list(cast.parent.token)).find((x) => x.id === tournament.id);
    expect(listed).toEqual(tournament);
    // Blank optional fields are stored as nothing.
    const bare = okJson<Tournament>(
      await create(cast.coach.token, { address: ' ', url: '', notes: null }),
      201,
    );
    expect(bare).toMatchObject({ address: null, url: null, notes: null });
  });

  it('answers every validation problem with a message naming the field', async () => {
    const required = EVENT_MESSAGES.tournamentRequired;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, required],
      [{ name: '   ' }, required],
      [{ location: undefined }, required],
      [{ start_date: undefined }, required],
      [{ end_date: '' }, required],
      [{ start_date: fromToday(5), end_date: fromToday(4) }, EVENT_MESSAGES.endBeforeStart],
      [{ start_date: '2026-02-30' }, 'Start date must be a real date (YYYY-MM-DD)'],
      [{ end_date: 'next week' }, 'End date must be a real date (YYYY-MM-DD)'],
      [{ name: 'x'.repeat(101) }, 'Tournament name must be no more than 100 characters'],
      [{ location: 'x'.repeat(201) }, 'Location must be no more than 200 characters'],
      [{ address: 'x'.repeat(301) }, 'Address must be no more than 300 characters'],
      [{ notes: 'x'.repeat(2001) }, 'Notes must be no more than 2000 characters'],
      [{ url: `https://${'x'.repeat(500)}.org` }, 'Website must be no more than 500 characters'],
      [{ url: 'ftp://files.example.org' }, 'Website must be a web address (http or https)'],
      [{ name: 42 }, 'Tournament name must be text'],
      [{ start_date: 20260601 }, 'Start date must be a date'],
      [{ notes: ['a'] }, 'Notes must be text'],
    ];
    for (const [overrides, detail] of cases) {
      expectDetail(await create(cast.coach.token, overrides), 400, detail);
    }
    const notObject = await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, [1]);
    expect(notObject.statusCode).toBe(400);
  });

  it('computes the status from today in Chicago and sorts active, upcoming, then completed', async () => {
    const teamId = (await createTeam(t, cast.coach, { name: 'U11 Status' })).id;
    const make = async (name: string, start: number, end: number) =>
      (await newTournament({ name, start_date: fromToday(start), end_date: fromToday(end) }, teamId)).id;
    const ids = {
      pastOld: await make('Past old', -30, -29),
      upcomingLate: await make('Upcoming late', 5, 6),
      endsToday: await make('Ends today', -2, 0),
      past: await make('Past', -10, -1),
      startsToday: await make('Starts today', 0, 2),
      upcomingSoon: await make('Upcoming soon', 1, 1),
    };
    const tournaments = await list(cast.coach.token, teamId);
    expect(tournaments.map((x) => [x.name, x.status])).toEqual([
      ['Ends today', 'active'],
      ['Starts today', 'active'],
      ['Upcoming soon', 'upcoming'],
      ['Upcoming late', 'upcoming'],
      ['Past', 'completed'],
      ['Past old', 'completed'],
    ]);
    expect(Object.keys(ids)).toHaveLength(6);
  });

  it('reads are for every member; creating needs can_create_tournaments', async () => {
    const url = `/api/tournaments/team/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
    await expectAccess(cast, (token) => create(token), runnersWrite(201));
    await setModeratorFlags(t, cast, ['can_manage_events', 'can_update_scores']);
    expect((await create(cast.moderator.token)).statusCode).toBe(403);
    await setModeratorFlags(t, cast, ['can_create_tournaments']);
    expect((await create(cast.moderator.token)).statusCode).toBe(201);
    const refused = await create(cast.parent.token);
    expectDetail(refused, 403, 'You do not have permission to create tournaments for this team');
  });

  it('PUT corrects the fields sent, keeps the rest, and checks the dates it would leave', async () => {
    const tournament = await newTournament({ address: 'Old address', notes: 'Old notes' });
    const url = `/api/tournaments/${tournament.id}`;
    const renamed = okJson<Tournament>(
      await call(t, 'PUT', url, cast.coach.token, { name: 'Summer Cup', address: '' }),
    );
    expect(renamed).toMatchObject({
      id: tournament.id,
      name: 'Summer Cup',
      location: 'Riverside Park',
      address: null,
      notes: 'Old notes',
      start_date: tournament.start_date,
    });
    // The end would fall before the stored start.
    const before = await call(t, 'PUT', url, cast.coach.token, { end_date: fromToday(9) });
    expectDetail(before, 400, EVENT_MESSAGES.endBeforeStart);
    const moved = okJson<Tournament>(
      await call(t, 'PUT', url, cast.coach.token, { start_date: fromToday(-1), end_date: fromToday(1) }),
    );
    expect(moved).toMatchObject({ status: 'active', startDate: `${fromToday(-1)}T00:00:00.000Z` });
    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { name: ' ' }),
      400,
      EVENT_MESSAGES.tournamentRequired,
    );
    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { start_date: '2026-13-01' }),
      400,
      'Start date must be a real date (YYYY-MM-DD)',
    );

    await expectAccess(cast, (token) => call(t, 'PUT', url, token, { notes: 'Edited' }), runnersWrite(200));
    await setModeratorFlags(t, cast, ['can_create_tournaments']);
    expect((await call(t, 'PUT', url, cast.moderator.token, { notes: 'By moderator' })).statusCode).toBe(200);

    const theirs = await newTournament({}, cast.otherTeam.id);
    const cross = await call(t, 'PUT', `/api/tournaments/${theirs.id}`, cast.coach.token, { name: 'Mine' });
    expectDetail(cross, 404, EVENT_MESSAGES.tournamentNotFound);
    expectDetail(
      await call(t, 'PUT', '/api/tournaments/2147483000', cast.coach.token, { name: 'Nope' }),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
    expectDetail(
      await call(t, 'PUT', '/api/tournaments/abc', cast.coach.token, { name: 'Nope' }),
      400,
      'Tournament id must be a number',
    );
  });

  it('DELETE removes the tournament with its games; other teams cannot', async () => {
    await expectAccess(
      cast,
      async (token) => {
        const { id } = await newTournament();
        return call(t, 'DELETE', `/api/tournaments/${id}`, token);
      },
      runnersWrite(200),
    );
    const tournament = await newTournament();
    await newGame(tournament.id);
    await newGame(tournament.id, { opponent: 'Tigers' });
    expectDetail(
      await call(t, 'DELETE', `/api/tournaments/${tournament.id}`, cast.otherCoach.token),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
    const deleted = await call(t, 'DELETE', `/api/tournaments/${tournament.id}`, cast.coach.token);
    expect(okJson(deleted)).toEqual({ message: expect.any(String), detail: expect.any(String) });
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from tournament_games where tournament_id = ${tournament.id}`,
    );
    expect(left[0]?.n).toBe(0);
    expectDetail(
      await call(t, 'DELETE', `/api/tournaments/${tournament.id}`, cast.coach.token),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
  });

  it('adds games (scheduled by default), lists them by date then time with TBD last, and keeps the record', async () => {
    const tournament = await newTournament({ start_date: fromToday(-3), end_date: fromToday(-1) });
    const first = await addGame(cast.coach.token, tournament.id, {
      opponent: ' Lions ',
      round_name: 'Group A',
      date: fromToday(-3),
      time: '09:30',
      field: 'Field 2',
      kit: 'Home',
      notes: 'Early start',
      condition: '',
    });
    expect(okJson(first, 201)).toEqual({
      id: expect.any(Number),
      tournament_id: tournament.id,
      opponent: 'Lions',
      round_name: 'Group A',
      date: fromToday(-3),
      time: '09:30',
      field: 'Field 2',
      kit: 'Home',
      notes: 'Early start',
      condition: null,
      arrival_time: null,
      status: 'scheduled',
      our_score: null,
      opponent_score: null,
    });
    const tbd = await newGame(tournament.id, { opponent: 'Winner of A', date: fromToday(-3), time: 'tbd' });
    expect(tbd.time).toBe('TBD');
    await newGame(tournament.id, {
      opponent: 'Bears',
      date: fromToday(-3),
      time: '08:00',
      our_score: 2,
      opponent_score: 1,
    });
    await newGame(tournament.id, {
      opponent: 'Wolves',
      date: fromToday(-2),
      time: '10:00',
      our_score: 0,
      opponent_score: 3,
    });
    await newGame(tournament.id, {
      opponent: 'Hawks B',
      date: fromToday(-2),
      time: '',
      our_score: 1,
      opponent_score: 1,
    });
    await newGame(tournament.id, {
      opponent: 'Final',
      status: 'conditional',
      condition: 'If we win the group',
    });
    const [listed] = (await list()).filter((x) => x.id === tournament.id);
    expect(listed?.games.map((g) => g.opponent)).toEqual([
      'Bears',
      'Lions',
      'Winner of A',
      'Wolves',
      'Hawks B',
      'Final',
    ]);
    expect(listed?.games.find((g) => g.opponent === 'Bears')?.status).toBe('completed');
    expect(listed?.record).toEqual({ wins: 1, losses: 1, draws: 1 });
  });

  it("keeps a game's optional arrival time as games and practices do: set, refused, kept, cleared", async () => {
    const tournament = await newTournament();
    const game = await newGame(tournament.id, { date: fromToday(10), time: '10:00', arrival_time: '09:15' });
    expect(game.arrival_time).toBe('09:15');
    // Read back by every member, and on the calendar.
    const [listed] = (await list(cast.parent.token)).filter((x) => x.id === tournament.id);
    expect(listed?.games.find((g) => g.id === game.id)?.arrival_time).toBe('09:15');
    const month = okJson<{ id: string; arrivalTime: string | null }[]>(
      await call(
        t,
        'GET',
        `/api/calendar/team/${cast.team.id}/events?from=${fromToday(0)}&to=${fromToday(20)}`,
        cast.parent.token,
      ),
    );
    expect(month.find((e) => e.id === `tournament-game-${game.id}`)?.arrivalTime).toBe('09:15');
    for (const bad of ['9.15', '25:00', 'TBD', 915, true]) {
      expectDetail(
        await putGame(cast.coach.token, tournament.id, game.id, { arrival_time: bad }),
        400,
        EVENT_MESSAGES.arrivalInvalid,
      );
    }
    expectDetail(
      await addGame(cast.coach.token, tournament.id, {
        opponent: 'Owls',
        time: '10:00',
        arrival_time: '10:30',
      }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    // Moving the kick-off before the stored arrival is refused; a time not known yet (TBD) is not.
    expectDetail(
      await putGame(cast.coach.token, tournament.id, game.id, { time: '09:00' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    const tbd = okJson<TournamentGame>(
      await putGame(cast.coach.token, tournament.id, game.id, { time: 'TBD' }),
    );
    expect(tbd).toMatchObject({ time: 'TBD', arrival_time: '09:15' });
    // A PUT that leaves it out keeps it; seconds are dropped; blank or null clears it.
    const kept = okJson<TournamentGame>(
      await putGame(cast.coach.token, tournament.id, game.id, { notes: 'Bring water', time: '10:00' }),
    );
    expect(kept).toMatchObject({ arrival_time: '09:15', time: '10:00' });
    const put = (arrival: unknown) =>
      putGame(cast.coach.token, tournament.id, game.id, { arrival_time: arrival });
    expect(okJson<TournamentGame>(await put('09:30:00')).arrival_time).toBe('09:30');
    expect(okJson<TournamentGame>(await put('')).arrival_time).toBeNull();
    okJson(await put('09:00'));
    expect(okJson<TournamentGame>(await put(null)).arrival_time).toBeNull();
    // Only who manages events sets it (a score keeper does not); another team's game is not found.
    expect(
      (await putGame(cast.parent.token, tournament.id, game.id, { arrival_time: '09:00' })).statusCode,
    ).toBe(403);
    await setModeratorFlags(t, cast, ['can_update_scores']);
    expect(
      (await putGame(cast.moderator.token, tournament.id, game.id, { arrival_time: '09:00' })).statusCode,
    ).toBe(403);
    expectDetail(
      await putGame(cast.otherCoach.token, tournament.id, game.id, { arrival_time: '09:00' }),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
  });

  it('answers every game validation problem with a message naming the field', async () => {
    const { id } = await newTournament();
    const cases: [Record<string, unknown>, string][] = [
      [{}, EVENT_MESSAGES.opponentRequired],
      [{ opponent: '   ' }, EVENT_MESSAGES.opponentRequired],
      [{ opponent: 7 }, 'Opponent must be text'],
      [{ opponent: 'x'.repeat(101) }, 'Opponent must be no more than 100 characters'],
      [{ opponent: 'A', date: '2026-02-30' }, 'Date must be a real date (YYYY-MM-DD)'],
      [{ opponent: 'A', time: '25:00' }, 'Time must be a time (HH:MM) or TBD'],
      [
        { opponent: 'A', status: 'won' },
        'Status must be one of: scheduled, in_progress, completed, conditional, cancelled',
      ],
      [{ opponent: 'A', status: 'completed' }, "A new game's status must be scheduled or conditional"],
      [{ opponent: 'A', status: 'in_progress' }, "A new game's status must be scheduled or conditional"],
      [{ opponent: 'A', our_score: -1, opponent_score: 0 }, EVENT_MESSAGES.scoresInvalid],
      [{ opponent: 'A', our_score: 1.5, opponent_score: 0 }, EVENT_MESSAGES.scoresInvalid],
      [{ opponent: 'A', our_score: 'three', opponent_score: 0 }, EVENT_MESSAGES.scoresInvalid],
      [{ opponent: 'A', our_score: 2 }, EVENT_MESSAGES.scoresInvalid],
      [{ opponent: 'A', our_score: 1000, opponent_score: 0 }, 'Our score must be no more than 999'],
      [
        { opponent: 'A', status: 'conditional', our_score: 1, opponent_score: 0 },
        EVENT_MESSAGES.conditionalNoScore,
      ],
      [{ opponent: 'A', notes: 'x'.repeat(2001) }, 'Notes must be no more than 2000 characters'],
    ];
    for (const [game, detail] of cases) {
      expectDetail(await addGame(cast.coach.token, id, game), 400, detail);
    }
  });

  it('games need can_manage_events; scores alone need can_update_scores; both scores complete the game', async () => {
    const { id } = await newTournament();
    await expectAccess(cast, (token) => addGame(token, id, { opponent: 'Any' }), runnersWrite(201));
    const game = await newGame(id);
    const scores = { our_score: 3, opponent_score: '1' };

    await expectAccess(cast, (token) => putGame(token, id, game.id, scores), runnersWrite(200));
    const saved = okJson<TournamentGame>(await putGame(cast.coach.token, id, game.id, scores));
    expect(saved).toMatchObject({ our_score: 3, opponent_score: 1, status: 'completed', opponent: 'Lions' });

    // A score keeper saves scores and nothing else.
    await setModeratorFlags(t, cast, ['can_update_scores']);
    const kept = await putGame(cast.moderator.token, id, game.id, { our_score: 4, opponent_score: 4 });
    expect(okJson(kept)).toMatchObject({ our_score: 4, opponent_score: 4, status: 'completed' });
    const rename = await putGame(cast.moderator.token, id, game.id, {
      opponent: 'Renamed',
      our_score: 1,
      opponent_score: 0,
    });
    expectDetail(rename, 403, "You do not have permission to manage this team's events");
    expect((await addGame(cast.moderator.token, id, { opponent: 'New' })).statusCode).toBe(403);
    expect(
      (await call(t, 'DELETE', `/api/tournaments/${id}/games/${game.id}`, cast.moderator.token)).statusCode,
    ).toBe(403);

    // An events manager edits everything, scores included.
    await setModeratorFlags(t, cast, ['can_manage_events']);
    const edited = await putGame(cast.moderator.token, id, game.id, { opponent: 'Renamed', time: 'TBD' });
    expect(okJson(edited)).toMatchObject({
      opponent: 'Renamed',
      time: 'TBD',
      our_score: 4,
      status: 'completed',
    });
    expect(
      (await putGame(cast.moderator.token, id, game.id, { our_score: 2, opponent_score: 0 })).statusCode,
    ).toBe(200);

    // Neither flag: no score.
    await setModeratorFlags(t, cast, ['can_create_tournaments']);
    expectDetail(
      await putGame(cast.moderator.token, id, game.id, { our_score: 1, opponent_score: 1 }),
      403,
      "You do not have permission to update this team's scores",
    );
    expect(
      (await putGame(cast.parent.token, id, game.id, { our_score: 1, opponent_score: 1 })).statusCode,
    ).toBe(403);
  });

  it('scores: both or neither, never on a conditional game; clearing them reopens the game', async () => {
    const { id } = await newTournament();
    const game = await newGame(id);
    expectDetail(
      await putGame(cast.coach.token, id, game.id, { our_score: 2 }),
      400,
      EVENT_MESSAGES.scoresInvalid,
    );
    expectDetail(
      await putGame(cast.coach.token, id, game.id, { our_score: -2, opponent_score: 1 }),
      400,
      EVENT_MESSAGES.scoresInvalid,
    );
    expectDetail(
      await putGame(cast.coach.token, id, game.id, { our_score: 'x', opponent_score: 1 }),
      400,
      EVENT_MESSAGES.scoresInvalid,
    );
    const saved = okJson<TournamentGame>(
      await putGame(cast.coach.token, id, game.id, { our_score: 2, opponent_score: 2 }),
    );
    expect(saved.status).toBe('completed');
    // One side alone after both were saved: the other stays, so the pair is still whole.
    expect(okJson(await putGame(cast.coach.token, id, game.id, { our_score: 5 }))).toMatchObject({
      our_score: 5,
      opponent_score: 2,
    });
    expectDetail(
      await putGame(cast.coach.token, id, game.id, { our_score: null }),
      400,
      EVENT_MESSAGES.scoresInvalid,
    );
    const cleared = okJson<TournamentGame>(
      await putGame(cast.coach.token, id, game.id, { our_score: '', opponent_score: '' }),
    );
    expect(cleared).toMatchObject({ our_score: null, opponent_score: null, status: 'scheduled' });

    const conditional = await newGame(id, { opponent: 'Semi-final', status: 'conditional' });
    expectDetail(
      await putGame(cast.coach.token, id, conditional.id, { our_score: 1, opponent_score: 0 }),
      400,
      EVENT_MESSAGES.conditionalNoScore,
    );
    // Once the bracket is decided the game is scheduled, and then takes a score.
    const decided = await putGame(cast.coach.token, id, conditional.id, {
      status: 'scheduled',
      our_score: 1,
      opponent_score: 0,
    });
    expect(okJson(decided)).toMatchObject({ status: 'completed', our_score: 1 });
    // Every status can be set on an edit.
    for (const status of ['in_progress', 'cancelled', 'scheduled'] as const) {
      const response = await putGame(cast.coach.token, id, game.id, { status });
      expect(okJson(response)).toMatchObject({ status });
    }
  });

  it("a game is found only through its own tournament and team; another team's ids are not found", async () => {
    const mine = await newTournament();
    const sibling = await newTournament({ name: 'Other Cup' });
    const game = await newGame(mine.id);
    const theirs = await newTournament({}, cast.otherTeam.id);
    const theirGame = okJson<TournamentGame>(
      await addGame(cast.otherCoach.token, theirs.id, { opponent: 'Falcons Foe' }),
      201,
    );

    const viaSibling = await putGame(cast.coach.token, sibling.id, game.id, { opponent: 'X' });
    expectDetail(viaSibling, 404, EVENT_MESSAGES.gameNotFound);
    expectDetail(
      await call(t, 'DELETE', `/api/tournaments/${sibling.id}/games/${game.id}`, cast.coach.token),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
    const theirGameViaMine = await putGame(cast.coach.token, mine.id, theirGame.id, { opponent: 'X' });
    expectDetail(theirGameViaMine, 404, EVENT_MESSAGES.gameNotFound);
    const theirTournament = await putGame(cast.coach.token, theirs.id, theirGame.id, { opponent: 'X' });
    expectDetail(theirTournament, 404, EVENT_MESSAGES.tournamentNotFound);
    expectDetail(
      await addGame(cast.coach.token, theirs.id, { opponent: 'Sneaky' }),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
    expectDetail(
      await addGame(cast.stranger.token, mine.id, { opponent: 'Sneaky' }),
      404,
      EVENT_MESSAGES.tournamentNotFound,
    );
    expect((await addGame(undefined, mine.id, { opponent: 'Sneaky' })).statusCode).toBe(401);

    await expectAccess(
      cast,
      async (token) => {
        const { id } = await newGame(mine.id, { opponent: 'Doomed' });
        return call(t, 'DELETE', `/api/tournaments/${mine.id}/games/${id}`, token);
      },
      runnersWrite(200),
    );
    const deleted = await call(t, 'DELETE', `/api/tournaments/${mine.id}/games/${game.id}`, cast.coach.token);
    expect(okJson(deleted)).toEqual({
      message: EVENT_MESSAGES.gameDeleted,
      detail: EVENT_MESSAGES.gameDeleted,
    });
  });

  it('GET /api/tournaments/all: the tournaments of every team the caller is in, with team names', async () => {
    const ownTeam = await createTeam(t, cast.coach, { name: 'U12 Second' });
    const own = await newTournament({ name: 'Second team cup' }, ownTeam.id);
    const first = await newTournament({ name: 'First team cup' });
    const theirs = await newTournament({ name: 'Falcons cup' }, cast.otherTeam.id);
    const idsFor = async (token: string) =>
      okJson<Tournament[]>(await call(t, 'GET', '/api/tournaments/all', token)).map((x) => x.id);

    const coachList = okJson<Tournament[]>(await call(t, 'GET', '/api/tournaments/all', cast.coach.token));
    expect(coachList.find((x) => x.id === own.id)).toMatchObject({
      team_name: 'U12 Second',
      team_id: ownTeam.id,
    });
    expect(coachList.find((x) => x.id === first.id)).toMatchObject({ teamName: 'U10 Hawks' });
    expect(coachList.map((x) => x.id)).not.toContain(theirs.id);
    expect(await idsFor(cast.otherCoach.token)).toContain(theirs.id);
    expect(await idsFor(cast.otherCoach.token)).not.toContain(first.id);
    const adminIds = await idsFor(cast.admin.token);
    expect(adminIds).toEqual(expect.arrayContaining([own.id, first.id, theirs.id]));
    // The spec's calendar and dashboard read it (docs/product/events.md): parents, players and moderators
    // get their own team's tournaments, as GET /api/tournaments/team/{id} gives them, and nothing of
    // others.
    await setModeratorFlags(t, cast, ['can_create_tournaments']);
    for (const actor of ['parent', 'player', 'moderator'] as const) {
      const ids = await idsFor(cast[actor].token);
      expect(ids, actor).toContain(first.id);
      expect(ids, actor).not.toContain(own.id);
      expect(ids, actor).not.toContain(theirs.id);
    }
    expect(await idsFor(cast.stranger.token)).toEqual([]);
    expect((await call(t, 'GET', '/api/tournaments/all')).statusCode).toBe(401);

    // Quick-add is a copy posted to the current team.
    const copy = okJson<Tournament>(
      await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, {
        name: own.name,
        location: own.location,
        address: own.address,
        url: own.url,
        start_date: own.start_date,
        end_date: own.end_date,
        notes: own.notes,
      }),
      201,
    );
    expect(copy).toMatchObject({ team_id: cast.team.id, name: 'Second team cup', games: [] });
  });

  describe('quick-add does not add a tournament twice (docs/product/events.md "Quick-add")', () => {
    const copyBody = (source: Tournament, change: Record<string, unknown> = {}) => ({
      name: source.name,
      location: source.location,
      address: source.address,
      url: source.url,
      start_date: source.start_date,
      end_date: source.end_date,
      notes: source.notes,
      source_tournament_id: source.id,
      ...change,
    });
    const copyTo = (teamId: number, body: Record<string, unknown>, token = cast.coach.token) =>
      call(t, 'POST', `/api/tournaments/team/${teamId}`, token, body);

    it('answers 409 to a second copy of the same tournament, and keeps one', async () => {
      const second = await createTeam(t, cast.coach, { name: 'U12 Quick' });
      const source = await newTournament(
        { name: 'Harvest Cup', start_date: fromToday(30), end_date: fromToday(31) },
        second.id,
      );
      const copy = okJson<Tournament>(await copyTo(cast.team.id, copyBody(source)), 201);
      expect(copy.source_tournament_id).toBe(source.id);
      const again = await copyTo(cast.team.id, copyBody(source));
      expectDetail(again, 409, EVENT_MESSAGES.tournamentAlreadyAdded('Harvest Cup'));
      // Renamed since, it is still the copy of that tournament.
      okJson(
        await call(t, 'PUT', `/api/tournaments/${copy.id}`, cast.coach.token, { name: 'Harvest Cup U10' }),
      );
      expectDetail(
        await copyTo(cast.team.id, copyBody(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Harvest Cup U10'),
      );
      const stored = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from tournaments where team_id = ${cast.team.id} and source_tournament_id = ${source.id}`,
      );
      expect(stored).toEqual([{ n: 1 }]);
    });

    it('knows a tournament added by hand with the same name and dates (case and spaces aside)', async () => {
      const second = await createTeam(t, cast.coach, { name: 'U12 Manual' });
      const source = await newTournament(
        { name: 'Lakeside  Open', start_date: fromToday(40), end_date: fromToday(41) },
        second.id,
      );
      const byHand = await newTournament({
        name: 'lakeside open',
        start_date: fromToday(40),
        end_date: fromToday(41),
      });
      expectDetail(
        await copyTo(cast.team.id, copyBody(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded(byHand.name),
      );
      // Other dates are another tournament.
      okJson(await copyTo(cast.team.id, copyBody(source, { end_date: fromToday(42) })), 201);
    });

    it('two copies sent at once store one', async () => {
      const second = await createTeam(t, cast.coach, { name: 'U12 Twice' });
      const source = await newTournament(
        { name: 'Double Tap Cup', start_date: fromToday(50), end_date: fromToday(50) },
        second.id,
      );
      const answers = await Promise.all([
        copyTo(cast.team.id, copyBody(source)),
        copyTo(cast.team.id, copyBody(source)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    });

    /** The spec's quick-add: the copied fields, no source id (docs/product/events.md). */
    const specCopy = (source: Tournament, change: Record<string, unknown> = {}) => {
      const { source_tournament_id: _ours, ...fields } = copyBody(source, change);
      return fields;
    };
    const storedNamed = async (teamId: number, name: string) =>
      queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from tournaments where team_id = ${teamId} and lower(name) = lower(${name})`,
      );

    it("answers 409 to the spec's quick-add body (no source id) of a tournament already on the team", async () => {
      const second = await createTeam(t, cast.coach, { name: 'U12 Spec Copy' });
      const source = await newTournament(
        { name: 'Autumn Classic', start_date: fromToday(60), end_date: fromToday(61) },
        second.id,
      );
      const copy = okJson<Tournament>(await copyTo(cast.team.id, specCopy(source)), 201);
      expect(copy.source_tournament_id).toBeNull();
      expectDetail(
        await copyTo(cast.team.id, specCopy(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Autumn Classic'),
      );
      // Case and spacing aside it is the same tournament; with our source id too.
      expectDetail(
        await copyTo(cast.team.id, specCopy(source, { name: '  autumn   CLASSIC ' })),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Autumn Classic'),
      );
      expectDetail(
        await copyTo(cast.team.id, copyBody(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Autumn Classic'),
      );
      expect(await storedNamed(cast.team.id, 'Autumn Classic')).toEqual([{ n: 1 }]);
      // Other dates, or another name, are another tournament; another team may have its own.
      okJson(await copyTo(cast.team.id, specCopy(source, { end_date: fromToday(62) })), 201);
      okJson(await copyTo(cast.team.id, specCopy(source, { name: 'Autumn Classic B' })), 201);
      expectDetail(
        await copyTo(second.id, specCopy(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Autumn Classic'),
      );
      okJson(await copyTo(cast.otherTeam.id, specCopy(source), cast.otherCoach.token), 201);
    });

    it('two spec quick-adds sent at once (no source id) store one', async () => {
      const body = {
        name: 'Double Tap Open',
        location: 'Field 9',
        start_date: fromToday(70),
        end_date: fromToday(70),
      };
      const answers = await Promise.all([copyTo(cast.team.id, body), copyTo(cast.team.id, body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await storedNamed(cast.team.id, 'Double Tap Open')).toEqual([{ n: 1 }]);
    });

    it('a source deleted since the list was read falls back to the name and dates', async () => {
      const second = await createTeam(t, cast.coach, { name: 'U12 Gone' });
      const source = await newTournament(
        { name: 'Vanished Cup', start_date: fromToday(80), end_date: fromToday(81) },
        second.id,
      );
      okJson(await call(t, 'DELETE', `/api/tournaments/${source.id}`, cast.coach.token));
      const copy = okJson<Tournament>(await copyTo(cast.team.id, copyBody(source)), 201);
      expect(copy).toMatchObject({ name: 'Vanished Cup', source_tournament_id: null });
      expectDetail(
        await copyTo(cast.team.id, copyBody(source)),
        409,
        EVENT_MESSAGES.tournamentAlreadyAdded('Vanished Cup'),
      );
      expect(await storedNamed(cast.team.id, 'Vanished Cup')).toEqual([{ n: 1 }]);
    });

    it("refuses a source the caller cannot read with 404, as any other team's tournament", async () => {
      const theirs = await newTournament({ name: 'Falcons Secret Cup' }, cast.otherTeam.id);
      expectDetail(await copyTo(cast.team.id, copyBody(theirs)), 404, EVENT_MESSAGES.tournamentNotFound);
      expectDetail(
        await copyTo(cast.team.id, copyBody(theirs, { source_tournament_id: 'x' })),
        400,
        'source_tournament_id must be a tournament id (a number)',
      );
    });
  });

  it('every update sets updated_at (the calendar feed reads it)', async () => {
    const tournament = await newTournament();
    const game = await newGame(tournament.id);
    const stamps = async () =>
      (
        await queryRows<{ t: string; g: string }>(
          t.db,
          sql`select tournaments.updated_at::text as t, tournament_games.updated_at::text as g
              from tournaments join tournament_games on tournament_games.tournament_id = tournaments.id
              where tournament_games.id = ${game.id}`,
        )
      )[0];
    const before = await stamps();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(t, 'PUT', `/api/tournaments/${tournament.id}`, cast.coach.token, { notes: 'Later' });
    await putGame(cast.coach.token, tournament.id, game.id, { our_score: 0, opponent_score: 0 });
    const after = await stamps();
    expect(after?.t).not.toBe(before?.t);
    expect(after?.g).not.toBe(before?.g);
  });

  it('the list answers ETag/304 and a new tag after a change to a tournament or a game', async () => {
    const url = `/api/tournaments/team/${cast.team.id}`;
    const get = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${cast.parent.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const tournament = await newTournament();
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get(etag)).statusCode).toBe(304);

    const game = await newGame(tournament.id);
    const afterGame = await get(etag);
    expect(afterGame.statusCode).toBe(200);
    const etag2 = afterGame.headers.etag as string;
    expect((await get(etag2)).statusCode).toBe(304);

    await putGame(cast.coach.token, tournament.id, game.id, { our_score: 1, opponent_score: 0 });
    const afterScore = await get(etag2);
    expect(afterScore.statusCode).toBe(200);
    const scored = (afterScore.json() as Tournament[]).find((x) => x.id === tournament.id);
    expect(scored?.record).toEqual({ wins: 1, losses: 0, draws: 0 });

    const etag3 = afterScore.headers.etag as string;
    await call(t, 'DELETE', `/api/tournaments/${tournament.id}`, cast.coach.token);
    expect((await get(etag3)).statusCode).toBe(200);
  });

  it('a list read anew shows every change since the last read, of a tournament, its games or its team', async () => {
    // Each unchanged tournament's and game's part is kept from the read before (db/row-fragments.ts):
    // none may be sent stale, and a tournament's games, record and team name are its own rows' news.
    const team = await createTeam(t, cast.coach, { name: 'U12 Kept' });
    const listed = async () => {
      t.app.answerCache.enabled = false;
      try {
        return await list(cast.coach.token, team.id);
      } finally {
        t.app.answerCache.enabled = true;
      }
    };
    const byName = async () =>
      (await listed()).map((x) => ({
        name: x.name,
        team_name: x.team_name,
        games: x.games.map(
          (g) => `${g.opponent} ${g.our_score ?? '-'}:${g.opponent_score ?? '-'} ${g.notes ?? ''}`,
        ),
        record: x.record,
      }));
    const first = await newTournament(
      { name: 'First', start_date: fromToday(5), end_date: fromToday(6) },
      team.id,
    );
    const second = await newTournament(
      { name: 'Second', start_date: fromToday(8), end_date: fromToday(9) },
      team.id,
    );
    const lions = await newGame(first.id, { opponent: 'Lions', date: fromToday(5), time: '10:00' });
    const bears = await newGame(first.id, { opponent: 'Bears', date: fromToday(5), time: '12:00' });
    await newGame(second.id, { opponent: 'Owls' });
    const none = { wins: 0, losses: 0, draws: 0 };
    const name = 'U12 Kept';
    expect(await byName()).toEqual([
      { name: 'First', team_name: name, games: ['Lions -:- ', 'Bears -:- '], record: none },
      { name: 'Second', team_name: name, games: ['Owls -:- '], record: none },
    ]);

    // A game's score: the game, and its tournament's record.
    await putGame(cast.coach.token, first.id, bears.id, { our_score: 2, opponent_score: 1 });
    expect((await byName())[0]).toEqual({
      name: 'First',
      team_name: name,
      games: ['Lions -:- ', 'Bears 2:1 '],
      record: { wins: 1, losses: 0, draws: 0 },
    });
    // A game moved before the other, one deleted, one added.
    await putGame(cast.coach.token, first.id, bears.id, { time: '08:00' });
    expect((await byName())[0]?.games).toEqual(['Bears 2:1 ', 'Lions -:- ']);
    await call(t, 'DELETE', `/api/tournaments/${first.id}/games/${lions.id}`, cast.coach.token);
    await newGame(second.id, { opponent: 'Foxes' });
    expect((await byName()).map((x) => x.games)).toEqual([['Bears 2:1 '], ['Owls -:- ', 'Foxes -:- ']]);
    // The tournament itself, renamed and moved after the other; then the team renamed.
    okJson(
      await call(t, 'PUT', `/api/tournaments/${first.id}`, cast.coach.token, {
        name: 'Renamed',
        start_date: fromToday(10),
        end_date: fromToday(12),
      }),
    );
    expect((await byName()).map((x) => x.name)).toEqual(['Second', 'Renamed']);
    okJson(await call(t, 'PUT', `/api/teams/${team.id}`, cast.coach.token, { name: 'U12 Renamed' }));
    expect((await listed()).map((x) => [x.team_name, x.teamName, x.team.name])).toEqual([
      ['U12 Renamed', 'U12 Renamed', 'U12 Renamed'],
      ['U12 Renamed', 'U12 Renamed', 'U12 Renamed'],
    ]);
    // Changes made outside the API: a game's notes, and a tournament's, in one transaction twice.
    await t.db.execute(sql`update tournament_games set notes = 'By hand' where id = ${bears.id}`);
    expect((await byName())[1]?.games).toEqual(['Bears 2:1 By hand']);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update tournaments set notes = 'One' where id = ${second.id}`);
      await tx.execute(sql`update tournaments set notes = 'Two' where id = ${second.id}`);
    });
    expect((await listed())[0]?.notes).toBe('Two');
    // The tournament deleted with its games.
    await call(t, 'DELETE', `/api/tournaments/${second.id}`, cast.coach.token);
    expect((await byName()).map((x) => x.name)).toEqual(['Renamed']);
  });

  it('reads the list in two statements however many tournaments and games there are', async () => {
    const team = await createTeam(t, cast.coach, { name: 'U13 Counted' });
    const url = `/api/tournaments/team/${team.id}`;
    const eventStatements = async () => {
      const seen = await statementsDuring(t, async () => {
        const response = await call(t, 'GET', url, cast.coach.token);
        expect(response.statusCode).toBe(200);
      });
      return seen.filter((query) => /"tournament(_game)?s"/.test(query));
    };
    const one = await newTournament({ name: 'One' }, team.id);
    await newGame(one.id);
    const few = await eventStatements();
    // The version keys of the tournaments and all their games together, then those not kept from an
    // earlier read, together (db/row-fragments.ts, db/packed-rows.ts).
    expect(few).toHaveLength(2);
    for (let i = 0; i < 4; i += 1) {
      const { id } = await newTournament({ name: `More ${i}` }, team.id);
      await newGame(id);
      await newGame(id, { opponent: 'Second' });
    }
    const many = await eventStatements();
    expect(many).toEqual(few);
    // Read anew with nothing changed since: the keys alone.
    t.app.answerCache.enabled = false;
    try {
      expect(await eventStatements()).toEqual(few.slice(0, 1));
    } finally {
      t.app.answerCache.enabled = true;
    }
    // The quick-add list too: one query for the tournaments, one for their games.
    const all = await statementsDuring(t, () => call(t, 'GET', '/api/tournaments/all', cast.coach.token));
    expect(all.filter((query) => /"tournament(_game)?s"/.test(query))).toHaveLength(2);
  });
});
