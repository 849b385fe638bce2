import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  INVITE_CODE_ALPHABET,
} from '../../src/shared/teams.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import {
  call,
  type Cast,
  createTeam,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

const INVITE_CODE = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`);

const WIZARD = {
  name: '  U11 Riverside Otters ',
  age_group: 'U11',
  division: 'Competitive',
  league_name: 'Metro Youth League',
  season: 'Fall 2026',
  season_start: '2026-08-15T00:00:00.000Z',
  season_end: '2026-11-20',
  team_description: 'Saturday mornings, lots of passing.',
  head_coach_name: 'Casey Coach',
  head_coach_phone: '(555) 010-2000',
  head_coach_email: 'Casey@Example.com',
  assistant_coach_name: 'Alex Assistant',
  assistant_coach_phone: '',
  assistant_coach_email: '',
  primary_color: '',
  secondary_color: '#1E40AF',
  team_logo_url: 'https://example.com/otters.png',
  groupme_bot_id: '',
  practice_location: '',
  practice_day: '',
  practice_time: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_relation: '',
};

describe.each(BACKENDS)('teams API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());

  describe('POST /api/teams/setup-complete', () => {
    it('creates the team from every wizard field, with defaults and a fresh invite code; the creator coaches it', async () => {
      const coach = await signUp(t, 'coach', 'Casey Coach');
      const response = await call(t, 'POST', '/api/teams/setup-complete', coach.token, WIZARD);
      expect(response.statusCode, response.body).toBe(201);
      const team = response.json();
      expect(team).toEqual({
        id: expect.any(Number),
        name: 'U11 Riverside Otters',
        team_name: 'U11 Riverside Otters',
        invite_code: expect.stringMatching(INVITE_CODE),
        groupme_bot_id: null,
        age_group: 'U11',
        division: 'Competitive',
        league_name: 'Metro Youth League',
        season: 'Fall 2026',
        season_start: '2026-08-15',
        season_end: '2026-11-20',
        team_description: 'Saturday mornings, lots of passing.',
        head_coach_name: 'Casey Coach',
        primary_color: DEFAULT_PRIMARY_COLOR,
        secondary_color: '#1e40af',
        team_logo_url: 'https://example.com/otters.png',
        is_coach: true,
        rsvp_reminder_hours: null,
        details: {
          head_coach_phone: '(555) 010-2000',
          head_coach_email: 'casey@example.com',
          assistant_coach_name: 'Alex Assistant',
          assistant_coach_phone: null,
          assistant_coach_email: null,
          practice_location: null,
          practice_day: null,
          practice_time: null,
          emergency_contact_name: null,
          emergency_contact_phone: null,
          emergency_contact_relation: null,
        },
      });
      const [stored] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`select head_coach_email, head_coach_phone, assistant_coach_email, practice_location, created_by
            from teams where id = ${team.id}`,
      );
      expect(stored).toEqual({
        head_coach_email: 'casey@example.com',
        head_coach_phone: '(555) 010-2000',
        assistant_coach_email: null,
        practice_location: null,
        created_by: coach.id,
      });

      const coached = await call(t, 'GET', '/api/teams/coached', coach.token);
      expect(coached.json()).toEqual([team]);
      const mine = await call(t, 'GET', '/api/teams/my-team', coach.token);
      expect(mine.json()).toEqual(team);
    });

    it('uses the default colours when none are sent and gives every team its own code', async () => {
      const coach = await signUp(t, 'coach');
      const teams = [];
      for (let i = 0; i < 6; i += 1) teams.push(await createTeam(t, coach, { name: `Team ${i}` }));
      expect(new Set(teams.map((team) => team.invite_code)).size).toBe(6);
      expect(teams[0]).toMatchObject({
        primary_color: DEFAULT_PRIMARY_COLOR,
        secondary_color: DEFAULT_SECONDARY_COLOR,
      });
      const coached = await call(t, 'GET', '/api/teams/coached', coach.token);
      expect(coached.json().map((team: { name: string }) => team.name)).toEqual(teams.map((x) => x.name));
    });

    it.each([
      [{ name: 'A' }, 'Team name must be at least 2 characters'],
      [{ name: '   ' }, 'Team name must be at least 2 characters'],
      [{ name: undefined }, 'Team name is required'],
      [{ name: 'x'.repeat(101) }, 'Team name must be no more than 100 characters'],
      [{ head_coach_name: ' ' }, 'Head coach name is required'],
      [{ head_coach_name: undefined }, 'Head coach name is required'],
      [{ age_group: 'U5' }, 'Age group must be one of U6 to U19'],
      [{ division: 'Premier League' }, expect.stringContaining('Division must be one of: Recreational')],
      [{ primary_color: 'green' }, 'Primary colour must be a colour like #10b981'],
      [
        { season_start: '2026-09-01', season_end: '2026-08-01' },
        'Season end must be on or after the season start',
      ],
      [{ season_start: 'next week' }, 'Season start must be a date'],
      [{ season_start: '2026-02-30' }, 'Season start must be a date'],
      [{ head_coach_email: 'not-an-email' }, 'Head coach email must be a valid email address'],
      [{ team_logo_url: 'javascript:alert(1)' }, 'Team logo URL must be a web address'],
      [
        { head_coach_phone: "555'; drop table teams; --" },
        'Phone may contain only digits, spaces and + ( ) - .',
      ],
    ])('refuses %o with "%s"', async (change, detail) => {
      const response = await call(t, 'POST', '/api/teams/setup-complete', cast.coach.token, {
        ...WIZARD,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('lets coaches and admins create teams, not parents, players or anonymous callers', async () => {
      const body = { name: 'Access FC', head_coach_name: 'Somebody' };
      await expectAccess(cast, (token) => call(t, 'POST', '/api/teams/setup-complete', token, body), {
        parent: 403,
        player: 403,
        anonymous: 401,
      });
      const admin = await signUp(t, 'admin', 'Ada Admin');
      const created = await createTeam(t, admin, { name: 'Admin United' });
      const members = await queryRows<{ role: string }>(
        t.db,
        sql`select role from team_members where team_id = ${created.id} and user_id = ${admin.id}`,
      );
      expect(members).toEqual([{ role: 'coach' }]);
    });

    it('never answers 500 to SQL-looking or oversized input', async () => {
      const sneaky = await call(t, 'POST', '/api/teams/setup-complete', cast.coach.token, {
        name: "Robert'); DROP TABLE teams;--",
        head_coach_name: 'Bobby " OR 1=1 --',
        league_name: 'nul\u0000byte',
      });
      expect(sneaky.statusCode).toBe(400);
      const huge = await call(t, 'POST', '/api/teams/setup-complete', cast.coach.token, {
        name: 'Big',
        head_coach_name: 'Coach',
        team_description: 'x'.repeat(100_000),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ detail: 'Request body is too large' });
      const quoted = await createTeam(t, await signUp(t, 'coach'), { name: "Robert'); DROP TABLE teams;--" });
      expect(quoted.name).toBe("Robert'); DROP TABLE teams;--");
      const notObject = await call(t, 'POST', '/api/teams/setup-complete', cast.coach.token, [1, 2]);
      expect(notObject.statusCode).toBe(400);
    });
  });

  describe('team reads', () => {
    it('GET /api/teams/{id}: members only; the invite code and bot id for those who run the team', async () => {
      const url = `/api/teams/${cast.team.id}`;
      await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
      const asCoach = (await call(t, 'GET', url, cast.coach.token)).json();
      expect(asCoach).toMatchObject({ invite_code: cast.team.invite_code, is_coach: true });
      const asAdmin = (await call(t, 'GET', url, cast.admin.token)).json();
      expect(asAdmin).toMatchObject({ invite_code: cast.team.invite_code, is_coach: true });
      for (const member of [cast.parent, cast.player]) {
        const body = (await call(t, 'GET', url, member.token)).json();
        expect(body).toMatchObject({
          name: 'U10 Hawks',
          invite_code: null,
          groupme_bot_id: null,
          is_coach: false,
        });
      }
      const hidden = await call(t, 'GET', url, cast.stranger.token);
      expect(hidden.json()).toEqual({ detail: 'Team not found' });
      const missing = await call(t, 'GET', '/api/teams/2147483000', cast.admin.token);
      expect(missing.json()).toEqual({ detail: 'Team not found' });
    });

    it('refuses ids that are not row ids with 400, not 500', async () => {
      for (const id of ['abc', '0', '-3', '1.5', '99999999999', "1'%20or%20'1'='1"]) {
        const response = await call(t, 'GET', `/api/teams/${id}`, cast.coach.token);
        expect(response.statusCode, id).toBe(400);
        expect(response.json().detail).toMatch(/^Team id/);
      }
    });

    it('GET /api/teams/my-team gives a parent and a player their team without the invite code', async () => {
      for (const member of [cast.parent, cast.player]) {
        const response = await call(t, 'GET', '/api/teams/my-team', member.token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: cast.team.id, invite_code: null, is_coach: false });
      }
      expect((await call(t, 'GET', '/api/teams/my-team', cast.stranger.token)).statusCode).toBe(404);
      expect((await call(t, 'GET', '/api/teams/my-team')).statusCode).toBe(401);
    });

    it('GET /api/teams/coached: a coach gets their teams, an admin every team, others 403', async () => {
      const coached = (await call(t, 'GET', '/api/teams/coached', cast.coach.token)).json();
      expect(coached.map((team: { id: number }) => team.id)).toEqual([cast.team.id]);
      const all = (await call(t, 'GET', '/api/teams/coached', cast.admin.token)).json();
      const ids = all.map((team: { id: number }) => team.id);
      expect(ids).toEqual(expect.arrayContaining([cast.team.id, cast.otherTeam.id]));
      expect(all.every((team: { invite_code: string }) => INVITE_CODE.test(team.invite_code))).toBe(true);
      // An admin pages through every team.
      const firstPage = (await call(t, 'GET', '/api/teams/coached?limit=1', cast.admin.token)).json();
      const secondPage = (
        await call(t, 'GET', '/api/teams/coached?limit=1&offset=1', cast.admin.token)
      ).json();
      expect(firstPage).toHaveLength(1);
      expect(secondPage).toHaveLength(1);
      expect(secondPage[0].id).not.toBe(firstPage[0].id);
      const badPage = await call(t, 'GET', '/api/teams/coached?limit=0', cast.admin.token);
      expect(badPage.statusCode).toBe(400);
      expect(badPage.json()).toEqual({ detail: 'limit must be at least 1' });
      await expectAccess(cast, (token) => call(t, 'GET', '/api/teams/coached', token), {
        parent: 403,
        player: 403,
        anonymous: 401,
      });
    });

    it('GET /api/teams/{id}/members: everyone on the team; emails only for the coach and admins', async () => {
      const url = `/api/teams/${cast.team.id}/members`;
      await expectAccess(cast, (token) => call(t, 'GET', url, token), MEMBERS_READ);
      const asCoach = (await call(t, 'GET', url, cast.coach.token)).json();
      expect(asCoach).toEqual(
        expect.arrayContaining([
          { user_id: cast.coach.id, name: 'Casey Coach', role: 'coach', email: cast.coach.email },
          { user_id: cast.parent.id, name: 'Pat Parent', role: 'parent', email: cast.parent.email },
          { user_id: cast.player.id, name: 'Pia Player', role: 'player', email: cast.player.email },
          { user_id: cast.moderator.id, name: 'Mo Moderator', role: 'parent', email: cast.moderator.email },
        ]),
      );
      expect(asCoach).toHaveLength(4);
      for (const member of [cast.parent, cast.player]) {
        const body = (await call(t, 'GET', url, member.token)).json();
        expect(body.map((m: { email: unknown }) => m.email)).toEqual([null, null, null, null]);
        expect(JSON.stringify(body)).not.toContain('@');
      }
    });
  });

  describe('PUT /api/teams/{id}', () => {
    it('sets the group-chat bot id for the coach and admins; members need the edit-team-info flag', async () => {
      const url = `/api/teams/${cast.team.id}`;
      await expectAccess(
        cast,
        (token) => call(t, 'PUT', url, token, { groupme_bot_id: 'bot-1' }),
        runnersWrite(200),
      );
      const denied = await call(t, 'PUT', url, cast.parent.token, { groupme_bot_id: 'x' });
      expect(denied.json()).toEqual({ detail: "You do not have permission to edit this team's settings" });

      const saved = await call(t, 'PUT', url, cast.coach.token, { groupme_bot_id: '  abc123  ' });
      expect(saved.json()).toMatchObject({ groupme_bot_id: 'abc123', invite_code: cast.team.invite_code });

      // A moderator holding can_edit_team_info is enough; without it, refused again.
      await setModeratorFlags(t, cast, ['can_edit_team_info']);
      const moderated = await call(t, 'PUT', url, cast.moderator.token, { groupme_bot_id: '' });
      expect(moderated.statusCode).toBe(200);
      expect(moderated.json()).toMatchObject({ groupme_bot_id: null, invite_code: null });
      await setModeratorFlags(t, cast, ['can_view_finances']);
      expect((await call(t, 'PUT', url, cast.moderator.token, { groupme_bot_id: 'y' })).statusCode).toBe(403);

      const tooLong = await call(t, 'PUT', url, cast.coach.token, { groupme_bot_id: 'b'.repeat(101) });
      expect(tooLong.json()).toEqual({ detail: 'Group chat bot id must be no more than 100 characters' });
    });

    it("edits the wizard's fields; a field left out keeps its value, a blank one clears it", async () => {
      const url = `/api/teams/${cast.team.id}`;
      const saved = await call(t, 'PUT', url, cast.coach.token, {
        name: '  U10 Hawks Gold ',
        season: 'Spring 2027',
        season_start: '2027-03-01',
        season_end: '2027-05-30',
        assistant_coach_name: 'Alex Assistant',
        assistant_coach_phone: '555-0111',
        practice_location: 'North Field',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        name: 'U10 Hawks Gold',
        season: 'Spring 2027',
        season_start: '2027-03-01',
        head_coach_name: 'Casey Coach',
        details: {
          assistant_coach_name: 'Alex Assistant',
          assistant_coach_phone: '555-0111',
          practice_location: 'North Field',
        },
      });
      const cleared = await call(t, 'PUT', url, cast.coach.token, { season: '', practice_location: null });
      expect(cleared.json()).toMatchObject({
        name: 'U10 Hawks Gold',
        season: null,
        details: { assistant_coach_name: 'Alex Assistant', practice_location: null },
      });
      // The coaches' contacts are only for those who may edit the details.
      const asParent = (await call(t, 'GET', url, cast.parent.token)).json();
      expect(asParent).toMatchObject({ name: 'U10 Hawks Gold', details: null });
      expect(JSON.stringify(asParent)).not.toContain('555-0111');

      for (const [body, detail] of [
        [{ name: 'A' }, 'Team name must be at least 2 characters'],
        [{ head_coach_name: '  ' }, 'Head coach name is required'],
        [
          { season_start: '2027-06-01', season_end: '2027-05-01' },
          'Season end must be on or after the season start',
        ],
        [{ season_start: '2027-02-30' }, 'Season start must be a date'],
        [{ primary_color: 'green' }, 'Primary colour must be a colour like #10b981'],
        [{ head_coach_email: 'nope' }, 'Head coach email must be a valid email address'],
      ] as const) {
        const refused = await call(t, 'PUT', url, cast.coach.token, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json()).toEqual({ detail });
      }
      await call(t, 'PUT', url, cast.coach.token, { name: 'U10 Hawks' });
    });

    it('regenerates the invite code for the coach; the old code stops working at once', async () => {
      const url = `/api/teams/${cast.team.id}/invite-code/regenerate`;
      await expectAccess(cast, (token) => call(t, 'POST', url, token), {
        otherCoach: 404,
        parent: 403,
        player: 403,
        moderator: 403,
        stranger: 404,
        anonymous: 401,
      });
      const before = (await call(t, 'GET', `/api/teams/${cast.team.id}`, cast.coach.token)).json();
      const regenerated = await call(t, 'POST', url, cast.coach.token);
      expect(regenerated.statusCode).toBe(200);
      const code = regenerated.json().invite_code as string;
      expect(code).toMatch(INVITE_CODE);
      expect(code).not.toBe(before.invite_code);
      const joiner = await signUp(t, 'parent');
      const old = await call(t, 'POST', '/api/teams/join', joiner.token, { invite_code: before.invite_code });
      expect(old.statusCode).toBe(404);
      const fresh = await call(t, 'POST', '/api/teams/join', joiner.token, { invite_code: code });
      expect(fresh.statusCode).toBe(200);
      cast.team.invite_code = code;
    });
  });
});
