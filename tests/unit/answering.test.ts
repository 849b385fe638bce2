import { describe, expect, it } from 'vitest';
import { answerersAmong, answersFor, refusalFor } from '../../src/server/features/roster/answering.ts';
import type { ContactRow, PlayerRow } from '../../src/server/features/roster/queries.ts';
import type { RosterViewer } from '../../src/server/features/roster/view.ts';
import type { Role } from '../../src/shared/roles.ts';

// Which players a user answers for (RSVPs and poll votes share it: roster/answering.ts): coaches and
// admins every active player, a parent their own active children (a linked contact, or one with their
// verified email), a player themselves; whose player it is is decided before the player's status.

const at = new Date('2026-11-01T00:00:00Z');

function player(id: number, more: Partial<PlayerRow> = {}): PlayerRow {
  return {
    id,
    teamId: 1,
    name: `Player ${id}`,
    position: null,
    jerseyNumber: id,
    age: 9,
    status: 'active',
    email: null,
    userId: null,
    createdAt: at,
    ...more,
  };
}

function contact(playerId: number, more: Partial<ContactRow> = {}): ContactRow {
  return {
    id: playerId * 10,
    teamId: 1,
    playerId,
    name: 'A Parent',
    email: 'someone@example.com',
    phone: null,
    relationship: 'parent',
    isPrimary: true,
    userId: null,
    inviteSentAt: null,
    createdAt: at,
    ...more,
  };
}

const viewer = (role: Role, more: Partial<RosterViewer> = {}): RosterViewer => ({
  userId: 7,
  email: 'me@example.com',
  role,
  seesContactDetails: false,
  ...more,
});

describe('answersFor', () => {
  const mine = player(1);
  const theirs = player(2);
  const contacts = [contact(1, { userId: 7 }), contact(2, { userId: 8 })];

  it('coaches and admins answer for every active player, and for no inactive one', () => {
    for (const role of ['coach', 'admin'] as const) {
      expect(answersFor(viewer(role), theirs, contacts)).toBe(true);
      expect(answersFor(viewer(role), player(3, { status: 'inactive' }), [])).toBe(false);
    }
  });

  it('a parent answers for the children whose contact is their account or their verified email', () => {
    const parent = viewer('parent');
    expect(answersFor(parent, mine, contacts)).toBe(true);
    expect(answersFor(parent, theirs, contacts)).toBe(false);
    expect(answersFor(parent, theirs, [contact(2, { email: 'me@example.com' })])).toBe(true);
    // An unverified address matches nothing (the viewer's email is null then).
    expect(
      answersFor(viewer('parent', { email: null }), theirs, [contact(2, { email: 'me@example.com' })]),
    ).toBe(false);
    expect(answersFor(parent, player(1, { status: 'inactive' }), contacts)).toBe(false);
  });

  it('a player answers for themselves only', () => {
    expect(answersFor(viewer('player'), player(4, { userId: 7 }), [])).toBe(true);
    expect(answersFor(viewer('player'), player(5, { email: 'me@example.com' }), [])).toBe(true);
    expect(answersFor(viewer('player'), player(6), contacts)).toBe(false);
  });
});

describe('refusalFor', () => {
  it("refuses another family's child as not theirs before saying it is inactive", () => {
    const parent = viewer('parent');
    const inactiveOther = player(2, { status: 'inactive' });
    expect(refusalFor(parent, inactiveOther, [contact(2, { userId: 8 })])).toBe('notEligible');
    expect(refusalFor(parent, inactiveOther, [contact(2, { userId: 7 })])).toBe('inactivePlayer');
    expect(refusalFor(parent, player(2), [contact(2, { userId: 7 })])).toBeUndefined();
  });

  it('refuses a coach only an inactive player', () => {
    expect(refusalFor(viewer('coach'), player(2, { status: 'inactive' }), [])).toBe('inactivePlayer');
    expect(refusalFor(viewer('coach'), player(2), [])).toBeUndefined();
  });
});

describe('answerersAmong (who a reminder may reach)', () => {
  const member = (userId: number, role: 'parent' | 'player', email: string, verified = true) => ({
    userId,
    role,
    email,
    emailVerifiedAt: verified ? at : null,
  });

  it('lists each parent with their active children and each player with themselves, in roster order; never coaches', () => {
    const players = [
      player(3, { jerseyNumber: 9, name: 'Cy' }),
      player(1, { jerseyNumber: 4, name: 'Al' }),
      player(2, { status: 'inactive', name: 'Bo' }),
      player(4, { jerseyNumber: 2, name: 'Di', userId: 21 }),
      player(5, { name: 'Ed', email: 'ed@example.com' }),
    ];
    const contacts = [
      contact(1, { userId: 11 }),
      contact(3, { email: 'pat@example.com' }),
      contact(2, { userId: 11 }),
      contact(1, { email: 'unverified@example.com' }),
    ];
    expect(
      answerersAmong(
        [
          member(11, 'parent', 'other@example.com'),
          member(12, 'parent', 'pat@example.com'),
          member(13, 'parent', 'unverified@example.com', false),
          member(21, 'player', 'di@example.com'),
          member(22, 'player', 'ed@example.com'),
          member(23, 'player', 'ed@example.com', false),
        ],
        players,
        contacts,
      ).map(({ userId, players: theirs }) => [userId, theirs.map((p) => p.name)]),
    ).toEqual([
      // Al and the inactive Bo: Al only.
      [11, ['Al']],
      [12, ['Cy']],
      // The contact's email is not confirmed by the account: not theirs; nor Ed for an unconfirmed player.
      [21, ['Di']],
      [22, ['Ed']],
    ]);
  });
});
