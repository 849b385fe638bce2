import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TOO_MANY_ROWS } from '../../src/shared/api/roster-import.ts';
import { IMPORT_MAX_ROWS, ROSTER_MESSAGES } from '../../src/shared/teams.ts';
import { BACKENDS, queuedEmails, type TestApp, uniqueEmail } from '../support/test-app.ts';
import {
  addPlayer,
  type Account,
  call,
  type Cast,
  createTeam,
  expectAccess,
  runnersWrite,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// Roster import, Invite all after it, and the contact sheet (docs/product/roster-and-parents.md
// 'Roster import', 'Contact sheet'; docs/decisions/049), on both databases.

interface RosterPlayer {
  id: number;
  name: string;
  jersey_number: number | null;
  parent_contacts: { name: string; email: string; phone: string | null; is_primary: boolean }[];
}

describe.each(BACKENDS)('roster import and contact sheet on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, undefined, { INVITE_LIMIT_PER_COACH_PER_HOUR: '3' }));
  });
  afterAll(() => close());

  async function freshTeam(name = 'Riverside Hawks') {
    const coach = await signUp(t, 'coach', 'Carla Coach');
    const team = await createTeam(t, coach, { name });
    return { coach, team, base: `/api/teams/${team.id}` };
  }

  const roster = async (base: string, coach: Account): Promise<RosterPlayer[]> =>
    (await call(t, 'GET', `${base}/players`, coach.token)).json();

  it('imports players and their contacts in one request, sending no invite', async () => {
    const { coach, base } = await freshTeam();
    await addPlayer(t, coach, Number(base.split('/').pop()), { name: 'Olek Old', jersey_number: 1 });
    const dana = uniqueEmail('dana');
    const sam = uniqueEmail('sam');
    const response = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: [
        {
          player_name: 'Mia Lopez',
          jersey_number: '7',
          position: 'forward',
          age: '10',
          parent_name: 'Dana Lopez',
          parent_email: dana.toUpperCase(),
          parent_phone: '555-0101',
          relationship: 'Mother',
        },
        { player_name: 'mia  lopez', parent_name: 'Sam Lopez', parent_email: sam, relationship: 'guardian' },
        { player_name: 'Noah Kim', jersey_number: '', age: '9' },
        {},
        { player_name: 'Olek Old', parent_name: 'Ola Old', parent_email: uniqueEmail('ola') },
      ],
    });
    // 'Mother' is no relationship: the whole import is refused, with the row named.
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      detail: '1 row has a problem. Nothing was imported.',
      problems: [
        {
          row: 1,
          field: 'relationship',
          message: expect.stringMatching(/^Relationship must be one of: parent, guardian/),
        },
      ],
    });
    expect((await roster(base, coach)).map((p) => p.name)).toEqual(['Olek Old']);

    const fixed = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: [
        {
          player_name: 'Mia Lopez',
          jersey_number: '7',
          position: 'forward',
          age: '10',
          parent_name: 'Dana Lopez',
          parent_email: dana.toUpperCase(),
          parent_phone: '555-0101',
          relationship: 'Parent',
        },
        { player_name: 'mia  lopez', parent_name: 'Sam Lopez', parent_email: sam, relationship: 'guardian' },
        { player_name: 'Noah Kim', jersey_number: '', age: '9' },
        {},
        { player_name: 'Olek Old', parent_name: 'Ola Old', parent_email: uniqueEmail('ola') },
      ],
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json()).toEqual({
      players_added: 2,
      contacts_added: 3,
      message: 'Imported 2 players and 3 parent contacts. No invites were sent.',
    });
    const after = await roster(base, coach);
    expect(after.map((p) => [p.name, p.jersey_number])).toEqual([
      ['Olek Old', 1],
      ['Mia Lopez', 7],
      ['Noah Kim', null],
    ]);
    const mia = after.find((p) => p.name === 'Mia Lopez');
    expect(mia?.parent_contacts).toEqual([
      expect.objectContaining({ name: 'Dana Lopez', email: dana, phone: '555-0101', is_primary: true }),
      expect.objectContaining({ name: 'Sam Lopez', email: sam, phone: null, is_primary: false }),
    ]);
    expect(await queuedEmails(t.db, dana)).toEqual([]);
    expect(await queuedEmails(t.db, sam)).toEqual([]);
  });

  it('is all or nothing: a bad row among good ones saves none, and every problem is named', async () => {
    const { coach, team, base } = await freshTeam();
    await addPlayer(t, coach, team.id, { name: 'Ava Stone', jersey_number: 9 });
    const good = Array.from({ length: 30 }, (_, i) => ({
      player_name: `Player ${i + 1}`,
      jersey_number: String(i + 20),
      parent_name: `Parent ${i + 1}`,
      parent_email: uniqueEmail('p'),
    }));
    const response = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: [
        ...good,
        { player_name: 'Ben Taken', jersey_number: '9' },
        { player_name: 'Cal Twice', jersey_number: '20' },
        { player_name: 'Dee Old', age: '19' },
        { player_name: '', parent_name: 'No Child', parent_email: uniqueEmail('x') },
        { player_name: 'Eve Mail', parent_name: 'Eve Mum', parent_email: 'eve.example.com' },
        { player_name: 'Fay Half', parent_email: uniqueEmail('fay') },
        { player_name: 'Gus Pos', position: 'Striker', jersey_number: '100' },
        { player_name: 'Player 2', jersey_number: '5' },
        { player_name: 'Ava Stone', parent_name: 'Al Stone', parent_email: good[0]?.parent_email },
        { player_name: 'Player 3', parent_name: 'Again', parent_email: good[2]?.parent_email },
        {
          player_name: 'Hal Phone',
          parent_name: 'Hal Dad',
          parent_email: uniqueEmail('h'),
          parent_phone: 'call me',
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    const { detail, problems } = response.json();
    expect(detail).toBe('11 rows have problems. Nothing was imported.');
    expect(problems).toEqual([
      { row: 1, field: 'jersey_number', message: 'Jersey number 20 is repeated' },
      { row: 31, field: 'jersey_number', message: ROSTER_MESSAGES.jerseyTaken },
      { row: 32, field: 'jersey_number', message: 'Jersey number 20 is repeated' },
      { row: 33, field: 'age', message: 'Age must be between 5 and 18' },
      { row: 34, field: 'player_name', message: 'Player name is required' },
      { row: 35, field: 'parent_email', message: 'Please enter a valid email address' },
      { row: 36, field: 'parent_name', message: 'Please fill in all required fields' },
      { row: 37, field: 'jersey_number', message: 'Jersey number must be between 1 and 99' },
      {
        row: 37,
        field: 'position',
        message: 'Position must be one of: Goalkeeper, Defender, Midfielder, Forward',
      },
      {
        row: 38,
        field: 'jersey_number',
        message: 'Already in row 2 with other details: leave jersey, position and age blank or the same',
      },
      { row: 40, field: 'parent_email', message: ROSTER_MESSAGES.duplicateContact },
      { row: 41, field: 'parent_phone', message: 'Phone may contain only digits, spaces and + ( ) - .' },
    ]);
    expect((await roster(base, coach)).map((p) => p.name)).toEqual(['Ava Stone']);
  });

  it('refuses more rows than the limit, and nothing to import, with clear messages', async () => {
    const { coach, base } = await freshTeam();
    const tooMany = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({ player_name: `P${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: IMPORT_TOO_MANY_ROWS });
    const blank = await call(t, 'POST', `${base}/roster-import`, coach.token, { rows: [{}, { age: '' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'There is nothing to import: add rows with a player name' });
    const huge = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: Array.from({ length: 900 }, () => ({
        player_name: 'x'.repeat(300),
        parent_name: 'y'.repeat(300),
        parent_email: 'z'.repeat(300),
        position: 'w'.repeat(300),
      })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('Invite all after an import invites only the contacts never invited, within the hourly allowance', async () => {
    const { coach, team, base } = await freshTeam();
    const player = await addPlayer(t, coach, team.id, { name: 'Kai Invited', jersey_number: 3 });
    const invitedBefore = uniqueEmail('before');
    const added = await call(t, 'POST', `${base}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Ivy Before',
      parent_email: invitedBefore,
      send_invite: true,
    });
    expect(added.json().invite_sent).toBe(true);
    const emails = Array.from({ length: 4 }, () => uniqueEmail('new'));
    const imported = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: [
        ...emails.map((email, i) => ({
          player_name: `Kid ${i}`,
          parent_name: `Parent ${i}`,
          parent_email: email,
        })),
        // The same parent on two children: one invite.
        { player_name: 'Kid 0b', parent_name: 'Parent 0', parent_email: emails[0] },
        { player_name: 'Kai Invited', parent_name: 'Ivy Before', parent_email: uniqueEmail('other') },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(201);

    // The allowance is 3 an hour here; one went to Ivy already.
    const first = await call(t, 'POST', `${base}/parents/invite-new`, coach.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      invited_count: 2,
      waiting_count: 3,
      message:
        'Invited 2 parents. 3 more wait: you have sent many invites in the last hour. Choose Invite all again later.',
    });
    const queued = await Promise.all([invitedBefore, ...emails].map((e) => queuedEmails(t.db, e)));
    expect(queued.map((q) => q.length)).toEqual([1, 1, 1, 0, 0]);
    expect(queued[1]?.[0]?.subject).toMatch(/invited/i);
  });

  it('sends nothing when every contact was invited', async () => {
    const { coach, base } = await freshTeam();
    const none = await call(t, 'POST', `${base}/parents/invite-new`, coach.token);
    expect(none.json()).toEqual({
      invited_count: 0,
      waiting_count: 0,
      message: 'Every parent contact has been invited already.',
    });
  });

  it('the contact sheet lists players by number with their parents, and its CSV neutralises formulas', async () => {
    const { coach, base } = await freshTeam('Hawks & Co');
    const imported = await call(t, 'POST', `${base}/roster-import`, coach.token, {
      rows: [
        {
          player_name: '=HYPERLINK("http://evil.test","Click")',
          jersey_number: '4',
          parent_name: '@SUM(A1:A9)',
          parent_email: uniqueEmail('at'),
          parent_phone: '+1 555 0100',
        },
        {
          player_name: 'Zed, "The Kid"',
          jersey_number: '2',
          parent_name: '-2+3',
          parent_email: 'minus@example.com',
        },
        { player_name: 'Quiet Player' },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const sheet = await call(t, 'GET', `${base}/contact-sheet`, coach.token);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json()).toEqual({
      team_name: 'Hawks & Co',
      players: [
        expect.objectContaining({ name: 'Zed, "The Kid"', jersey_number: 2 }),
        expect.objectContaining({ name: '=HYPERLINK("http://evil.test","Click")', jersey_number: 4 }),
        { id: expect.any(Number), name: 'Quiet Player', jersey_number: null, status: 'active', parents: [] },
      ],
    });
    const csv = await call(t, 'GET', `${base}/contact-sheet.csv`, coach.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="hawks-co-contacts.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const email = sheet.json().players[1].parents[0].email;
    expect(lines).toEqual([
      'Player,Jersey,Parent,Relationship,Primary,Phone,Email',
      `"Zed, ""The Kid""",2,'-2+3,Parent,Yes,,minus@example.com`,
      `"'=HYPERLINK(""http://evil.test"",""Click"")",4,'@SUM(A1:A9),Parent,Yes,'+1 555 0100,${email}`,
      'Quiet Player,,,,,,',
      '',
    ]);
  });

  describe('access', () => {
    const ok = (cast: Cast) => `/api/teams/${cast.team.id}`;
    it.each([
      ['POST roster-import', 'POST', '/roster-import', { rows: [{ player_name: 'Access Kid' }] }, 201],
      ['POST parents/invite-new', 'POST', '/parents/invite-new', undefined, 200],
      ['GET contact-sheet', 'GET', '/contact-sheet', undefined, 200],
      ['GET contact-sheet.csv', 'GET', '/contact-sheet.csv', undefined, 200],
    ] as const)(
      '%s: coaches and admins; parents, players and moderators 403; others 404',
      async (_, method, path, body, status) => {
        let n = 0;
        await expectAccess(
          cast,
          (token) => {
            n += 1;
            const payload = body && 'rows' in body ? { rows: [{ player_name: `Access Kid ${n}` }] } : body;
            return call(t, method, `${ok(cast)}${path}`, token, payload);
          },
          runnersWrite(status),
        );
      },
    );

    it('a moderator with can_manage_roster still may not import or read the contact sheet', async () => {
      await setModeratorFlags(t, cast, ['can_manage_roster']);
      try {
        const imported = await call(t, 'POST', `${ok(cast)}/roster-import`, cast.moderator.token, {
          rows: [{ player_name: 'Mod Kid' }],
        });
        expect(imported.statusCode).toBe(403);
        expect(imported.json()).toEqual({
          detail: "You do not have permission to import this team's roster",
        });
        const sheet = await call(t, 'GET', `${ok(cast)}/contact-sheet.csv`, cast.moderator.token);
        expect(sheet.statusCode).toBe(403);
      } finally {
        await setModeratorFlags(t, cast, ['can_view_finances']);
      }
    });
  });
});
