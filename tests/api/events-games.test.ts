import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Game } from '../../src/shared/api/events.ts';
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

// Individual games (docs/product/events.md; docs/product/moderators-and-admin.md 'Capabilities',
// docs/product/events.md 'Scores').

describe.each(BACKENDS)('individual games API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  const body = (overrides: Record<string, unknown> = {}) => ({
    opponent: 'Lions',
    date: fromToday(3),
    time: '10:00',
    location: 'Riverside Park',
    ...overrides,
  });
  const create = (
    token: string | undefined,
    overrides: Record<string, unknown> = {},
    teamId = cast.team.id,
  ) => call(t, 'POST', `/api/games/${teamId}`, token, body(overrides));
  const newGame = async (overrides: Record<string, unknown> = {}, teamId = cast.team.id) =>
    okJson<Game>(
      await create(
        teamId === cast.otherTeam.id ? cast.otherCoach.token : cast.coach.token,
        overrides,
        teamId,
      ),
      201,
    );
  const put = (
    token: string | undefined,
    gameId: number,
    change: Record<string, unknown>,
    teamId = cast.team.id,
  ) => call(t, 'PUT', `/api/games/${teamId}/${gameId}`, token, change);

  it('creates a game with the defaults: friendly, at home, scheduled', async () => {
    const game = okJson<Game>(
      await create(cast.coach.token, { opponent: '  Lions ', time: '10:00:00' }),
      201,
    );
    expect(game).toEqual({
      id: expect.any(Number),
      team_id: cast.team.id,
      opponent: 'Lions',
      date: fromToday(3),
      time: '10:00',
      location: 'Riverside Park',
      address: null,
      type: 'friendly',
      is_home: true,
      kit: null,
      notes: null,
      arrival_time: null,
      status: 'scheduled',
      our_score: null,
      opponent_score: null,
    });
    const full = okJson<Game>(
      await create(cast.coach.token, {
        type: 'league',
        is_home: false,
        address: '2 Away Lane',
        kit: 'Away',
        notes: 'Bus at 8',
        date: fromToday(-7),
        our_score: 2,
        opponent_score: 0,
      }),
      201,
    );
    expect(full).toMatchObject({
      type: 'league',
      is_home: false,
      kit: 'Away',
      status: 'completed',
      our_score: 2,
    });
  });

  it('keeps an optional arrival time: set, refused when not a time or after the start, cleared', async () => {
    const game = await newGame({ arrival_time: '09:15', time: '10:00' });
    expect(game.arrival_time).toBe('09:15');
    // Read back by every member, and on the calendar.
    const listed = okJson<Game[]>(await call(t, 'GET', `/api/games/${cast.team.id}`, cast.parent.token));
    expect(listed.find((g) => g.id === game.id)?.arrival_time).toBe('09:15');
    const month = okJson<{ id: string; arrivalTime: string | null }[]>(
      await call(
        t,
        'GET',
        `/api/calendar/team/${cast.team.id}/events?from=${fromToday(0)}&to=${fromToday(10)}`,
        cast.parent.token,
      ),
    );
    expect(month.find((e) => e.id === `game-${game.id}`)?.arrivalTime).toBe('09:15');
    for (const bad of ['9.15', '25:00', 'soon', 915, true]) {
      expectDetail(
        await put(cast.coach.token, game.id, { arrival_time: bad }),
        400,
        EVENT_MESSAGES.arrivalInvalid,
      );
    }
    expectDetail(
      await create(cast.coach.token, { arrival_time: '10:30', time: '10:00' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    // Moving the kick-off before the stored arrival is refused too; nothing changes.
    expectDetail(
      await put(cast.coach.token, game.id, { time: '09:00' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    // A PUT that leaves it out keeps it; seconds are dropped as for the start time.
    const kept = okJson<Game>(await put(cast.coach.token, game.id, { notes: 'Bring water' }));
    expect(kept).toMatchObject({ arrival_time: '09:15', time: '10:00' });
    expect(
      okJson<Game>(await put(cast.coach.token, game.id, { arrival_time: '09:30:00' })).arrival_time,
    ).toBe('09:30');
    // Blank or null clears it.
    expect(okJson<Game>(await put(cast.coach.token, game.id, { arrival_time: '' })).arrival_time).toBeNull();
    okJson(await put(cast.coach.token, game.id, { arrival_time: '09:00' }));
    expect(
      okJson<Game>(await put(cast.coach.token, game.id, { arrival_time: null })).arrival_time,
    ).toBeNull();
    // Only who manages events sets it; another team's game is not found.
    expect((await put(cast.parent.token, game.id, { arrival_time: '09:00' })).statusCode).toBe(403);
    expectDetail(
      await put(cast.otherCoach.token, game.id, { arrival_time: '09:00' }, cast.otherTeam.id),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
  });

  it('answers every validation problem with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ opponent: undefined }, EVENT_MESSAGES.opponentRequired],
      [{ opponent: ' ' }, EVENT_MESSAGES.opponentRequired],
      [{ opponent: 12 }, 'Opponent must be text'],
      [{ opponent: 'x'.repeat(101) }, 'Opponent must be no more than 100 characters'],
      [{ date: undefined }, 'Date is required'],
      [{ date: '2026-02-30' }, 'Date must be a real date (YYYY-MM-DD)'],
      [{ time: undefined }, 'Time is required'],
      [{ time: '25:00' }, 'Time must be a time (HH:MM)'],
      [{ time: 'TBD' }, 'Time must be a time (HH:MM)'],
      [{ location: '' }, 'Location is required'],
      [{ location: 'x'.repeat(201) }, 'Location must be no more than 200 characters'],
      [{ address: 'x'.repeat(301) }, 'Address must be no more than 300 characters'],
      [{ notes: 'x'.repeat(2001) }, 'Notes must be no more than 2000 characters'],
      [{ type: 'cup' }, 'Type must be one of: friendly, league, other'],
      [{ is_home: 'yes' }, 'Home or away must be true or false'],
      [{ status: 'conditional' }, 'Status must be one of: scheduled, in_progress, completed, cancelled'],
      [{ our_score: 1 }, EVENT_MESSAGES.scoresInvalid],
      [{ our_score: -1, opponent_score: 2 }, EVENT_MESSAGES.scoresInvalid],
      [{ our_score: 'many', opponent_score: 2 }, EVENT_MESSAGES.scoresInvalid],
      // Not numbers, though JavaScript would turn them into 1 and 0.
      [{ our_score: true, opponent_score: 2 }, EVENT_MESSAGES.scoresInvalid],
      [{ our_score: [], opponent_score: 2 }, EVENT_MESSAGES.scoresInvalid],
    ];
    for (const [overrides, detail] of cases) {
      expectDetail(await create(cast.coach.token, overrides), 400, detail);
    }
  });

  it('lists the games by date then time to every member; writes need can_manage_events', async () => {
    const team = await createTeam(t, cast.coach, { name: 'U9 Sorted' });
    const make = (opponent: string, date: string, time: string) =>
      call(t, 'POST', `/api/games/${team.id}`, cast.coach.token, body({ opponent, date, time }));
    await make('C', fromToday(2), '09:00');
    await make('D', fromToday(2), '14:30');
    await make('A', fromToday(-5), '18:00');
    await make('B', fromToday(2), '08:15');
    const listed = okJson<Game[]>(await call(t, 'GET', `/api/games/${team.id}`, cast.coach.token));
    expect(listed.map((g) => g.opponent)).toEqual(['A', 'B', 'C', 'D']);

    const url = `/api/games/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
    await expectAccess(cast, (token) => create(token), runnersWrite(201));
    await setModeratorFlags(t, cast, ['can_update_scores', 'can_create_tournaments']);
    expect((await create(cast.moderator.token)).statusCode).toBe(403);
    await setModeratorFlags(t, cast, ['can_manage_events']);
    expect((await create(cast.moderator.token)).statusCode).toBe(201);
  });

  it('edits the fields sent; scores alone need can_update_scores; both scores complete the game', async () => {
    const game = await newGame();
    const edited = okJson<Game>(
      await put(cast.coach.token, game.id, { location: 'Main Pitch', is_home: false }),
    );
    expect(edited).toMatchObject({
      opponent: 'Lions',
      location: 'Main Pitch',
      is_home: false,
      time: '10:00',
    });
    await expectAccess(cast, (token) => put(token, game.id, { notes: 'Edited' }), runnersWrite(200));
    await expectAccess(
      cast,
      (token) => put(token, game.id, { our_score: 1, opponent_score: 1 }),
      runnersWrite(200),
    );

    await setModeratorFlags(t, cast, ['can_update_scores']);
    const scored = await put(cast.moderator.token, game.id, { our_score: '3', opponent_score: 2 });
    expect(okJson(scored)).toMatchObject({ our_score: 3, opponent_score: 2, status: 'completed' });
    expectDetail(
      await put(cast.moderator.token, game.id, { opponent: 'Renamed' }),
      403,
      "You do not have permission to manage this team's events",
    );
    expect(
      (await put(cast.moderator.token, game.id, { our_score: 1, opponent_score: 0, notes: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'DELETE', `/api/games/${cast.team.id}/${game.id}`, cast.moderator.token)).statusCode,
    ).toBe(403);

    expectDetail(
      await put(cast.coach.token, game.id, { opponent_score: null }),
      400,
      EVENT_MESSAGES.scoresInvalid,
    );
    expectDetail(
      await put(cast.coach.token, game.id, { date: '2026-04-31' }),
      400,
      'Date must be a real date (YYYY-MM-DD)',
    );
    expectDetail(await put(cast.coach.token, game.id, { time: '7pm' }), 400, 'Time must be a time (HH:MM)');
    expectDetail(
      await put(cast.coach.token, game.id, { opponent: '' }),
      400,
      EVENT_MESSAGES.opponentRequired,
    );
    expectDetail(
      await put(cast.coach.token, game.id, { status: 'conditional' }),
      400,
      'Status must be one of: scheduled, in_progress, completed, cancelled',
    );
    const cancelled = okJson<Game>(await put(cast.coach.token, game.id, { status: 'cancelled' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', our_score: 3 });
    const cleared = okJson<Game>(
      await put(cast.coach.token, game.id, { our_score: null, opponent_score: '' }),
    );
    expect(cleared).toMatchObject({ status: 'cancelled', our_score: null, opponent_score: null });
  });

  it("finds a game only with its own team: another team's game through one's own URL is not found", async () => {
    const mine = await newGame();
    const theirs = await newGame({ opponent: 'Falcons Foe' }, cast.otherTeam.id);
    expectDetail(
      await put(cast.coach.token, theirs.id, { opponent: 'Mine' }),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
    expectDetail(
      await call(t, 'DELETE', `/api/games/${cast.team.id}/${theirs.id}`, cast.coach.token),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
    // The other coach, through their own team's URL, with our game's id.
    expectDetail(
      await put(cast.otherCoach.token, mine.id, { opponent: 'Theirs' }, cast.otherTeam.id),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
    expectDetail(await put(cast.otherCoach.token, mine.id, { opponent: 'Theirs' }), 404, 'Team not found');
    expectDetail(
      await put(cast.coach.token, 2147483000, { opponent: 'Nobody' }),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
    expectDetail(
      await put(cast.coach.token, 0, { opponent: 'Nobody' }),
      400,
      'Game id must be a positive number',
    );
    const after = okJson<Game[]>(
      await call(t, 'GET', `/api/games/${cast.otherTeam.id}`, cast.otherCoach.token),
    );
    expect(after.find((g) => g.id === theirs.id)?.opponent).toBe('Falcons Foe');
  });

  it('deletes a game with a message', async () => {
    await expectAccess(
      cast,
      async (token) => {
        const { id } = await newGame();
        return call(t, 'DELETE', `/api/games/${cast.team.id}/${id}`, token);
      },
      runnersWrite(200),
    );
    const game = await newGame();
    const deleted = await call(t, 'DELETE', `/api/games/${cast.team.id}/${game.id}`, cast.coach.token);
    expect(okJson(deleted)).toEqual({
      message: EVENT_MESSAGES.gameDeleted,
      detail: EVENT_MESSAGES.gameDeleted,
    });
    expectDetail(
      await call(t, 'DELETE', `/api/games/${cast.team.id}/${game.id}`, cast.coach.token),
      404,
      EVENT_MESSAGES.gameNotFound,
    );
  });

  it('every update sets updated_at (the calendar feed reads it)', async () => {
    const game = await newGame();
    const stamp = async () =>
      (
        await queryRows<{ u: string }>(
          t.db,
          sql`select updated_at::text as u from games where id = ${game.id}`,
        )
      )[0]?.u;
    const before = await stamp();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await put(cast.coach.token, game.id, { our_score: 1, opponent_score: 2 });
    expect(await stamp()).not.toBe(before);
  });

  it('a list read anew shows every change since the last read: changed, deleted, added, written by hand', async () => {
    // Each unchanged game's part is kept from the read before (db/row-fragments.ts): none may be sent
    // stale. Every read here is read anew, as the first read after a change is.
    const team = await createTeam(t, cast.coach, { name: 'U10 Kept' });
    const listed = async () => {
      t.app.answerCache.enabled = false;
      try {
        return okJson<Game[]>(await call(t, 'GET', `/api/games/${team.id}`, cast.coach.token));
      } finally {
        t.app.answerCache.enabled = true;
      }
    };
    const a = await newGame({ opponent: 'A', date: fromToday(1) }, team.id);
    const b = await newGame({ opponent: 'B', date: fromToday(2) }, team.id);
    const c = await newGame({ opponent: 'C', date: fromToday(3) }, team.id);
    expect((await listed()).map((g) => g.opponent)).toEqual(['A', 'B', 'C']);
    expect(await listed()).toEqual([a, b, c]);

    const edited = okJson<Game>(
      await put(cast.coach.token, b.id, { opponent: 'B2', notes: 'Moved' }, team.id),
    );
    expect(await listed()).toEqual([a, edited, c]);
    await call(t, 'DELETE', `/api/games/${team.id}/${a.id}`, cast.coach.token);
    expect(await listed()).toEqual([edited, c]);
    const d = await newGame({ opponent: 'D', date: fromToday(2), time: '09:00' }, team.id);
    expect(await listed()).toEqual([d, edited, c]);
    // A change made outside the API, and one transaction writing the same row twice.
    await t.db.execute(sql`update games set notes = 'By hand' where id = ${c.id}`);
    expect((await listed()).at(-1)).toEqual({ ...c, notes: 'By hand' });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update games set opponent = 'First' where id = ${d.id}`);
      await tx.execute(sql`update games set opponent = 'Second' where id = ${d.id}`);
    });
    expect((await listed())[0]).toEqual({ ...d, opponent: 'Second' });
    // Put back as it was: the answer is the first one's again, from a new row version.
    await t.db.execute(sql`update games set opponent = 'D' where id = ${d.id}`);
    expect(await listed()).toEqual([d, edited, { ...c, notes: 'By hand' }]);
  });

  it('the list answers ETag/304 and a new tag after a change, in two queries however long', async () => {
    const team = await createTeam(t, cast.coach, { name: 'U8 Polled' });
    const url = `/api/games/${team.id}`;
    const get = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${cast.coach.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const game = await newGame({}, team.id);
    const etag = (await get()).headers.etag as string;
    expect((await get(etag)).statusCode).toBe(304);
    await put(cast.coach.token, game.id, { our_score: 1, opponent_score: 0 }, team.id);
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Game[])[0]?.status).toBe('completed');

    const gameStatements = async () =>
      (await statementsDuring(t, () => get())).filter((query) => /"games"/.test(query));
    // The rows' version keys, then the rows not kept from an earlier read (db/row-fragments.ts).
    await newGame({ opponent: 'Second' }, team.id);
    const few = await gameStatements();
    expect(few).toHaveLength(2);
    for (let i = 0; i < 5; i += 1) await newGame({ opponent: `More ${i}` }, team.id);
    expect(await gameStatements()).toEqual(few);
  });
});
