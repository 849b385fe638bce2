import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import { addPlayer, call, type Cast, setModeratorFlags, signUp, startWithCast } from '../support/teams.ts';

// Polled reads answer with an ETag and honour If-None-Match (docs/decisions/013): the tag
// follows the team's data_version, which the database grows on every change under the team.

describe.each(BACKENDS)('polled reads on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());

  const get = (url: string, token: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers 304 with no body while nothing changed, and a new tag after any change', async () => {
    const url = `/api/teams/${cast.team.id}/players`;
    const first = await get(url, cast.coach.token);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/Authorization/);

    const again = await get(url, cast.coach.token, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await addPlayer(t, cast.coach, cast.team.id, { name: 'Tag Changer' });
    const changed = await get(url, cast.coach.token, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().map((p: { name: string }) => p.name)).toContain('Tag Changer');
  });

  it('gives every reader and every address a tag of its own', async () => {
    const url = `/api/teams/${cast.team.id}/players`;
    const coachTag = (await get(url, cast.coach.token)).headers.etag as string;
    // Another member sending the coach's tag gets their own view, not a 304.
    expect((await get(url, cast.parent.token, coachTag)).statusCode).toBe(200);
    const kitsTag = (await get(`/api/kits/team/${cast.team.id}`, cast.coach.token)).headers.etag;
    expect(kitsTag).not.toBe(coachTag);
  });

  it('changes the tag when a flag, the team or a member profile changes', async () => {
    const urls = [
      `/api/moderators/my-permissions/${cast.team.id}`,
      `/api/teams/${cast.team.id}`,
      `/api/join-requests/${cast.team.id}/pending-count`,
    ];
    const tagsOf = async (token: string) =>
      Promise.all(urls.map(async (url) => (await get(url, token)).headers.etag as string));

    const before = await tagsOf(cast.coach.token);
    await setModeratorFlags(t, cast, ['can_manage_roster']);
    const afterFlag = await tagsOf(cast.coach.token);
    afterFlag.forEach((tag, i) => expect(tag).not.toBe(before[i]));

    await call(t, 'PUT', `/api/teams/${cast.team.id}`, cast.coach.token, { season: 'Winter' });
    const afterTeam = await tagsOf(cast.coach.token);
    afterTeam.forEach((tag, i) => expect(tag).not.toBe(afterFlag[i]));

    const profile = await call(t, 'PUT', '/api/auth/profile', cast.parent.token, {
      name: 'Pat Parent',
      email: cast.parent.email,
      phone: '555-0199',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const afterProfile = await tagsOf(cast.coach.token);
    afterProfile.forEach((tag, i) => expect(tag).not.toBe(afterTeam[i]));
  });

  it('never tags an error answer, and keeps it out of every cache', async () => {
    const refused = await get(`/api/moderators/team/${cast.team.id}`, cast.parent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('no-store');
    const hidden = await get(`/api/teams/${cast.otherTeam.id}/players`, cast.coach.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers.etag).toBeUndefined();
  });

  it('answers If-None-Match: * with 304 only for a read that would succeed: a refusal stays a refusal', async () => {
    const refused = await get(`/api/moderators/team/${cast.team.id}`, cast.parent.token, '*');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: expect.any(String) });
    const hidden = await get(`/api/teams/${cast.otherTeam.id}/players`, cast.coach.token, '*');
    expect(hidden.statusCode).toBe(404);
    // RFC 9110 13.1.2: '*' matches any current answer.
    const url = `/api/teams/${cast.team.id}/players`;
    const read = await get(url, cast.coach.token, '*');
    expect(read.statusCode).toBe(304);
    expect(read.body).toBe('');
    expect(read.headers.etag).toMatch(/^W\/".+"$/);
    // The same from the kept answer, gzipped or not.
    await get(url, cast.coach.token);
    const kept = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${cast.coach.token}`,
        'if-none-match': '*',
        'accept-encoding': 'gzip',
      },
    });
    expect(kept.statusCode).toBe(304);
    expect(kept.headers['content-encoding']).toBeUndefined();
  });

  it('compares If-None-Match weakly (RFC 9110): the tag without W/ and a list of tags match', async () => {
    const url = `/api/kits/team/${cast.team.id}`;
    const etag = (await get(url, cast.coach.token)).headers.etag as string;
    expect(etag).toMatch(/^W\//);
    for (const header of [etag, etag.slice(2), `"other", ${etag}`, `W/"a" ,${etag.slice(2)} , W/"b"`]) {
      const response = await get(url, cast.coach.token, header);
      expect(response.statusCode, header).toBe(304);
    }
    for (const header of ['W/"other"', etag.slice(3, -1), `${etag}x`]) {
      expect((await get(url, cast.coach.token, header)).statusCode, header).toBe(200);
    }
  });

  it('sends a kept answer to another tab of the same reader, and never one older than a change', async () => {
    const url = `/api/teams/${cast.team.id}/players`;
    const first = await get(url, cast.coach.token);
    // A second tab of the same reader has no tag of its own yet: the same answer, from memory.
    const secondTab = await get(url, cast.coach.token);
    expect(secondTab.statusCode).toBe(200);
    expect(secondTab.headers.etag).toBe(first.headers.etag);
    expect(secondTab.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(secondTab.body).toBe(first.body);

    await addPlayer(t, cast.coach, cast.team.id, { name: 'After The Kept Answer' });
    const changed = await get(url, cast.coach.token);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.json().map((p: { name: string }) => p.name)).toContain('After The Kept Answer');

    // Another reader never gets the coach's kept answer.
    const parentView = await get(url, cast.parent.token);
    expect(parentView.headers.etag).not.toBe(changed.headers.etag);
  });

  it("shows a requester's new name on the join requests at once, though they are not a member", async () => {
    const requester = await signUp(t, 'parent', 'Rita Requester');
    const joined = await call(t, 'POST', '/api/teams/join', requester.token, {
      invite_code: cast.team.invite_code,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const url = `/api/join-requests/${cast.team.id}`;
    const before = await get(url, cast.coach.token);
    const names = (response: { json: () => unknown }) =>
      (response.json() as { user_name: string }[]).map((r) => r.user_name);
    expect(names(before)).toContain('Rita Requester');

    const renamed = await call(t, 'PUT', '/api/auth/profile', requester.token, {
      name: 'Rita Renamed',
      email: requester.email,
      phone: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(url, cast.coach.token, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(names(after)).toContain('Rita Renamed');
  });
});
