import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KIT_DEFAULTS, KIT_MESSAGES } from '../../src/shared/kits.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import {
  call,
  type Cast,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  setModeratorFlags,
  startWithCast,
} from '../support/teams.ts';

// Team kits (docs/product/kits.md 'Fields and defaults').

describe.each(BACKENDS)('kits API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  const create = (token: string | undefined, body: Record<string, unknown>, teamId = cast.team.id) =>
    call(t, 'POST', `/api/kits/team/${teamId}`, token, body);

  it('creates a kit with the defaults; color always equals jersey_color', async () => {
    const response = await create(cast.coach.token, { name: '  Home  ', color: '#123456' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      team_id: cast.team.id,
      name: 'Home',
      type: KIT_DEFAULTS.type,
      description: null,
      color: KIT_DEFAULTS.jersey_color,
      jersey_color: KIT_DEFAULTS.jersey_color,
      shorts_color: KIT_DEFAULTS.shorts_color,
      socks_color: KIT_DEFAULTS.socks_color,
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    const full = await create(cast.coach.token, {
      name: 'Away',
      type: 'away',
      description: 'White with red trim',
      jersey_color: '#ffffff',
      shorts_color: '#FF0000',
      socks_color: '#ff0000',
    });
    expect(full.json()).toMatchObject({
      type: 'away',
      description: 'White with red trim',
      color: '#FFFFFF',
      jersey_color: '#FFFFFF',
      shorts_color: '#FF0000',
      socks_color: '#FF0000',
    });
  });

  it('answers every validation problem with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Kit name is required'],
      [{ name: '   ' }, KIT_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(61) }, 'Kit name must be no more than 60 characters'],
      [{ name: 'A', type: 'pyjamas' }, 'Kit type must be one of: home, away, third, goalkeeper, training'],
      [{ name: 'A', jersey_color: 'blue' }, 'Jersey colour must be a colour like #0066CC'],
      [{ name: 'A', shorts_color: '#12345' }, 'Shorts colour must be a colour like #0066CC'],
      [{ name: 'A', socks_color: 12 }, 'Socks colour must be text'],
      [{ name: 'A', description: 'd'.repeat(501) }, 'Description must be no more than 500 characters'],
    ];
    for (const [body, detail] of cases) {
      const response = await create(cast.coach.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
  });

  it('lists the kits to every member; writes need can_manage_equipment', async () => {
    await expectAccess(cast, (token) => create(token, { name: 'Third' }), runnersWrite(201));
    const url = `/api/kits/team/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
    const names = (await call(t, 'GET', url, cast.parent.token)).json().map((k: { name: string }) => k.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    await setModeratorFlags(t, cast, ['can_manage_equipment']);
    expect((await create(cast.moderator.token, { name: 'Keeper', type: 'goalkeeper' })).statusCode).toBe(201);
  });

  it('edits and deletes by kit id, only on the caller team; another team kit is not found', async () => {
    const kit = (await create(cast.coach.token, { name: 'Training' })).json();
    const otherKit = (
      await create(cast.otherCoach.token, { name: 'Falcons Home' }, cast.otherTeam.id)
    ).json();
    const put = (token: string | undefined, id: number, body: Record<string, unknown>) =>
      call(t, 'PUT', `/api/kits/${id}`, token, body);

    await expectAccess(
      cast,
      (token) => put(token, kit.id, { name: 'Training', type: 'training' }),
      runnersWrite(200),
    );
    const edited = await put(cast.coach.token, kit.id, {
      name: 'Training Bibs',
      type: 'training',
      jersey_color: '#FF6600',
    });
    expect(edited.json()).toMatchObject({ name: 'Training Bibs', color: '#FF6600', jersey_color: '#FF6600' });

    const cross = await put(cast.coach.token, otherKit.id, { name: 'Mine now' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ detail: KIT_MESSAGES.notFound });
    expect((await call(t, 'DELETE', `/api/kits/${otherKit.id}`, cast.coach.token)).statusCode).toBe(404);
    expect((await put(cast.coach.token, 2147483000, { name: 'Nope' })).json()).toEqual({
      detail: KIT_MESSAGES.notFound,
    });
    expect((await put(cast.coach.token, kit.id, { name: '' })).json()).toEqual({
      detail: KIT_MESSAGES.nameRequired,
    });

    for (const actor of ['parent', 'player', 'moderator'] as const) {
      expect((await call(t, 'DELETE', `/api/kits/${kit.id}`, cast[actor].token)).statusCode).toBe(403);
    }
    const deleted = await call(t, 'DELETE', `/api/kits/${kit.id}`, cast.coach.token);
    expect(deleted.statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/kits/${kit.id}`, cast.coach.token)).statusCode).toBe(404);
    const falcons = (
      await call(t, 'GET', `/api/kits/team/${cast.otherTeam.id}`, cast.otherCoach.token)
    ).json();
    expect(falcons.map((k: { id: number }) => k.id)).toEqual([otherKit.id]);
  });
});
