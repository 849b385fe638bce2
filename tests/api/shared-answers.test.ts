import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromToday, okJson, statementsDuring } from '../support/events.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { call, type Cast, startWithCast } from '../support/teams.ts';

// The events lists read the same for every member, so one member's read is kept for all of them, and
// large answers travel gzipped to a client that takes it (plugins/answer-cache.ts, decision 013).

describe.each(BACKENDS)('shared and gzipped answers on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    // Ten practices: an answer of several kilobytes.
    okJson(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title: 'Tuesday Training',
        date: fromToday(1),
        time: '17:30',
        location: 'North Field',
        repeat_weeks: 10,
      }),
      201,
    );
  });
  afterAll(() => close());

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
  const practicesUrl = () => `/api/practices/${cast.team.id}`;

  it("serves one member's read of the practices to another member without reading the rows again", async () => {
    const coachView = await get(practicesUrl(), cast.coach.token);
    expect(coachView.statusCode).toBe(200);
    let parentView = coachView;
    const statements = await statementsDuring(t, async () => {
      parentView = await get(practicesUrl(), cast.parent.token);
    });
    expect(statements.some((sql) => /from "practices"/i.test(sql))).toBe(false);
    expect(parentView.statusCode).toBe(200);
    expect(parentView.body).toBe(coachView.body);
    // Each reader still has a tag of their own.
    expect(parentView.headers.etag).not.toBe(coachView.headers.etag);
  });

  it('never shares a reader-dependent answer: the roster is read again for another reader', async () => {
    const url = `/api/teams/${cast.team.id}/players`;
    await get(url, cast.coach.token);
    const statements = await statementsDuring(t, () => get(url, cast.parent.token));
    expect(statements.some((sql) => /from "players"/i.test(sql))).toBe(true);
  });

  it('answers 404 to a non-member even when the answer is kept, and shows the change at once', async () => {
    await get(practicesUrl(), cast.coach.token);
    const stranger = await get(practicesUrl(), cast.otherCoach.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Tuesday Training');

    okJson(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: cast.team.id,
        title: 'Saturday Scrimmage',
        date: fromToday(2),
        time: '09:00',
        location: 'South Field',
      }),
      201,
    );
    const after = await get(practicesUrl(), cast.parent.token);
    expect(after.json().map((p: { title: string }) => p.title)).toContain('Saturday Scrimmage');
  });

  it('sends a large answer gzipped to a client that takes gzip, first read and kept alike', async () => {
    // A change makes the next read a first read.
    okJson(await call(t, 'PUT', `/api/teams/${cast.team.id}`, cast.coach.token, { name: 'Hawks Gzip' }));
    const plain = await get(practicesUrl(), cast.coach.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const token of [cast.parent.token, cast.player.token]) {
      const zipped = await get(practicesUrl(), token, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    // The first read after a change, gzipped from the start.
    okJson(
      await call(t, 'PUT', `/api/teams/${cast.team.id}`, cast.coach.token, { name: 'Hawks Gzip Again' }),
    );
    const first = await get(practicesUrl(), cast.parent.token, { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toContain('Tuesday Training');
  });

  it('sends small answers and answers to clients that refuse gzip as they are', async () => {
    const count = await get(`/api/join-requests/${cast.team.id}/pending-count`, cast.coach.token, {
      'accept-encoding': 'gzip',
    });
    expect(count.statusCode).toBe(200);
    expect(count.headers['content-encoding']).toBeUndefined();
    const refused = await get(practicesUrl(), cast.coach.token, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().length).toBeGreaterThan(10);
  });
});
