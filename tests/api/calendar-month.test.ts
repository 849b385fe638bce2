import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src/shared/calendar.ts';
import { CALENDAR_MESSAGES } from '../../src/shared/calendar.ts';
import { expectDetail, okJson, requestStatements, statementsDuring } from '../support/events.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { call, type Cast, expectAccess, MEMBERS_READ, startWithCast } from '../support/teams.ts';

// The month view's one read, GET /api/calendar/team/{teamId}/events?from&to (docs/decisions/017): the
// derived events (games, tournament games, tournament-day placeholders, practices) between two dates.
// Fixed dates a year ahead keep every tournament 'upcoming' whatever day the tests run.

describe.each(BACKENDS)('calendar month API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const ids = { game: 0, practice: 0, tournament: 0, tournamentGame: 0, lateGame: 0 };

  const post = async (url: string, body: Record<string, unknown>) => {
    const response = await call(t, 'POST', url, cast.coach.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; practices?: { id: number }[] };
  };

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const teamId = cast.team.id;
    ids.game = (
      await post(`/api/games/${teamId}`, {
        opponent: 'Lions',
        date: '2027-03-14',
        time: '10:00',
        location: 'Riverside Park',
        type: 'league',
      })
    ).id;
    ids.lateGame = (
      await post(`/api/games/${teamId}`, {
        opponent: 'Owls',
        date: '2027-04-01',
        time: '09:00',
        location: 'Away Ground',
        kit: 'Away',
      })
    ).id;
    const created = await post('/api/practices', {
      team_id: teamId,
      title: 'Finishing',
      date: '2027-03-14',
      time: '08:00',
      location: 'North Field',
      duration: 75,
    });
    ids.practice = created.practices?.[0]?.id ?? 0;
    ids.tournament = (
      await post(`/api/tournaments/team/${teamId}`, {
        name: 'Spring Cup',
        location: 'Lakeside',
        start_date: '2027-03-20',
        end_date: '2027-03-22',
      })
    ).id;
    ids.tournamentGame = (
      await post(`/api/tournaments/${ids.tournament}/games`, {
        opponent: 'Eagles',
        date: '2027-03-21',
        time: 'TBD',
        field: 'Field 3',
      })
    ).id;
    // Another team's event never shows.
    const other = await call(t, 'POST', `/api/games/${cast.otherTeam.id}`, cast.otherCoach.token, {
      opponent: 'Secret',
      date: '2027-03-15',
      time: '10:00',
      location: 'Elsewhere',
    });
    expect(other.statusCode).toBe(201);
  });
  afterAll(() => close());

  const url = (from: string, to: string, teamId = cast.team.id) =>
    `/api/calendar/team/${teamId}/events?from=${from}&to=${to}`;
  const read = (from: string, to: string, token = cast.coach.token) => call(t, 'GET', url(from, to), token);

  it("answers a month's derived events with placeholders for tournament days without a game", async () => {
    const events = okJson<CalendarEvent[]>(await read('2027-03-01', '2027-03-31'));
    expect(events.map((e) => [e.id, e.date, e.time])).toEqual([
      [`practice-${ids.practice}`, '2027-03-14', '08:00'],
      [`game-${ids.game}`, '2027-03-14', '10:00'],
      [`tournament-${ids.tournament}-2027-03-20`, '2027-03-20', null],
      [`tournament-game-${ids.tournamentGame}`, '2027-03-21', null],
      [`tournament-${ids.tournament}-2027-03-22`, '2027-03-22', null],
    ]);
    const [practice, game, placeholder, tournamentGame] = events;
    expect(game).toMatchObject({
      title: 'vs Lions',
      kind: 'league',
      gameType: 'league',
      kit: CALENDAR_MESSAGES.kitNotSpecified,
      durationMinutes: 90,
      isPlaceholder: false,
      rsvpEventType: 'game',
      rsvpEventId: ids.game,
      tournamentEndDate: null,
    });
    expect(practice).toMatchObject({
      title: 'Finishing',
      type: 'practice',
      kit: CALENDAR_MESSAGES.kitNotApplicable,
      durationMinutes: 75,
      rsvpEventType: 'practice',
    });
    expect(placeholder).toMatchObject({
      title: CALENDAR_MESSAGES.placeholderTitle,
      isPlaceholder: true,
      rsvpEventType: null,
      rsvpEventId: null,
      tournamentName: 'Spring Cup',
      tournamentStatus: 'upcoming',
    });
    expect(tournamentGame).toMatchObject({
      title: 'vs Eagles',
      location: 'Lakeside, Field 3',
      time: null,
      durationMinutes: null,
      rsvpEventType: 'tournament',
      rsvpEventId: ids.tournamentGame,
      tournamentEndDate: '2027-03-22',
    });
    expect(events.some((e) => e.title === 'vs Secret')).toBe(false);
  });

  it('includes both ends of the range and nothing outside it', async () => {
    const oneDay = okJson<CalendarEvent[]>(await read('2027-03-21', '2027-03-21'));
    expect(oneDay.map((e) => e.id)).toEqual([`tournament-game-${ids.tournamentGame}`]);
    // The grid of March 2027 runs to Saturday April 3: the game of April 1 is in it.
    const grid = okJson<CalendarEvent[]>(await read('2027-02-28', '2027-04-03'));
    expect(grid.map((e) => e.id)).toContain(`game-${ids.lateGame}`);
    expect(grid).toHaveLength(6);
    const after = okJson<CalendarEvent[]>(await read('2027-03-22', '2027-03-31'));
    expect(after.map((e) => e.id)).toEqual([`tournament-${ids.tournament}-2027-03-22`]);
    expect(okJson<CalendarEvent[]>(await read('2026-01-01', '2026-01-31'))).toEqual([]);
  });

  it('is read by every member and no one else', async () => {
    await expectAccess(cast, (token) => call(t, 'GET', url('2027-03-01', '2027-03-31'), token), MEMBERS_READ);
  });

  it.each([
    ['2027-03-31', '2027-03-01', CALENDAR_MESSAGES.rangeInvalid],
    ['2027-01-01', '2027-04-12', CALENDAR_MESSAGES.rangeInvalid],
    ['2026-02-29', '2026-03-31', 'from must be a real date (YYYY-MM-DD)'],
    ['2026-02-01', '2026-02-30', 'to must be a real date (YYYY-MM-DD)'],
    ['2026-13-01', '2027-01-01', 'from must be a real date (YYYY-MM-DD)'],
    ['March', '2027-01-01', 'from must be a real date (YYYY-MM-DD)'],
    ['0000-01-01', '0000-01-02', 'from must be a real date (YYYY-MM-DD)'],
  ])('refuses from=%s to=%s', async (from, to, detail) => {
    expectDetail(await read(from, to), 400, detail);
  });

  it('takes a range of exactly 100 days apart, and asks for both dates', async () => {
    expect((await read('2027-01-01', '2027-04-11')).statusCode).toBe(200);
    expectDetail(
      await call(t, 'GET', `/api/calendar/team/${cast.team.id}/events?from=2027-01-01`, cast.coach.token),
      400,
      'to is required',
    );
    expectDetail(
      await call(t, 'GET', `/api/calendar/team/${cast.team.id}/events`, cast.coach.token),
      400,
      'from is required',
    );
    const twice = await call(
      t,
      'GET',
      `/api/calendar/team/${cast.team.id}/events?from=2027-01-01&from=2027-01-02&to=2027-01-03`,
      cast.coach.token,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: expect.any(String) });
  });

  it('answers 404 for a team that does not exist', async () => {
    const response = await call(t, 'GET', url('2027-03-01', '2027-03-31', 2_147_483_647), cast.coach.token);
    expectDetail(response, 404, 'Team not found');
    expectDetail(
      await call(t, 'GET', url('2027-03-01', '2027-03-31', 0), cast.coach.token),
      400,
      'Team id must be a positive number',
    );
  });

  it("reads the events lists once in a bounded number of statements, and serves other members' reads from memory", async () => {
    // A change first, so nothing is kept.
    await post(`/api/games/${cast.team.id}`, {
      opponent: 'Foxes',
      date: '2027-03-28',
      time: '11:00',
      location: 'Riverside Park',
    });
    let coachView = '';
    const statements = await statementsDuring(t, async () => {
      coachView = (await read('2027-03-01', '2027-03-31')).body;
    });
    // Three lists, each read once: the tournaments with all their games (one packed statement,
    // db/packed-rows.ts), the games and the practices.
    expect(
      statements.filter((s) => /from "(games|practices|tournaments|tournament_games)"/i.test(s)),
    ).toHaveLength(3);
    // Besides the access check (and any statement of the background mail sender).
    expect(requestStatements(statements).length).toBeLessThanOrEqual(6);
    expect(coachView).toContain('vs Foxes');
    let parentView = '';
    const parentStatements = await statementsDuring(t, async () => {
      parentView = (await read('2027-03-01', '2027-03-31', cast.parent.token)).body;
    });
    expect(parentStatements.some((s) => /from "games"/i.test(s))).toBe(false);
    expect(parentView).toBe(coachView);
  });
});
