import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedPractices, Practice } from '../../src/shared/api/events.ts';
import { addDays, EVENT_MESSAGES, formatDate } from '../../src/shared/events.ts';
import { SERIES_MESSAGES } from '../../src/shared/practice-series.ts';
import { expectDetail, fromToday, okJson } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import { call, type Cast, expectAccess, runnersWrite, startWithCast } from '../support/teams.ts';

// A weekly series of practices (docs/product/events.md 'Practice series', decision 048): edit or
// delete 'this practice' or 'this and following' with `?scope=following`.

describe.each(BACKENDS)('practice series on $name', (backend) => {
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

  const create = async (token: string, overrides: Record<string, unknown> = {}) =>
    okJson<CreatedPractices>(
      await call(t, 'POST', '/api/practices', token, {
        team_id: cast.team.id,
        title: 'Passing',
        date: fromToday(2),
        time: '17:30',
        location: 'Training ground',
        ...overrides,
      }),
      201,
    ).practices;
  const list = async (teamId = cast.team.id, token = cast.coach.token) =>
    okJson<Practice[]>(await call(t, 'GET', `/api/practices/${teamId}`, token));
  const byId = async (teamId = cast.team.id, token = cast.coach.token) =>
    new Map((await list(teamId, token)).map((p) => [p.id, p]));
  /** The form as the web sends it: every field, as text. */
  const form = (p: Practice, changes: Record<string, string>) => ({
    title: p.title,
    date: p.date,
    time: p.time,
    location: p.location,
    address: p.address ?? '',
    duration: p.duration === null ? '' : String(p.duration),
    focus: p.focus ?? '',
    notes: p.notes ?? '',
    equipment_needed: p.equipment_needed ?? '',
    arrival_time: p.arrival_time ?? '',
    ...changes,
  });
  /** The bell emptied: what follows is what the edit under test told. */
  const quiet = () => t.db.execute(sql`delete from notifications`);
  const bellOf = async (userId: number) =>
    (
      await queryRows<{ title: string }>(
        t.db,
        sql`select title from notifications where user_id = ${userId} order by id`,
      )
    ).map((n) => n.title);

  it('practices created together share a series id; a single practice has none', async () => {
    const series = await create(cast.coach.token, { title: 'Together', repeat_weeks: 3 });
    const ids = new Set(series.map((p) => p.series_id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    const other = await create(cast.coach.token, { title: 'Together', repeat_weeks: 2 });
    expect(other[0]?.series_id).not.toBe(series[0]?.series_id);
    const [single] = await create(cast.coach.token, { title: 'Alone' });
    expect(single?.series_id).toBeNull();
    // Every member reads it.
    expect((await byId(cast.team.id, cast.parent.token)).get(series[1]!.id)?.series_id).toBe(
      series[0]?.series_id,
    );
  });

  it('scope=following edits exactly this and the later practices of the series, in one notice', async () => {
    const a = await create(cast.coach.token, { title: 'Series A', repeat_weeks: 4 });
    const b = await create(cast.coach.token, { title: 'Series B', repeat_weeks: 4 });
    const [single] = await create(cast.coach.token, { title: 'Single', date: a[2]!.date });
    const theirs = await create(cast.otherCoach.token, { team_id: cast.otherTeam.id, repeat_weeks: 4 });
    const before = await byId();
    const theirsBefore = await list(cast.otherTeam.id, cast.otherCoach.token);
    await quiet();

    // A full form with a new time and notes: both apply to each, nothing else changes.
    const answer = okJson<Practice>(
      await call(
        t,
        'PUT',
        `/api/practices/${a[1]!.id}?scope=following`,
        cast.coach.token,
        form(a[1]!, { time: '18:30', notes: 'Lights on' }),
      ),
    );
    expect(answer).toEqual({ ...a[1], time: '18:30', notes: 'Lights on' });
    const after = await byId();
    expect(after.get(a[0]!.id)).toEqual(a[0]);
    for (const p of a.slice(1)) expect(after.get(p.id)).toEqual({ ...p, time: '18:30', notes: 'Lights on' });
    for (const p of [...b, single!]) expect(after.get(p.id)).toEqual(before.get(p.id));
    expect(await list(cast.otherTeam.id, cast.otherCoach.token)).toEqual(theirsBefore);
    expect(theirs).toHaveLength(4);
    expect(await bellOf(cast.parent.id)).toEqual([
      `U10 Hawks: 3 practices "Series A" from ${formatDate(a[1]!.date)} moved to 6:30 PM`,
    ]);
  });

  it('a new date moves each following practice by as many days; one practice edited alone keeps its own values', async () => {
    const a = await create(cast.coach.token, { title: 'Shifted', repeat_weeks: 4 });
    // The last week moved to another pitch on its own.
    okJson(await call(t, 'PUT', `/api/practices/${a[3]!.id}`, cast.coach.token, { location: 'Pitch 2' }));
    okJson(
      await call(
        t,
        'PUT',
        `/api/practices/${a[2]!.id}?scope=following`,
        cast.coach.token,
        form(a[2]!, { date: addDays(a[2]!.date, 1) }),
      ),
    );
    const after = await byId();
    expect(after.get(a[1]!.id)).toEqual(a[1]);
    expect(after.get(a[2]!.id)).toEqual({ ...a[2], date: addDays(a[2]!.date, 1) });
    expect(after.get(a[3]!.id)).toEqual({ ...a[3], date: addDays(a[3]!.date, 1), location: 'Pitch 2' });
  });

  it('cancels this and following with one notice; scope=this and no scope change the practice alone', async () => {
    const a = await create(cast.coach.token, { title: 'Rained out', repeat_weeks: 4 });
    await quiet();
    okJson(
      await call(t, 'PUT', `/api/practices/${a[2]!.id}?scope=following`, cast.coach.token, {
        status: 'cancelled',
      }),
    );
    expect((await list()).filter((p) => p.title === 'Rained out').map((p) => p.status)).toEqual([
      'scheduled',
      'scheduled',
      'cancelled',
      'cancelled',
    ]);
    expect(await bellOf(cast.parent.id)).toEqual([
      `U10 Hawks: 2 practices "Rained out" from ${formatDate(a[2]!.date)} are cancelled`,
    ]);
    for (const url of [`/api/practices/${a[0]!.id}?scope=this`, `/api/practices/${a[0]!.id}`]) {
      okJson(await call(t, 'PUT', url, cast.coach.token, { status: 'cancelled' }));
      okJson(await call(t, 'PUT', url, cast.coach.token, { status: 'scheduled' }));
      expect((await list()).filter((p) => p.title === 'Rained out').map((p) => p.status)).toEqual([
        'scheduled',
        'scheduled',
        'cancelled',
        'cancelled',
      ]);
    }
    // A practice of no series: 'following' is the practice alone.
    const [single] = await create(cast.coach.token, { title: 'Alone', date: a[1]!.date });
    okJson(
      await call(t, 'PUT', `/api/practices/${single!.id}?scope=following`, cast.coach.token, {
        time: '19:00',
      }),
    );
    expect((await byId()).get(a[1]!.id)).toEqual(a[1]);
  });

  it('a refusal for any practice of the scope changes none of them', async () => {
    const a = await create(cast.coach.token, { title: 'All or none', repeat_weeks: 3 });
    // The last week's players come at 17:15; a start at 17:00 would be after it.
    okJson(await call(t, 'PUT', `/api/practices/${a[2]!.id}`, cast.coach.token, { arrival_time: '17:15' }));
    const before = await byId();
    expectDetail(
      await call(t, 'PUT', `/api/practices/${a[0]!.id}?scope=following`, cast.coach.token, { time: '17:00' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    expect(await byId()).toEqual(before);
  });

  it('one transaction: the database refusing the last practice keeps every practice as it was', async () => {
    const a = await create(cast.coach.token, { title: 'Refused edit', repeat_weeks: 3 });
    const before = await byId();
    await t.db.execute(
      sql.raw(`create function refuse_series_edit() returns trigger language plpgsql as $$
        begin
          if new.id = ${a[2]!.id} then raise exception 'refused for the test' using errcode = '22023'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        `create trigger refuse_series_edit before update on practices for each row execute function refuse_series_edit()`,
      ),
    );
    try {
      const refused = await call(t, 'PUT', `/api/practices/${a[0]!.id}?scope=following`, cast.coach.token, {
        time: '19:00',
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(await byId()).toEqual(before);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_series_edit on practices'));
      await t.db.execute(sql.raw('drop function refuse_series_edit()'));
    }
  });

  it('scope=following deletes exactly this and the later practices of the series', async () => {
    const a = await create(cast.coach.token, { title: 'Deleted A', repeat_weeks: 4 });
    const b = await create(cast.coach.token, { title: 'Deleted B', repeat_weeks: 4 });
    const [single] = await create(cast.coach.token, { title: 'Deleted single', date: a[3]!.date });
    const theirs = await list(cast.otherTeam.id, cast.otherCoach.token);
    await quiet();
    const deleted = await call(t, 'DELETE', `/api/practices/${a[2]!.id}?scope=following`, cast.coach.token);
    expect(okJson(deleted)).toEqual({
      message: SERIES_MESSAGES.practicesDeleted(2),
      detail: '2 practices deleted successfully.',
    });
    const left = await byId();
    expect([...a, ...b, single!].filter((p) => left.has(p.id)).map((p) => p.id)).toEqual(
      [a[0]!, a[1]!, ...b, single!].map((p) => p.id),
    );
    expect(await list(cast.otherTeam.id, cast.otherCoach.token)).toEqual(theirs);
    expect(await bellOf(cast.parent.id)).toEqual([
      `U10 Hawks: 2 practices "Deleted A" from ${formatDate(a[2]!.date)} were removed from the schedule`,
    ]);
    // A practice of no series, with scope: itself alone, said as ever.
    expect(
      okJson(await call(t, 'DELETE', `/api/practices/${single!.id}?scope=following`, cast.coach.token)),
    ).toEqual({ message: 'Practice deleted successfully.', detail: 'Practice deleted successfully.' });
    expect((await byId()).size).toBe(left.size - 1);
    expectDetail(
      await call(t, 'DELETE', `/api/practices/${a[2]!.id}?scope=following`, cast.coach.token),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
  });

  it('refuses an unknown scope with a clear 400, changing nothing', async () => {
    const a = await create(cast.coach.token, { title: 'Bad scope', repeat_weeks: 2 });
    const before = await byId();
    for (const query of ['?scope=all', '?scope=', '?scope=following&scope=this']) {
      expectDetail(
        await call(t, 'PUT', `/api/practices/${a[0]!.id}${query}`, cast.coach.token, { time: '19:00' }),
        400,
        SERIES_MESSAGES.invalidScope,
      );
      expectDetail(
        await call(t, 'DELETE', `/api/practices/${a[0]!.id}${query}`, cast.coach.token),
        400,
        SERIES_MESSAGES.invalidScope,
      );
    }
    expect(await byId()).toEqual(before);
  });

  it('scope=following: coaches and admins; parents, players and moderators without the capability 403; another team 404', async () => {
    const a = await create(cast.coach.token, { title: 'Access', repeat_weeks: 2 });
    await expectAccess(
      cast,
      (token) => call(t, 'PUT', `/api/practices/${a[0]!.id}?scope=following`, token, { notes: 'Edited' }),
      runnersWrite(200),
    );
    await expectAccess(
      cast,
      async (token) => {
        const [first] = await create(cast.coach.token, { title: 'Doomed', repeat_weeks: 2 });
        return call(t, 'DELETE', `/api/practices/${first!.id}?scope=following`, token);
      },
      runnersWrite(200),
    );
    // Another team's coach cannot reach this series, nor this team's coach theirs.
    const theirs = await create(cast.otherCoach.token, { team_id: cast.otherTeam.id, repeat_weeks: 2 });
    const theirList = await list(cast.otherTeam.id, cast.otherCoach.token);
    expectDetail(
      await call(t, 'DELETE', `/api/practices/${theirs[0]!.id}?scope=following`, cast.coach.token),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
    expectDetail(
      await call(t, 'PUT', `/api/practices/${theirs[0]!.id}?scope=following`, cast.coach.token, {
        status: 'cancelled',
      }),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
    expect(await list(cast.otherTeam.id, cast.otherCoach.token)).toEqual(theirList);
  });
});
