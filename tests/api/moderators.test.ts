import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqlState } from '../../src/server/db/errors.ts';
import { MODERATOR_MESSAGES } from '../../src/shared/api/moderators.ts';
import { MODERATOR_FLAGS } from '../../src/shared/permissions.ts';
import { BACKENDS, type TestApp } from '../support/test-app.ts';
import {
  addPlayer,
  call,
  type Cast,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// Moderators (docs/product/moderators-and-admin.md 'Moderators'): coaches and admins grant
// parents and players flags; each flag opens exactly the writes it names, from the very next request.

describe.each(BACKENDS)('moderators API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());
  // Every test starts from the cast's moderator holding only can_view_finances.
  beforeEach(() => setModeratorFlags(t, cast, ['can_view_finances']));

  const assign = (token: string | undefined, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/moderators/assign', token, body);

  it('GET /api/moderators/permissions lists the twelve flags with names and descriptions, without sign-in', async () => {
    const response = await call(t, 'GET', '/api/moderators/permissions');
    expect(response.statusCode).toBe(200);
    const list = response.json() as {
      permission_key: string;
      permission_name: string;
      description: string;
    }[];
    expect(list.map((p) => `can_${p.permission_key}`)).toEqual([...MODERATOR_FLAGS]);
    expect(list.find((p) => p.permission_key === 'manage_roster')).toEqual({
      permission_key: 'manage_roster',
      permission_name: 'Manage Roster',
      description: expect.stringMatching(/players/),
    });
    expect(list.every((p) => p.permission_name && p.description)).toBe(true);
  });

  it('GET /api/moderators/team/{teamId}: coaches and admins; the moderator with date, badge state and keys', async () => {
    const url = `/api/moderators/team/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), runnersWrite(200));
    const list = (await call(t, 'GET', url, cast.coach.token)).json();
    expect(list).toEqual([
      {
        user_id: cast.moderator.id,
        user_name: 'Mo Moderator',
        user_email: cast.moderator.email,
        role: 'parent',
        granted_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        is_active: true,
        permissions: ['view_finances'],
      },
    ]);
  });

  it('GET /api/teams/{teamId}/potential-moderators: parents and players who are not active moderators', async () => {
    const url = `/api/teams/${cast.team.id}/potential-moderators`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), runnersWrite(200));
    const list = (await call(t, 'GET', url, cast.coach.token)).json();
    expect(list).toEqual([
      { id: cast.parent.id, name: 'Pat Parent', email: cast.parent.email, role: 'parent' },
      { id: cast.player.id, name: 'Pia Player', email: cast.player.email, role: 'player' },
    ]);
    // A revoked moderator can be chosen again.
    await setModeratorFlags(t, cast, []);
    const after = (await call(t, 'GET', url, cast.coach.token)).json() as { id: number }[];
    expect(after.map((p) => p.id)).toContain(cast.moderator.id);
  });

  it('POST /api/moderators/assign: only coaches and admins, only parents and players of the team, at least one flag', async () => {
    const body = { user_id: cast.parent.id, team_id: cast.team.id, can_upload_files: true };
    await expectAccess(cast, (token) => assign(token, body), {
      otherCoach: 404,
      parent: 403,
      player: 403,
      moderator: 403,
      stranger: 404,
      anonymous: 401,
    });
    const none = await assign(cast.coach.token, { user_id: cast.parent.id, team_id: cast.team.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: MODERATOR_MESSAGES.selectUserAndPermission });
    const allFalse = await assign(cast.coach.token, {
      user_id: cast.parent.id,
      team_id: cast.team.id,
      can_upload_files: false,
    });
    expect(allFalse.json()).toEqual({ detail: MODERATOR_MESSAGES.selectUserAndPermission });
    for (const userId of [cast.coach.id, cast.otherCoach.id, cast.stranger.id]) {
      const refused = await assign(cast.coach.token, { ...body, user_id: userId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: MODERATOR_MESSAGES.notEligible });
    }
    const noUser = await assign(cast.coach.token, { team_id: cast.team.id, can_upload_files: true });
    expect(noUser.json()).toEqual({ detail: 'User id is required' });
    const badFlag = await assign(cast.coach.token, { ...body, can_upload_files: 'yes' });
    expect(badFlag.json()).toEqual({ detail: 'can_upload_files must be true or false' });

    const granted = await assign(cast.admin.token, body);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      user_id: cast.parent.id,
      is_active: true,
      permissions: ['upload_files'],
    });
    await call(t, 'DELETE', `/api/moderators/revoke/${cast.parent.id}/${cast.team.id}`, cast.coach.token);
  });

  it('editing overwrites the whole set and keeps the granted date', async () => {
    const url = `/api/moderators/team/${cast.team.id}`;
    const [before] = (await call(t, 'GET', url, cast.coach.token)).json();
    await setModeratorFlags(t, cast, ['can_manage_roster', 'can_update_scores']);
    const [after] = (await call(t, 'GET', url, cast.coach.token)).json();
    expect(after.permissions).toEqual(['update_scores', 'manage_roster']);
    expect(after.granted_date).toBe(before.granted_date);
  });

  it('DELETE /api/moderators/revoke: clears every flag at once and keeps the moderator listed as inactive', async () => {
    await setModeratorFlags(t, cast, ['can_manage_roster']);
    const url = `/api/moderators/revoke/${cast.moderator.id}/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'DELETE', url, token), {
      otherCoach: 404,
      parent: 403,
      moderator: 403,
      stranger: 404,
      anonymous: 401,
    });
    const playerBody = { name: 'Robin Revoked' };
    const before = await call(
      t,
      'POST',
      `/api/teams/${cast.team.id}/players`,
      cast.moderator.token,
      playerBody,
    );
    expect(before.statusCode).toBe(201);

    const revoked = await call(t, 'DELETE', url, cast.coach.token);
    expect(revoked.json()).toEqual({ message: MODERATOR_MESSAGES.revoked });
    // The very next request of the moderator is refused: no sign-out needed.
    const after = await call(
      t,
      'POST',
      `/api/teams/${cast.team.id}/players`,
      cast.moderator.token,
      playerBody,
    );
    expect(after.statusCode).toBe(403);
    const [listed] = (await call(t, 'GET', `/api/moderators/team/${cast.team.id}`, cast.coach.token)).json();
    expect(listed).toMatchObject({ user_id: cast.moderator.id, is_active: false, permissions: [] });

    const notOne = await call(
      t,
      'DELETE',
      `/api/moderators/revoke/${cast.parent.id}/${cast.team.id}`,
      cast.coach.token,
    );
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json()).toEqual({ detail: MODERATOR_MESSAGES.notFound });
  });

  it('GET /api/moderators/my-permissions/{teamId}: every flag for any member, 404 outside the team', async () => {
    const url = `/api/moderators/my-permissions/${cast.team.id}`;
    await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
    const mine = (await call(t, 'GET', url, cast.moderator.token)).json();
    expect(Object.keys(mine).sort()).toEqual(['is_coach', 'team_id', ...MODERATOR_FLAGS].sort());
    expect(mine).toMatchObject({
      team_id: cast.team.id,
      is_coach: false,
      can_view_finances: true,
      can_manage_roster: false,
    });
    const coach = (await call(t, 'GET', url, cast.coach.token)).json();
    expect(MODERATOR_FLAGS.every((flag) => coach[flag] === true)).toBe(true);
    expect(coach.is_coach).toBe(true);
    const parent = (await call(t, 'GET', url, cast.parent.token)).json();
    expect(MODERATOR_FLAGS.some((flag) => parent[flag] === true)).toBe(false);
  });

  describe('each capability: a moderator holding the flag can, one without it cannot', () => {
    const cases: {
      flag: (typeof MODERATOR_FLAGS)[number];
      write: () => Promise<{ statusCode: number }>;
      ok: number;
    }[] = [
      {
        flag: 'can_manage_roster',
        write: () =>
          call(t, 'POST', `/api/teams/${cast.team.id}/players`, cast.moderator.token, { name: 'Mia New' }),
        ok: 201,
      },
      {
        flag: 'can_manage_equipment',
        write: () =>
          call(t, 'POST', `/api/kits/team/${cast.team.id}`, cast.moderator.token, { name: 'Home' }),
        ok: 201,
      },
      {
        flag: 'can_edit_team_info',
        write: () =>
          call(t, 'PUT', `/api/teams/${cast.team.id}`, cast.moderator.token, { season: 'Spring 2027' }),
        ok: 200,
      },
    ];
    for (const { flag, write, ok } of cases) {
      it(flag, async () => {
        expect((await write()).statusCode).toBe(403);
        await setModeratorFlags(t, cast, [flag]);
        expect((await write()).statusCode).toBe(ok);
        // Any other flag does not open it.
        await setModeratorFlags(
          t,
          cast,
          MODERATOR_FLAGS.filter((other) => other !== flag),
        );
        expect((await write()).statusCode).toBe(403);
      });
    }
  });

  it('a moderator cannot grant, review join requests or see the invite code', async () => {
    await setModeratorFlags(t, cast, [...MODERATOR_FLAGS]);
    const grant = await assign(cast.moderator.token, {
      user_id: cast.parent.id,
      team_id: cast.team.id,
      can_manage_roster: true,
    });
    expect(grant.statusCode).toBe(403);
    const requests = await call(t, 'GET', `/api/join-requests/${cast.team.id}`, cast.moderator.token);
    expect(requests.statusCode).toBe(403);
    const team = (await call(t, 'GET', `/api/teams/${cast.team.id}`, cast.moderator.token)).json();
    expect(team.invite_code).toBeNull();
    const regenerate = await call(
      t,
      'POST',
      `/api/teams/${cast.team.id}/invite-code/regenerate`,
      cast.moderator.token,
    );
    expect(regenerate.statusCode).toBe(403);
  });

  it('moderation of one team gives nothing on another', async () => {
    const coach = await signUp(t, 'coach');
    const other = await call(t, 'POST', '/api/teams/setup-complete', coach.token, {
      name: 'U9 Owls',
      head_coach_name: 'Olly',
    });
    const otherId = other.json().id as number;
    await setModeratorFlags(t, cast, ['can_manage_roster']);
    expect(
      (await call(t, 'POST', `/api/teams/${otherId}/players`, cast.moderator.token, { name: 'X' }))
        .statusCode,
    ).toBe(404);
    // And a coach of another team cannot grant on this one.
    const cross = await call(t, 'POST', '/api/moderators/assign', coach.token, {
      user_id: cast.parent.id,
      team_id: cast.team.id,
      can_manage_roster: true,
    });
    expect(cross.statusCode).toBe(404);
    await addPlayer(t, cast.coach, cast.team.id, { name: 'Keep Going' });
  });

  it('the database holds only flags of the shared list (CHECK from MODERATOR_FLAGS)', async () => {
    const error: unknown = await t.db
      .execute(
        sql`update team_members set permissions = '{can_view_finances,can_fly}' where user_id = ${cast.moderator.id}`,
      )
      .catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe('23514');
  });
});
