import { describe, expect, it } from 'vitest';
import { answersFor, refusalFor } from '../../src/server/features/roster/answering.ts';
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
