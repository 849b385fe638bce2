import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedPractices, Practice } from '../../src/shared/api/events.ts';
import { addDays, EVENT_MESSAGES } from '../../src/shared/events.ts';
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

// Practices (docs/product/events.md 'Practices').

describe.each(BACKENDS)('practices API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  const body = (overrides: Record<string, unknown> = {}) => ({
    team_id: cast.team.id,
    title: 'Passing drills',
    date: fromToday(2),
    time: '17:30',
    location: 'Training ground',
    ...overrides,
  });
  const create = (token: string | undefined, overrides: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/practices', token, body(overrides));
  const newPractice = async (overrides: Record<string, unknown> = {}) =>
    okJson<CreatedPractices>(await create(cast.coach.token, overrides), 201).practices[0] as Practice;
  const countOn = async (teamId: number, title: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from practices where team_id = ${teamId} and title = ${title}`,
      )
    )[0]?.n;

  it('creates one practice with every field', async () => {
    const response = await create(cast.coach.token, {
      title: ' Passing drills ',
      address: '3 Field Road',
      duration: '90',
      focus: 'Passing',
      notes: 'Cones out early',
      equipment_needed: 'Balls, bibs',
      repeat_weeks: 0,
    });
    expect(okJson(response, 201)).toEqual({
      message: EVENT_MESSAGES.practiceCreated,
      practices: [
        {
          id: expect.any(Number),
          team_id: cast.team.id,
          title: 'Passing drills',
          date: fromToday(2),
          time: '17:30',
          location: 'Training ground',
          address: '3 Field Road',
          duration: 90,
          focus: 'Passing',
          notes: 'Cones out early',
          equipment_needed: 'Balls, bibs',
          arrival_time: null,
          status: 'scheduled',
          series_id: null,
        },
      ],
    });
  });

  it('creates a weekly series in one request, all or none', async () => {
    const series = okJson<CreatedPractices>(
      await create(cast.coach.token, { title: 'Series', repeat_weeks: 4 }),
      201,
    );
    expect(series.message).toBe(EVENT_MESSAGES.practicesCreated(4));
    expect(series.message).toBe('Successfully created 4 practices.');
    expect(series.practices.map((p) => p.date)).toEqual([0, 7, 14, 21].map((d) => addDays(fromToday(2), d)));
    expect(new Set(series.practices.map((p) => p.id)).size).toBe(4);
    expect(await countOn(cast.team.id, 'Series')).toBe(4);

    expectDetail(
      await create(cast.coach.token, { title: 'Too long', repeat_weeks: 16 }),
      400,
      'Repeat must be between 0 and 15 weeks',
    );
    expect(await countOn(cast.team.id, 'Too long')).toBe(0);
    // true is no number of weeks (z.coerce would have taken it as 1).
    expectDetail(
      await create(cast.coach.token, { title: 'Not a number', repeat_weeks: true }),
      400,
      'Repeat must be a number of weeks',
    );
    expect(
      (await call(t, 'POST', '/api/practices', cast.coach.token, { title: 'x', team_id: true })).json(),
    ).toEqual({ detail: 'team_id must be a number' });
    expect(
      okJson<CreatedPractices>(await create(cast.coach.token, { title: 'Longest', repeat_weeks: 15 }), 201)
        .practices,
    ).toHaveLength(15);

    // The database refuses the fourth practice of a series: none of the four is kept.
    const refused = addDays(fromToday(2), 21);
    await t.db.execute(
      sql.raw(`create function refuse_practice() returns trigger language plpgsql as $$
        begin
          if new.date = date '${refused}' and new.title = 'Refused' then
            raise exception 'refused for the test' using errcode = '22023';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        `create trigger refuse_practice before insert on practices for each row execute function refuse_practice()`,
      ),
    );
    try {
      const failed = await create(cast.coach.token, { title: 'Refused', repeat_weeks: 4 });
      expect(failed.statusCode, failed.body).toBe(400);
      expect(await countOn(cast.team.id, 'Refused')).toBe(0);
      // Three weeks stop short of the refused date: all three are kept.
      expect((await create(cast.coach.token, { title: 'Refused', repeat_weeks: 3 })).statusCode).toBe(201);
      expect(await countOn(cast.team.id, 'Refused')).toBe(3);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_practice on practices'));
      await t.db.execute(sql.raw('drop function refuse_practice()'));
    }
  });

  it('answers every validation problem with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, 'Title is required'],
      [{ title: '  ' }, 'Title is required'],
      [{ title: 3 }, 'Title must be text'],
      [{ title: 'x'.repeat(101) }, 'Title must be no more than 100 characters'],
      [{ date: '' }, 'Date is required'],
      [{ date: '2026-02-30' }, 'Date must be a real date (YYYY-MM-DD)'],
      [{ time: '' }, 'Time is required'],
      [{ time: '25:00' }, 'Time must be a time (HH:MM)'],
      [{ location: undefined }, 'Location is required'],
      [{ location: 'x'.repeat(201) }, 'Location must be no more than 200 characters'],
      [{ duration: 0 }, 'Duration must be at least 1 minute'],
      [{ duration: 'long' }, 'Duration must be a number of minutes'],
      [{ duration: 1441 }, 'Duration must be no more than 1440 minutes'],
      [{ notes: 'x'.repeat(2001) }, 'Notes must be no more than 2000 characters'],
      [{ equipment_needed: 'x'.repeat(201) }, 'Equipment needed must be no more than 200 characters'],
      [{ repeat_weeks: 16 }, 'Repeat must be between 0 and 15 weeks'],
      [{ repeat_weeks: -1 }, 'Repeat must be between 0 and 15 weeks'],
      [{ repeat_weeks: 2.5 }, 'Repeat must be a whole number of weeks'],
      [{ team_id: undefined }, 'team_id is required'],
      [{ team_id: 'abc' }, 'team_id must be a number'],
      [{ date: '2200-12-20', repeat_weeks: 3 }, 'The series must end by the year 2200'],
    ];
    for (const [overrides, detail] of cases) {
      expectDetail(await create(cast.coach.token, overrides), 400, detail);
    }
  });

  it('lists by date then time to every member; creating needs can_manage_events on the team in the body', async () => {
    const team = await createTeam(t, cast.coach, { name: 'U7 Practice' });
    const make = (title: string, date: string, time: string) =>
      create(cast.coach.token, { team_id: team.id, title, date, time });
    await make('C', fromToday(1), '18:00');
    await make('A', fromToday(-3), '19:00');
    await make('B', fromToday(1), '07:45');
    const listed = okJson<Practice[]>(await call(t, 'GET', `/api/practices/${team.id}`, cast.coach.token));
    expect(listed.map((p) => p.title)).toEqual(['A', 'B', 'C']);

    await expectAccess(
      cast,
      (token) => call(t, 'GET', `/api/practices/${cast.team.id}`, token),
      MEMBERS_READ,
    );
    await expectAccess(cast, (token) => create(token), runnersWrite(201));
    expectDetail(await create(cast.otherCoach.token), 404, 'Team not found');
    expectDetail(await create(cast.coach.token, { team_id: cast.otherTeam.id }), 404, 'Team not found');
    expectDetail(await create(cast.coach.token, { team_id: 99_999_999_999 }), 404, 'Team not found');
    await setModeratorFlags(t, cast, ['can_update_scores', 'can_create_tournaments']);
    expect((await create(cast.moderator.token)).statusCode).toBe(403);
    await setModeratorFlags(t, cast, ['can_manage_events']);
    expect((await create(cast.moderator.token, { repeat_weeks: 2 })).statusCode).toBe(201);
  });

  it('keeps an optional arrival time on every practice of a series: set, refused, cleared', async () => {
    const series = okJson<CreatedPractices>(
      await create(cast.coach.token, { title: 'Arrive early', repeat_weeks: 2, arrival_time: '17:15' }),
      201,
    );
    expect(series.practices.map((p) => p.arrival_time)).toEqual(['17:15', '17:15']);
    const [first] = series.practices as [Practice];
    const url = `/api/practices/${first.id}`;
    expectDetail(
      await create(cast.coach.token, { title: 'Too late', arrival_time: '18:00' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    expect(await countOn(cast.team.id, 'Too late')).toBe(0);
    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { arrival_time: '5pm' }),
      400,
      EVENT_MESSAGES.arrivalInvalid,
    );
    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { arrival_time: '17:45' }),
      400,
      EVENT_MESSAGES.arrivalAfterStart,
    );
    const changed = okJson<Practice>(await call(t, 'PUT', url, cast.coach.token, { arrival_time: '17:00' }));
    expect(changed.arrival_time).toBe('17:00');
    const cleared = okJson<Practice>(await call(t, 'PUT', url, cast.coach.token, { arrival_time: '  ' }));
    expect(cleared.arrival_time).toBeNull();
    expectDetail(
      await call(t, 'PUT', url, cast.otherCoach.token, { arrival_time: '17:00' }),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
  });

  it('edits and deletes one practice of a series on its own; other teams cannot', async () => {
    const series = okJson<CreatedPractices>(
      await create(cast.coach.token, { title: 'Weekly', repeat_weeks: 3 }),
      201,
    );
    const [first, second] = series.practices as [Practice, Practice];
    const url = `/api/practices/${second.id}`;
    const edited = okJson<Practice>(
      await call(t, 'PUT', url, cast.coach.token, { time: '18:00', focus: 'Shooting', duration: '' }),
    );
    expect(edited).toMatchObject({
      id: second.id,
      title: 'Weekly',
      time: '18:00',
      focus: 'Shooting',
      duration: null,
    });
    const untouched = okJson<Practice[]>(
      await call(t, 'GET', `/api/practices/${cast.team.id}`, cast.parent.token),
    );
    expect(untouched.find((p) => p.id === first.id)).toEqual(first);
    expectDetail(await call(t, 'PUT', url, cast.coach.token, { title: '' }), 400, 'Title is required');
    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { date: '2026-02-29' }),
      400,
      'Date must be a real date (YYYY-MM-DD)',
    );

    await expectAccess(cast, (token) => call(t, 'PUT', url, token, { notes: 'Edited' }), runnersWrite(200));
    expectDetail(
      await call(t, 'PUT', url, cast.otherCoach.token, { notes: 'x' }),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
    await setModeratorFlags(t, cast, ['can_manage_events']);
    expect((await call(t, 'PUT', url, cast.moderator.token, { notes: 'Moderated' })).statusCode).toBe(200);

    await expectAccess(
      cast,
      async (token) => {
        const practice = await newPractice({ title: 'Doomed' });
        return call(t, 'DELETE', `/api/practices/${practice.id}`, token);
      },
      { ...runnersWrite(200), moderator: 200 },
    );
    const deleted = await call(t, 'DELETE', url, cast.coach.token);
    expect(okJson(deleted)).toEqual({ message: expect.any(String), detail: expect.any(String) });
    expectDetail(await call(t, 'DELETE', url, cast.coach.token), 404, EVENT_MESSAGES.practiceNotFound);
    expectDetail(
      await call(t, 'PUT', '/api/practices/2147483000', cast.coach.token, { notes: 'x' }),
      404,
      EVENT_MESSAGES.practiceNotFound,
    );
    const left = okJson<Practice[]>(await call(t, 'GET', `/api/practices/${cast.team.id}`, cast.coach.token));
    expect(left.filter((p) => p.title === 'Weekly').map((p) => p.id)).toEqual(
      series.practices.filter((p) => p.id !== second.id).map((p) => p.id),
    );
  });

  it('cancels a practice, which stays on the schedule marked cancelled, and puts it back', async () => {
    // A new practice is always scheduled, whatever its body says.
    const practice = await newPractice({ title: 'Rainy evening', status: 'cancelled' });
    expect(practice.status).toBe('scheduled');
    const url = `/api/practices/${practice.id}`;

    await expectAccess(
      cast,
      (token) => call(t, 'PUT', url, token, { status: 'cancelled' }),
      runnersWrite(200),
    );
    const list = okJson<Practice[]>(
      await call(t, 'GET', `/api/practices/${cast.team.id}`, cast.parent.token),
    );
    expect(list.find((p) => p.id === practice.id)).toEqual({ ...practice, status: 'cancelled' });

    expectDetail(
      await call(t, 'PUT', url, cast.coach.token, { status: 'postponed' }),
      400,
      "Status must be 'scheduled' or 'cancelled'",
    );
    const back = okJson<Practice>(await call(t, 'PUT', url, cast.coach.token, { status: 'scheduled' }));
    expect(back).toEqual({ ...practice, status: 'scheduled' });
  });

  it('every update sets updated_at (the calendar feed reads it)', async () => {
    const practice = await newPractice();
    const stamp = async () =>
      (
        await queryRows<{ u: string }>(
          t.db,
          sql`select updated_at::text as u from practices where id = ${practice.id}`,
        )
      )[0]?.u;
    const before = await stamp();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(t, 'PUT', `/api/practices/${practice.id}`, cast.coach.token, { focus: 'Set pieces' });
    expect(await stamp()).not.toBe(before);
  });

  it('the list answers ETag/304 and a new tag after a change, in one query however long', async () => {
    const team = await createTeam(t, cast.coach, { name: 'U6 Polled' });
    const url = `/api/practices/${team.id}`;
    const get = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${cast.coach.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const practice = okJson<CreatedPractices>(await create(cast.coach.token, { team_id: team.id }), 201)
      .practices[0];
    const etag = (await get()).headers.etag as string;
    expect((await get(etag)).statusCode).toBe(304);
    await call(t, 'PUT', `/api/practices/${practice?.id}`, cast.coach.token, { title: 'Renamed' });
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Practice[])[0]?.title).toBe('Renamed');

    // Measured right after a write, so the answer is not one already kept under its ETag.
    const practiceStatements = async () =>
      (await statementsDuring(t, () => get())).filter((query) => /"practices"/.test(query));
    await create(cast.coach.token, { team_id: team.id });
    const few = await practiceStatements();
    expect(few).toHaveLength(1);
    await create(cast.coach.token, { team_id: team.id, repeat_weeks: 10 });
    expect(await practiceStatements()).toEqual(few);
  });
});
