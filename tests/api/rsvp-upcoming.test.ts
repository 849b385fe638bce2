import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rsvp } from '../../src/shared/api/calendar.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { BACKENDS, emailedLinkToken, queryRows, type TestApp } from '../support/test-app.ts';
import { type Account, addPlayer, call, type Cast, startWithCast } from '../support/teams.ts';

// 'Answer all upcoming' (docs/product/calendar-rsvp-and-feed.md 'Next up'; docs/decisions/045):
// POST /api/team-rsvp/team/{teamId}/upcoming {player_id, response}: one player's answer to every event
// of the team that has not started and is not cancelled, all or none.

describe.each(BACKENDS)('Answer all upcoming on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let mia = 0;
  let ben = 0;
  let otherPlayer = 0;
  const ids: Record<string, number> = {};

  const post = async (account: Account, path: string, body: Record<string, unknown>) =>
    okJson<{ id: number }>(await call(t, 'POST', path, account.token, body), 201);
  const upcoming = (token: string | undefined, body: Record<string, unknown>, teamId = cast.team.id) =>
    call(t, 'POST', `/api/team-rsvp/team/${teamId}/upcoming`, token, {
      player_id: mia,
      response: 'yes',
      ...body,
    });
  const answersOf = (playerId: number) =>
    queryRows<{
      game_id: number | null;
      practice_id: number | null;
      tournament_game_id: number | null;
      response: string;
      notes: string | null;
    }>(
      t.db,
      sql`select game_id, practice_id, tournament_game_id, response, notes from rsvps where player_id = ${playerId} order by id`,
    );

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const team = cast.team.id;
    // The cast parent's verified email is on Mia's contact: she is theirs.
    const token = await emailedLinkToken(t.db, cast.parent.email, '/verify-email');
    const verified = await call(t, 'POST', '/api/auth/verify-email', cast.parent.token, { token });
    expect(verified.statusCode, verified.body).toBe(200);
    mia = (await addPlayer(t, cast.coach, team, { name: 'Mia Lopez', jersey_number: 4 })).id;
    ben = (await addPlayer(t, cast.coach, team, { name: 'Ben Brown', jersey_number: 9 })).id;
    const contact = await call(t, 'POST', `/api/teams/${team}/players/${mia}/parents`, cast.coach.token, {
      parent_name: 'Pat Parent',
      parent_email: cast.parent.email,
      send_invite: false,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    otherPlayer = (await addPlayer(t, cast.otherCoach, cast.otherTeam.id, { name: 'Olly Other' })).id;
    const game = (date: string, extra: Record<string, unknown> = {}) =>
      post(cast.coach, `/api/games/${team}`, {
        opponent: 'Lions',
        date,
        time: '10:00',
        location: 'Riverside Park',
        ...extra,
      });
    ids['game'] = (await game(fromToday(3))).id;
    ids['later'] = (await game(fromToday(40))).id;
    ids['past'] = (await game(fromToday(-3))).id;
    ids['cancelled'] = (await game(fromToday(5), { status: 'cancelled' })).id;
    const practice = okJson<{ practices: { id: number }[] }>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: team,
        title: 'Tuesday Training',
        date: fromToday(2),
        time: '17:30',
        location: 'North Field',
      }),
      201,
    );
    ids['practice'] = practice.practices[0]?.id ?? 0;
    const tournament = await post(cast.coach, `/api/tournaments/team/${team}`, {
      name: 'Spring Cup',
      location: 'Lakeside Complex',
      start_date: fromToday(6),
      end_date: fromToday(7),
    });
    ids['tournamentGame'] = (
      await post(cast.coach, `/api/tournaments/${tournament.id}/games`, {
        opponent: 'Eagles',
        date: fromToday(6),
        time: '09:00',
      })
    ).id;
    await post(cast.otherCoach, `/api/games/${cast.otherTeam.id}`, {
      opponent: 'Elsewhere FC',
      date: fromToday(3),
      time: '10:00',
      location: 'Far Field',
    });
  });
  afterAll(() => close());

  it("records a parent's answer for their child on every upcoming event, all in one request", async () => {
    // An answer already given with a note: replaced, the note kept.
    const first = await call(t, 'POST', '/api/team-rsvp/submit', cast.parent.token, {
      event_type: 'game',
      event_id: ids['game'],
      player_id: mia,
      response: 'no',
      notes: 'Back from holiday late',
    });
    expect(first.statusCode, first.body).toBe(200);

    const saved = okJson<Rsvp[]>(await upcoming(cast.parent.token, { response: 'yes' }));
    expect(saved.map((r) => `${r.event_type}:${r.event_id}:${r.response}`).sort()).toEqual(
      [
        `game:${ids['game']}:yes`,
        `game:${ids['later']}:yes`,
        `practice:${ids['practice']}:yes`,
        `tournament:${ids['tournamentGame']}:yes`,
      ].sort(),
    );
    expect(saved.every((r) => r.player_name === 'Mia Lopez' && r.responded_by_name === 'Pat Parent')).toBe(
      true,
    );
    const stored = await answersOf(mia);
    // Not the game already played, not the cancelled one.
    expect(stored).toHaveLength(4);
    expect(stored.find((r) => r.game_id === ids['game'])).toMatchObject({
      response: 'yes',
      notes: 'Back from holiday late',
    });
    expect(stored.some((r) => r.game_id === ids['past'] || r.game_id === ids['cancelled'])).toBe(false);

    // A second tap changes them all.
    const changed = okJson<Rsvp[]>(await upcoming(cast.parent.token, { response: 'maybe' }));
    expect(changed.map((r) => r.response)).toEqual(['maybe', 'maybe', 'maybe', 'maybe']);
    expect((await answersOf(mia)).map((r) => r.response)).toEqual(['maybe', 'maybe', 'maybe', 'maybe']);
  });

  it('lets a coach answer for any active player of the team', async () => {
    const saved = okJson<Rsvp[]>(await upcoming(cast.coach.token, { player_id: ben, response: 'no' }));
    expect(saved).toHaveLength(4);
    expect(new Set(saved.map((r) => r.responded_by_name))).toEqual(new Set([cast.coach.name]));
  });

  it("refuses another family's child and stores nothing", async () => {
    const before = await answersOf(ben);
    expectDetail(await upcoming(cast.parent.token, { player_id: ben }), 403, RSVP_MESSAGES.notEligible);
    expect(await answersOf(ben)).toEqual(before);
  });

  it("answers 404 for another team's player and for a team the caller is not in", async () => {
    expectDetail(
      await upcoming(cast.parent.token, { player_id: otherPlayer }),
      404,
      RSVP_MESSAGES.playerNotFound,
    );
    const elsewhere = await upcoming(cast.parent.token, { player_id: otherPlayer }, cast.otherTeam.id);
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect(JSON.parse(elsewhere.body)).toEqual({ detail: expect.any(String) });
    expect(await answersOf(otherPlayer)).toEqual([]);
  });

  it('answers bad input with 400 {detail} and no sign-in with 401', async () => {
    expectDetail(
      await upcoming(cast.parent.token, { response: 'sure' }),
      400,
      'Response must be yes, no or maybe',
    );
    const noPlayer = await call(
      t,
      'POST',
      `/api/team-rsvp/team/${cast.team.id}/upcoming`,
      cast.parent.token,
      {
        response: 'yes',
      },
    );
    expect(noPlayer.statusCode).toBe(400);
    expect(JSON.parse(noPlayer.body)).toEqual({ detail: expect.any(String) });
    const anonymous = await upcoming(undefined, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
