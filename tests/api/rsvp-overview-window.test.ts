import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OverviewEvent, overviewSchema, type Rsvp } from '../../src/shared/api/calendar.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { OVERVIEW_MESSAGES } from '../../src/shared/rsvp-overview.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { addPlayer, call, type Cast, expectAccess, runnersWrite, startWithCast } from '../support/teams.ts';

// The Event RSVPs overview's window and type filter (docs/product/calendar-rsvp-and-feed.md 'Event
// RSVPs (Team Administration)'; docs/decisions/050), and an answer the coach records from it through the
// one submit endpoint and its rules.

type Overview = { upcoming_events: OverviewEvent[] };

describe.each(BACKENDS)('RSVP overview window on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const ids: Record<string, number> = {};
  let ava = 0;
  let ben = 0;

  const url = (query = '') => `/api/team-rsvp/team/${cast.team.id}/overview${query}`;
  // Every answer read is the contract's shape (the server writes it as JSON text: decision 050).
  const read = async (query = '', token = cast.coach.token) =>
    overviewSchema
      .parse(okJson<Overview>(await call(t, 'GET', url(query), token)))
      .upcoming_events.map((e) => `${e.event_type}:${e.event_name}:${e.event_date}`);

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const teamId = cast.team.id;
    ava = (await addPlayer(t, cast.coach, teamId, { name: 'Ava Adams', jersey_number: 7 })).id;
    ben = (await addPlayer(t, cast.coach, teamId, { name: 'Ben Brown', jersey_number: 9 })).id;
    const post = async (path: string, body: Record<string, unknown>) =>
      okJson<{ id: number }>(await call(t, 'POST', path, cast.coach.token, body), 201);
    const game = async (opponent: string, days: number) =>
      (ids[opponent] = (
        await post(`/api/games/${teamId}`, {
          opponent,
          date: fromToday(days),
          time: '10:00',
          location: 'Park',
        })
      ).id);
    await game('Past20', -20);
    await game('Past3', -3);
    await game('Today', 0);
    await game('Soon', 5);
    await game('Later', 20);
    await game('Far', 60);
    ids['Practice'] =
      okJson<{ practices: { id: number }[] }>(
        await call(t, 'POST', '/api/practices', cast.coach.token, {
          team_id: teamId,
          title: 'Practice',
          date: fromToday(2),
          time: '17:30',
          location: 'North Field',
        }),
        201,
      ).practices[0]?.id ?? 0;
    const cup = (
      await post(`/api/tournaments/team/${teamId}`, {
        name: 'Window Cup',
        location: 'Lakeside',
        start_date: fromToday(8),
        end_date: fromToday(8),
      })
    ).id;
    ids['Cup'] = (
      await post(`/api/tournaments/${cup}/games`, { opponent: 'CupFoe', date: fromToday(8), time: '09:00' })
    ).id;
    // Another team's game in the same days: never in this team's overview.
    await call(t, 'POST', `/api/games/${cast.otherTeam.id}`, cast.otherCoach.token, {
      opponent: 'Foreign',
      date: fromToday(5),
      time: '10:00',
      location: 'Elsewhere',
    });
  });
  afterAll(() => close());

  it('without a query answers every event from today on, as the spec says', async () => {
    expect(await read()).toEqual([
      `game:vs Today:${fromToday(0)}`,
      `practice:Practice:${fromToday(2)}`,
      `game:vs Soon:${fromToday(5)}`,
      `tournament:vs CupFoe:${fromToday(8)}`,
      `game:vs Later:${fromToday(20)}`,
      `game:vs Far:${fromToday(60)}`,
    ]);
  });

  it('answers the events of a window, both ends included, past ones too', async () => {
    expect(await read(`?from=${fromToday(0)}&to=${fromToday(5)}`)).toEqual([
      `game:vs Today:${fromToday(0)}`,
      `practice:Practice:${fromToday(2)}`,
      `game:vs Soon:${fromToday(5)}`,
    ]);
    expect(await read(`?from=${fromToday(-14)}&to=${fromToday(-1)}`)).toEqual([
      `game:vs Past3:${fromToday(-3)}`,
    ]);
    // `to` alone: from today (the default start) to `to`.
    expect(await read(`?to=${fromToday(8)}`)).toHaveLength(4);
    // Every event, past and future.
    expect(await read('?include_past=true')).toHaveLength(8);
    expect(await read(`?include_past=true&to=${fromToday(-1)}`)).toEqual([
      `game:vs Past20:${fromToday(-20)}`,
      `game:vs Past3:${fromToday(-3)}`,
    ]);
  });

  it('filters by type, one or several', async () => {
    expect(await read('?type=practice')).toEqual([`practice:Practice:${fromToday(2)}`]);
    expect(await read(`?type=tournament,practice&to=${fromToday(30)}`)).toEqual([
      `practice:Practice:${fromToday(2)}`,
      `tournament:vs CupFoe:${fromToday(8)}`,
    ]);
    expect(await read(`?type=game&from=${fromToday(-30)}&to=${fromToday(0)}`)).toEqual([
      `game:vs Past20:${fromToday(-20)}`,
      `game:vs Past3:${fromToday(-3)}`,
      `game:vs Today:${fromToday(0)}`,
    ]);
  });

  it('counts the answers of the window and type only', async () => {
    okJson(
      await call(t, 'POST', '/api/team-rsvp/submit', cast.coach.token, {
        event_type: 'game',
        event_id: ids['Past3'],
        player_id: ava,
        response: 'no',
      }),
    );
    okJson(
      await call(t, 'POST', '/api/team-rsvp/submit', cast.coach.token, {
        event_type: 'practice',
        event_id: ids['Practice'],
        player_id: ben,
        response: 'yes',
      }),
    );
    const past = okJson<Overview>(
      await call(t, 'GET', url(`?from=${fromToday(-14)}&to=${fromToday(-1)}`), cast.coach.token),
    ).upcoming_events;
    expect(past).toHaveLength(1);
    expect(past[0]).toMatchObject({ event_id: ids['Past3'], no_count: 1, total_responses: 1 });
    expect(past[0]?.not_responded.map((p) => p.player_id)).toEqual([ben]);
    // A past event takes no reminder.
    expect(past[0]?.to_remind).toBe(0);
    const practices = okJson<Overview>(
      await call(t, 'GET', url('?type=practice'), cast.coach.token),
    ).upcoming_events;
    expect(practices[0]?.responses.map((r) => [r.player_id, r.response])).toEqual([[ben, 'yes']]);
  });

  it('refuses a bad window or type with 400 and a detail, never 500', async () => {
    const bad = async (query: string, detail: string | RegExp) => {
      const response = await call(t, 'GET', url(query), cast.coach.token);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(detail);
    };
    await bad('?from=2026-02-30', /from must be a real date/);
    await bad('?to=tomorrow', /to must be a real date/);
    await bad('?from=2026-05-02&to=2026-05-01', OVERVIEW_MESSAGES.toBeforeFrom);
    await bad('?type=match', OVERVIEW_MESSAGES.badType);
    await bad('?type=', OVERVIEW_MESSAGES.badType);
    await bad('?type=game,,practice', OVERVIEW_MESSAGES.badType);
    await bad('?include_past=yes', /include_past must be true or false/);
  });

  it('is for coaches and admins with a window too: parents, players and moderators 403, another team 404', async () => {
    const query = `?from=${fromToday(-14)}&to=${fromToday(14)}&type=game`;
    await expectAccess(cast, (token) => call(t, 'GET', url(query), token), runnersWrite(200));
    expectDetail(await call(t, 'GET', url(query), cast.parent.token), 403, RSVP_MESSAGES.coachesOnly);
  });

  it("records a player's answer from the overview through submit: a coach up to 7 days after the start", async () => {
    // Three days after the game: parents are closed out, the coach records attendance.
    const recorded = okJson<Rsvp>(
      await call(t, 'POST', '/api/team-rsvp/submit', cast.coach.token, {
        event_type: 'game',
        event_id: ids['Past3'],
        player_id: ben,
        response: 'yes',
      }),
    );
    expect(recorded).toMatchObject({ player_id: ben, response: 'yes', responded_by_name: 'Casey Coach' });
    const [event] = okJson<Overview>(
      await call(t, 'GET', url(`?from=${fromToday(-3)}&to=${fromToday(-3)}`), cast.coach.token),
    ).upcoming_events;
    expect(event?.responses.map((r) => [r.player_id, r.response, r.user?.name])).toEqual([
      [ava, 'no', 'Casey Coach'],
      [ben, 'yes', 'Casey Coach'],
    ]);
    expect(event?.not_responded).toEqual([]);
    // 20 days after: closed for the coach too, with the same message as everywhere.
    expectDetail(
      await call(t, 'POST', '/api/team-rsvp/submit', cast.coach.token, {
        event_type: 'game',
        event_id: ids['Past20'],
        player_id: ben,
        response: 'yes',
      }),
      409,
      RSVP_MESSAGES.closedForCoaches,
    );
  });
});
