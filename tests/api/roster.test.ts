import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../src/server/db/errors.ts';
import { ROSTER_MESSAGES } from '../../src/shared/teams.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import {
  addPlayer,
  call,
  type Cast,
  startWithCast,
  createTeam,
  expectAccess,
  MEMBERS_READ,
  runnersWrite,
  signUp,
} from '../support/teams.ts';

describe.each(BACKENDS)('roster API on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());

  /** A team of its own for a test that counts or orders players. */
  async function freshTeam() {
    const coach = await signUp(t, 'coach', 'Fresh Coach');
    const team = await createTeam(t, coach, { name: 'Fresh FC' });
    const players = `/api/teams/${team.id}/players`;
    return { coach, team, players };
  }

  describe('add, edit and remove a player', () => {
    it('adds a player with the fields of the form (numbers may come as text)', async () => {
      const { coach, players } = await freshTeam();
      const response = await call(t, 'POST', players, coach.token, {
        name: '  Mia Lopez ',
        position: 'Midfielder',
        jersey_number: '7',
        age: '9',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        team_id: expect.any(Number),
        name: 'Mia Lopez',
        position: 'Midfielder',
        jersey_number: 7,
        age: 9,
        status: 'active',
        parent_contacts: [],
        is_mine: false,
      });
      const blank = await call(t, 'POST', players, coach.token, {
        name: 'No Number',
        position: '',
        jersey_number: '',
        age: null,
        status: 'inactive',
      });
      expect(blank.json()).toMatchObject({
        position: null,
        jersey_number: null,
        age: null,
        status: 'inactive',
      });
    });

    it.each([
      [{ name: '' }, ROSTER_MESSAGES.playerNameRequired],
      [{ name: '   ' }, ROSTER_MESSAGES.playerNameRequired],
      [{ name: undefined }, ROSTER_MESSAGES.playerNameRequired],
      [{ name: 42 }, ROSTER_MESSAGES.playerNameRequired],
      [{ jersey_number: 0 }, ROSTER_MESSAGES.jerseyRange],
      [{ jersey_number: 100 }, ROSTER_MESSAGES.jerseyRange],
      [{ jersey_number: 7.5 }, ROSTER_MESSAGES.jerseyWhole],
      [{ jersey_number: '2.5' }, ROSTER_MESSAGES.jerseyWhole],
      [{ jersey_number: 'seven' }, ROSTER_MESSAGES.jerseyRange],
      [{ jersey_number: 1e12 }, ROSTER_MESSAGES.jerseyRange],
      [{ age: 4 }, ROSTER_MESSAGES.ageRange],
      [{ age: 19 }, ROSTER_MESSAGES.ageRange],
      [{ age: 'ten' }, ROSTER_MESSAGES.ageRange],
      // Not numbers, though JavaScript would turn them into 1 and 10.
      [{ jersey_number: true }, ROSTER_MESSAGES.jerseyRange],
      [{ age: [10] }, ROSTER_MESSAGES.ageRange],
      [{ position: 'Striker' }, 'Position must be one of: Goalkeeper, Defender, Midfielder, Forward'],
      [{ status: 'retired' }, 'Status must be active or inactive'],
      [{ name: 'x'.repeat(101) }, 'Player name must be no more than 100 characters'],
    ])('refuses %o with "%s"', async (change, detail) => {
      const response = await call(t, 'POST', `/api/teams/${cast.team.id}/players`, cast.coach.token, {
        name: 'Valid Name',
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('keeps jersey numbers unique within a team, not across teams; unnumbered players are many', async () => {
      const { coach, team, players } = await freshTeam();
      const seven = await addPlayer(t, coach, team.id, { name: 'Seven', jersey_number: 7 });
      const taken = await call(t, 'POST', players, coach.token, { name: 'Copy', jersey_number: 7 });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ detail: ROSTER_MESSAGES.jerseyTaken });
      await addPlayer(t, cast.coach, cast.team.id, { name: 'Other team seven', jersey_number: 7 });
      await addPlayer(t, coach, team.id, { name: 'Unnumbered A' });
      await addPlayer(t, coach, team.id, { name: 'Unnumbered B' });

      // Editing keeps the player's own number; taking another player's number is refused.
      const eight = await addPlayer(t, coach, team.id, { name: 'Eight', jersey_number: 8 });
      const same = await call(t, 'PUT', `${players}/${seven.id}`, coach.token, {
        name: 'Seven Renamed',
        jersey_number: 7,
        age: 10,
        position: 'Forward',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({
        name: 'Seven Renamed',
        jersey_number: 7,
        age: 10,
        position: 'Forward',
      });
      const clash = await call(t, 'PUT', `${players}/${eight.id}`, coach.token, {
        name: 'Eight',
        jersey_number: 7,
      });
      expect(clash.json()).toEqual({ detail: ROSTER_MESSAGES.jerseyTaken });
      const blankName = await call(t, 'PUT', `${players}/${eight.id}`, coach.token, { name: ' ' });
      expect(blankName.json()).toEqual({ detail: ROSTER_MESSAGES.playerNameRequired });
    });

    it('answers 400 to the second of two simultaneous players with the same number (the index decides)', async () => {
      const { coach, players } = await freshTeam();
      for (const n of [11, 12, 13]) {
        const answers = await Promise.all(
          [1, 2].map((i) => call(t, 'POST', players, coach.token, { name: `Racer ${i}`, jersey_number: n })),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
        expect(answers.find((a) => a.statusCode === 400)?.json()).toEqual({
          detail: ROSTER_MESSAGES.jerseyTaken,
        });
      }
      const rows = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from players where team_id = ${Number(players.split('/')[3])}`,
      );
      expect(rows[0]?.n).toBe(3);
    });

    it('sorts the roster by jersey number, the unnumbered last by name', async () => {
      const { coach, team, players } = await freshTeam();
      for (const [name, jersey_number] of [
        ['Zed', null],
        ['Ten', 10],
        ['Abe', null],
        ['Two', 2],
        ['Ninety', 99],
      ] as const) {
        await addPlayer(t, coach, team.id, { name, jersey_number });
      }
      const roster = (await call(t, 'GET', players, coach.token)).json();
      expect(roster.map((p: { name: string }) => p.name)).toEqual(['Two', 'Ten', 'Ninety', 'Abe', 'Zed']);
    });

    it('removes a player, answering the message the page shows; a player of another team is not found', async () => {
      const { coach, team, players } = await freshTeam();
      const gone = await addPlayer(t, coach, team.id, { name: 'Leaving', jersey_number: 5 });
      const removed = await call(t, 'DELETE', `${players}/${gone.id}`, coach.token);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({
        message: 'Player removed successfully',
        detail: 'Player removed successfully',
      });
      const again = await call(t, 'DELETE', `${players}/${gone.id}`, coach.token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Player not found' });
      // The number is free again.
      await addPlayer(t, coach, team.id, { name: 'New Five', jersey_number: 5 });

      // A coach cannot reach another team's player through their own team's path.
      const foreign = await addPlayer(t, cast.coach, cast.team.id, { name: 'Not Yours' });
      for (const [method, payload] of [
        ['PUT', { name: 'Hijack' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(t, method, `${players}/${foreign.id}`, coach.token, payload);
        expect(response.statusCode).toBe(404);
      }
      const still = (await call(t, 'GET', `/api/teams/${cast.team.id}/players`, cast.coach.token)).json();
      expect(still.map((p: { name: string }) => p.name)).toContain('Not Yours');
    });
  });

  describe('bulk add', () => {
    it('adds only the named rows, in one go, and says how many', async () => {
      const { coach, players } = await freshTeam();
      const response = await call(t, 'POST', `${players}/bulk`, coach.token, {
        players: [
          { name: 'Ava', position: 'Goalkeeper', jersey_number: '1', age: '10' },
          { name: '', position: 'Forward', jersey_number: 9 },
          { name: '   ', jersey_number: 9 },
          null,
          { name: 'Ben', position: '', jersey_number: '', age: '' },
          { name: 'Cal', jersey_number: 3 },
        ],
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.message).toBe('Successfully added 3 players to the team!');
      expect(body.players.map((p: { name: string }) => p.name)).toEqual(['Ava', 'Cal', 'Ben']);
      expect(body.players[0]).toMatchObject({ position: 'Goalkeeper', jersey_number: 1, age: 10 });
      expect((await call(t, 'GET', players, coach.token)).json()).toHaveLength(3);
    });

    it('refuses a list without a named player, an invalid row, repeated or taken numbers, and adds none', async () => {
      const { coach, team, players } = await freshTeam();
      await addPlayer(t, coach, team.id, { name: 'Four', jersey_number: 4 });
      const bulk = (list: unknown) => call(t, 'POST', `${players}/bulk`, coach.token, { players: list });

      const cases: [unknown, string][] = [
        [[], ROSTER_MESSAGES.bulkNeedsName],
        [[{ name: '' }, { name: ' ', jersey_number: 3 }], ROSTER_MESSAGES.bulkNeedsName],
        [[{ name: 'A' }, { name: '' }, { name: 'C', age: 19 }], 'Player 3: Age must be between 5 and 18'],
        [[{ name: 'A', jersey_number: 120 }], 'Player 1: Jersey number must be between 1 and 99'],
        [
          [{ name: 'A', position: 'Sweeper' }],
          expect.stringMatching(/^Player 1: Position must be one of/) as never,
        ],
        [
          [
            { name: 'A', jersey_number: 7 },
            { name: 'B', jersey_number: 9 },
            { name: 'C', jersey_number: 7 },
            { name: 'D', jersey_number: 9 },
            { name: 'E', jersey_number: 10 },
          ],
          'Please ensure each player has a unique jersey number. Repeated: 7, 9',
        ],
        [
          [
            { name: 'A', jersey_number: 4 },
            { name: 'B', jersey_number: 5 },
          ],
          'These jersey numbers are already taken on this team: 4',
        ],
        [Array.from({ length: 51 }, (_, i) => ({ name: `P${i}` })), 'No more than 50 players at once'],
      ];
      for (const [list, detail] of cases) {
        const response = await bulk(list);
        expect(response.statusCode, JSON.stringify(list).slice(0, 80)).toBe(400);
        expect(response.json()).toEqual({ detail });
      }
      const notList = await call(t, 'POST', `${players}/bulk`, coach.token, { players: 'everyone' });
      expect(notList.json()).toEqual({ detail: 'Players must be a list' });
      expect((await call(t, 'GET', players, coach.token)).json()).toHaveLength(1);

      // Fifty is the most at once.
      const fifty = await bulk(Array.from({ length: 50 }, (_, i) => ({ name: `Player ${i}` })));
      expect(fifty.statusCode).toBe(201);
      expect(fifty.json().message).toBe('Successfully added 50 players to the team!');
    });
  });

  describe('who may read and change the roster', () => {
    it('reads: members and admins; others 404; no token 401', async () => {
      await expectAccess(
        cast,
        (token) => call(t, 'GET', `/api/teams/${cast.team.id}/players`, token),
        MEMBERS_READ,
      );
    });

    it('writes: the coach, admins and roster moderators; parents and players 403', async () => {
      const players = `/api/teams/${cast.team.id}/players`;
      const target = await addPlayer(t, cast.coach, cast.team.id, { name: 'Target' });
      const writes: [string, (token: string | undefined) => ReturnType<typeof call>, number][] = [
        ['add', (token) => call(t, 'POST', players, token, { name: 'By Someone' }), 201],
        ['bulk', (token) => call(t, 'POST', `${players}/bulk`, token, { players: [{ name: 'Bulk' }] }), 201],
        ['edit', (token) => call(t, 'PUT', `${players}/${target.id}`, token, { name: 'Target' }), 200],
      ];
      for (const [, send, ok] of writes) {
        await expectAccess(cast, send, runnersWrite(ok));
      }
      const denied = await call(t, 'DELETE', `${players}/${target.id}`, cast.parent.token);
      expect(denied.json()).toEqual({ detail: "You do not have permission to manage this team's roster" });
      await expectAccess(cast, (token) => call(t, 'DELETE', `${players}/${target.id}`, token), {
        otherCoach: 404,
        parent: 403,
        player: 403,
        stranger: 404,
        anonymous: 401,
        admin: 200,
      });

      // The roster flag (given by the moderators issue) lets a parent manage the roster.
      await t.db.execute(
        sql`update team_members set permissions = '{can_manage_roster}' where user_id = ${cast.parent.id}`,
      );
      try {
        const added = await call(t, 'POST', players, cast.parent.token, { name: 'Added By Moderator' });
        expect(added.statusCode).toBe(201);
      } finally {
        await t.db.execute(sql`update team_members set permissions = '{}' where user_id = ${cast.parent.id}`);
      }
    });

    it('never answers 500 to SQL-looking or oversized input', async () => {
      const players = `/api/teams/${cast.team.id}/players`;
      const sneaky = await call(t, 'POST', players, cast.coach.token, {
        name: "Robert'); DROP TABLE players;--",
        jersey_number: '1 OR 1=1',
      });
      expect(sneaky.json()).toEqual({ detail: ROSTER_MESSAGES.jerseyRange });
      const stored = await call(t, 'POST', players, cast.coach.token, {
        name: "Robert'); DROP TABLE players;--",
      });
      expect(stored.statusCode).toBe(201);
      const nul = await call(t, 'POST', players, cast.coach.token, { name: 'Nul\u0000Byte' });
      expect(nul.statusCode).toBe(400);
      const huge = await call(t, 'POST', `${players}/bulk`, cast.coach.token, {
        players: Array.from({ length: 50 }, () => ({ name: 'x'.repeat(2000) })),
      });
      expect(huge.statusCode).toBe(413);
      for (const url of [`${players}/abc`, `${players}/99999999999`, `${players}/-1`]) {
        const response = await call(t, 'PUT', url, cast.coach.token, { name: 'Nobody' });
        expect(response.statusCode, url).toBe(400);
      }
      const noSuchTeam = await call(t, 'GET', '/api/teams/1e3/players', cast.coach.token);
      expect(noSuchTeam.json()).toEqual({ detail: 'Team not found' });
    });
  });

  it('the database refuses a parent contact whose player is on another team', async () => {
    const other = await freshTeam();
    const theirs = await addPlayer(t, other.coach, other.team.id, { name: 'Elsewhere Kid' });
    await expect(
      t.db.execute(
        sql`insert into parent_contacts (team_id, player_id, name, email)
            values (${cast.team.id}, ${theirs.id}, 'Wrong Team', 'wrong.team@example.com')`,
      ),
    ).rejects.toThrow();
  });

  it('the database refuses a position outside the shared list (CHECK from POSITIONS)', async () => {
    const player = await addPlayer(t, cast.coach, cast.team.id, { name: 'Checked Kid' });
    const error: unknown = await t.db
      .execute(sql`update players set position = 'Striker' where id = ${player.id}`)
      .catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe('23514');
  });
});
