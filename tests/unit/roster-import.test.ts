import { describe, expect, it } from 'vitest';
import { csvCell, contactSheetCsv, contactSheetFileName } from '../../src/shared/contact-sheet.ts';
import {
  type ImportRow,
  inviteNewMessage,
  planImport,
  problemsOfRow,
  type RosterBefore,
} from '../../src/shared/roster-rows.ts';
import { ROSTER_MESSAGES } from '../../src/shared/teams.ts';
import {
  fieldOfHeader,
  guessMapping,
  looksLikeHeader,
  mapRows,
  parseSheet,
  remap,
} from '../../src/web/features/roster/lib/import-mapping.ts';

// The roster import's reading of pasted rows and files, every row rule of its plan, and the contact
// sheet's CSV (docs/product/roster-and-parents.md 'Roster import', 'Contact sheet').

const EMPTY: RosterBefore = { players: [], contacts: [] };

describe('reading pasted rows and files', () => {
  it('splits rows pasted from a spreadsheet on tabs, keeping commas inside cells', () => {
    const pasted = 'Player\tJersey\tParent email\nLopez, Mia\t7\tdana@example.com\n\nNoah Kim\t\t\n';
    expect(parseSheet(pasted)).toEqual([
      ['Player', 'Jersey', 'Parent email'],
      ['Lopez, Mia', '7', 'dana@example.com'],
      ['Noah Kim', '', ''],
    ]);
  });

  it('splits a CSV file on commas, with quoted cells, CRLF and a byte-order mark', () => {
    const file = '\uFEFFName,Number,Phone\r\n"Kim, Noah",9,"555 0101"\r\n"Say ""Hi""",,\r\n';
    expect(parseSheet(file)).toEqual([
      ['Name', 'Number', 'Phone'],
      ['Kim, Noah', '9', '555 0101'],
      ['Say "Hi"', '', ''],
    ]);
  });

  it('knows a header row by its words, and a data row is none', () => {
    expect(fieldOfHeader('Player Name')).toBe('player_name');
    expect(fieldOfHeader('Jersey #')).toBe('jersey_number');
    expect(fieldOfHeader('E-mail')).toBe('parent_email');
    expect(fieldOfHeader('Mobile')).toBe('parent_phone');
    expect(fieldOfHeader('Shoe size')).toBeNull();
    expect(looksLikeHeader(['Player', 'Jersey', 'Parent'])).toBe(true);
    expect(looksLikeHeader(['Mia Lopez', '7', 'Forward'])).toBe(false);
    expect(looksLikeHeader(['Name'])).toBe(true);
  });

  it('maps columns by the header, each field once, unknown columns to none', () => {
    const rows = [['Jersey', 'Player', 'Shoe size', 'Email', 'Name']];
    expect(guessMapping(rows, true)).toEqual(['jersey_number', 'player_name', null, 'parent_email', null]);
  });

  it('maps columns without a header in the fields order, a column of emails being the email', () => {
    const rows = [['Mia Lopez', '7', 'Dana Lopez', 'dana@example.com', '555 0101']];
    expect(guessMapping(rows, false)).toEqual([
      'player_name',
      'jersey_number',
      'position',
      'parent_email',
      'age',
    ]);
  });

  it('reads the data rows through the mapping, and a field chosen again leaves its old column', () => {
    const rows = [['Name', 'No', 'Mum'], ['Mia', '7', 'Dana'], ['Noah']];
    const mapping = guessMapping(rows, true);
    expect(mapping).toEqual(['player_name', 'jersey_number', null]);
    const changed = remap(remap(mapping, 2, 'parent_name'), 1, 'player_name');
    expect(changed).toEqual([null, 'player_name', 'parent_name']);
    expect(mapRows(rows, true, remap(mapping, 2, 'parent_name'))).toEqual([
      { player_name: 'Mia', jersey_number: '7', parent_name: 'Dana' },
      { player_name: 'Noah', jersey_number: '', parent_name: '' },
    ]);
    expect(mapRows(rows, false, mapping)).toHaveLength(3);
  });
});

describe('the plan of an import, row by row', () => {
  const onlyProblem = (rows: ImportRow[], before: RosterBefore = EMPTY) => planImport(rows, before).problems;

  it('plans new players, later rows of the same player and players already on the roster', () => {
    const before: RosterBefore = {
      players: [{ id: 41, name: 'Ava Stone', jersey_number: 9 }],
      contacts: [{ player_id: 41, email: 'al@example.com' }],
    };
    const plan = planImport(
      [
        { player_name: 'Mia Lopez', jersey_number: '7', position: 'midfielder', age: '10' },
        {
          player_name: 'MIA LOPEZ',
          jersey_number: '7',
          parent_name: 'Dana',
          parent_email: 'Dana@Example.com',
        },
        {
          player_name: 'Mia Lopez',
          parent_name: 'Sam',
          parent_email: 'sam@example.com',
          relationship: 'Emergency Contact',
        },
        {},
        { player_name: 'ava stone', jersey_number: '9', parent_name: 'Bo', parent_email: 'bo@example.com' },
      ],
      before,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.roles).toEqual([
      { kind: 'new' },
      { kind: 'earlier', row: 1 },
      { kind: 'earlier', row: 1 },
      { kind: 'blank' },
      { kind: 'roster', playerId: 41 },
    ]);
    expect(plan.players).toEqual([
      {
        row: 1,
        body: { name: 'Mia Lopez', jersey_number: 7, position: 'Midfielder', age: 10, status: 'active' },
      },
    ]);
    expect(plan.contacts).toEqual([
      {
        row: 2,
        player: { newIndex: 0 },
        name: 'Dana',
        email: 'dana@example.com',
        phone: null,
        relationship: 'parent',
        isPrimary: true,
      },
      {
        row: 3,
        player: { newIndex: 0 },
        name: 'Sam',
        email: 'sam@example.com',
        phone: null,
        relationship: 'emergency_contact',
        isPrimary: false,
      },
      {
        row: 5,
        player: { existingId: 41 },
        name: 'Bo',
        email: 'bo@example.com',
        phone: null,
        relationship: 'parent',
        isPrimary: false,
      },
    ]);
  });

  it.each<[string, ImportRow, string, string]>([
    ['a missing player name', { jersey_number: '4' }, 'player_name', ROSTER_MESSAGES.playerNameRequired],
    [
      'a jersey out of range',
      { player_name: 'A', jersey_number: '0' },
      'jersey_number',
      ROSTER_MESSAGES.jerseyRange,
    ],
    [
      'a jersey that is not whole',
      { player_name: 'A', jersey_number: '7.5' },
      'jersey_number',
      ROSTER_MESSAGES.jerseyWhole,
    ],
    [
      'a jersey that is no number',
      { player_name: 'A', jersey_number: 'seven' },
      'jersey_number',
      ROSTER_MESSAGES.jerseyRange,
    ],
    ['an age too young', { player_name: 'A', age: '4' }, 'age', ROSTER_MESSAGES.ageRange],
    ['an age too old', { player_name: 'A', age: '19' }, 'age', ROSTER_MESSAGES.ageRange],
    [
      'an unknown position',
      { player_name: 'A', position: 'Striker' },
      'position',
      'Position must be one of: Goalkeeper, Defender, Midfielder, Forward',
    ],
    [
      'a name too long',
      { player_name: 'x'.repeat(101) },
      'player_name',
      'Player name must be no more than 100 characters',
    ],
    [
      'a parent without a name',
      { player_name: 'A', parent_email: 'p@example.com' },
      'parent_name',
      ROSTER_MESSAGES.parentRequiredFields,
    ],
    [
      'a parent without an email',
      { player_name: 'A', parent_name: 'P' },
      'parent_email',
      ROSTER_MESSAGES.parentRequiredFields,
    ],
    [
      'a parent email that is not one',
      { player_name: 'A', parent_name: 'P', parent_email: 'p.example.com' },
      'parent_email',
      ROSTER_MESSAGES.parentEmailInvalid,
    ],
    [
      'a phone with letters',
      { player_name: 'A', parent_name: 'P', parent_email: 'p@example.com', parent_phone: 'call me' },
      'parent_phone',
      'Phone may contain only digits, spaces and + ( ) - .',
    ],
    [
      'an unknown relationship',
      { player_name: 'A', parent_name: 'P', parent_email: 'p@example.com', relationship: 'neighbour' },
      'relationship',
      'Relationship must be one of: parent, guardian, grandmother, grandfather, aunt, uncle, emergency_contact, other',
    ],
  ])('marks %s', (_, row, field, message) => {
    expect(onlyProblem([row])).toEqual([{ row: 1, field, message }]);
  });

  it('marks a jersey number already worn on the team', () => {
    const before: RosterBefore = { players: [{ id: 1, name: 'Ava', jersey_number: 9 }], contacts: [] };
    expect(onlyProblem([{ player_name: 'Ben', jersey_number: '9' }], before)).toEqual([
      { row: 1, field: 'jersey_number', message: ROSTER_MESSAGES.jerseyTaken },
    ]);
  });

  it('marks every row of a number repeated in the file, as Bulk Add does', () => {
    expect(
      onlyProblem([
        { player_name: 'A', jersey_number: '5' },
        { player_name: 'B', jersey_number: '6' },
        { player_name: 'C', jersey_number: '5' },
      ]),
    ).toEqual([
      { row: 1, field: 'jersey_number', message: 'Jersey number 5 is repeated' },
      { row: 3, field: 'jersey_number', message: 'Jersey number 5 is repeated' },
    ]);
  });

  it('marks a contact the player already has, on the roster or earlier in the file', () => {
    const before: RosterBefore = {
      players: [{ id: 1, name: 'Ava', jersey_number: null }],
      contacts: [{ player_id: 1, email: 'al@example.com' }],
    };
    expect(
      onlyProblem(
        [
          { player_name: 'Ava', parent_name: 'Al', parent_email: 'AL@example.com' },
          { player_name: 'Ben', parent_name: 'Bo', parent_email: 'bo@example.com' },
          { player_name: 'Ben', parent_name: 'Bo again', parent_email: 'bo@example.com' },
          { player_name: 'Cy', parent_name: 'Bo', parent_email: 'bo@example.com' },
        ],
        before,
      ),
    ).toEqual([
      { row: 1, field: 'parent_email', message: ROSTER_MESSAGES.duplicateContact },
      { row: 3, field: 'parent_email', message: ROSTER_MESSAGES.duplicateContact },
    ]);
  });

  it('marks a later row of a player with other details, and a name two roster players share', () => {
    const before: RosterBefore = {
      players: [
        { id: 1, name: 'Ava', jersey_number: 3 },
        { id: 2, name: 'Sam', jersey_number: 4 },
        { id: 3, name: 'sam', jersey_number: 5 },
      ],
      contacts: [],
    };
    expect(
      onlyProblem(
        [
          { player_name: 'Ben', jersey_number: '8', age: '10' },
          { player_name: 'Ben', age: '11' },
          { player_name: 'Ava', jersey_number: '30' },
          { player_name: 'Sam' },
        ],
        before,
      ),
    ).toEqual([
      {
        row: 2,
        field: 'jersey_number',
        message: 'Already in row 1 with other details: leave jersey, position and age blank or the same',
      },
      {
        row: 3,
        field: 'jersey_number',
        message: 'Already on the roster with other details: leave jersey, position and age blank or the same',
      },
      { row: 4, field: 'player_name', message: 'More than one player on the roster has this name' },
    ]);
  });

  it('gathers a row’s problems field by field', () => {
    const { problems } = planImport([{ player_name: '', age: '30', parent_name: 'P' }], EMPTY);
    expect(problemsOfRow(problems, 1)).toEqual({
      player_name: ROSTER_MESSAGES.playerNameRequired,
      parent_email: ROSTER_MESSAGES.parentRequiredFields,
    });
    expect(problemsOfRow(problems, 2)).toEqual({});
  });

  it('says what Invite all did', () => {
    expect(inviteNewMessage(0, 0)).toBe('Every parent contact has been invited already.');
    expect(inviteNewMessage(1, 0)).toBe('Invited 1 parent.');
    expect(inviteNewMessage(50, 1)).toBe(
      'Invited 50 parents. 1 more waits: you have sent many invites in the last hour. Choose Invite all again later.',
    );
  });
});

describe('the contact sheet as CSV', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', `"'\r=cmd"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=a,"b"', `"'=a,""b"""`],
    ['plain', 'plain'],
    [7, '7'],
    [null, ''],
  ] as const)('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a line per contact and one for a player without any', () => {
    expect(
      contactSheetCsv({
        team_name: 'Hawks',
        players: [
          {
            id: 1,
            name: 'Mia',
            jersey_number: 7,
            status: 'active',
            parents: [
              {
                name: 'Dana',
                relationship: 'emergency_contact',
                is_primary: true,
                phone: '555',
                email: 'd@x.io',
              },
            ],
          },
          { id: 2, name: 'Noah', jersey_number: null, status: 'active', parents: [] },
        ],
      }),
    ).toBe(
      'Player,Jersey,Parent,Relationship,Primary,Phone,Email\r\nMia,7,Dana,Emergency Contact,Yes,555,d@x.io\r\nNoah,,,,,,\r\n',
    );
    expect(contactSheetFileName('U10 Hawks!')).toBe('u10-hawks-contacts.csv');
    expect(contactSheetFileName('***')).toBe('team-contacts.csv');
  });
});
