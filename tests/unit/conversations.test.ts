import { describe, expect, it } from 'vitest';
import {
  canMessage,
  childSafeAdditions,
  conversationTitle,
  conversationTypeOf,
  maySend,
  MESSAGING_MESSAGES,
  type Sender,
} from '../../src/shared/conversations.ts';
import { messageTimestamp } from '../../src/shared/message-time.ts';
import type { Role } from '../../src/shared/roles.ts';

// Conversation rules shared by the server and the page (docs/product/conversations.md 'Conversations and
// messages', 'Child-safe messaging'; docs/decisions/020).

const ZONE = 'America/Chicago';

describe('canMessage', () => {
  const everyone: Role[] = ['coach', 'admin', 'parent', 'player'];
  const reachable = (role: Role, canSendMessages = false) =>
    everyone.filter((to) => canMessage({ role, canSendMessages }, to));

  it('lets coaches and admins message anyone', () => {
    expect(reachable('coach')).toEqual(everyone);
    expect(reachable('admin')).toEqual(everyone);
  });
  it('lets others message their own group, coaches and admins', () => {
    expect(reachable('parent')).toEqual(['coach', 'admin', 'parent']);
    expect(reachable('player')).toEqual(['coach', 'admin', 'player']);
  });
  it('lets a holder of can_send_messages message anyone, like a coach', () => {
    expect(reachable('parent', true)).toEqual(everyone);
    expect(reachable('player', true)).toEqual(everyone);
  });
});

describe('conversationTypeOf', () => {
  it('is peer_to_peer with exactly one other participant, otherwise group', () => {
    expect(conversationTypeOf(2)).toBe('peer_to_peer');
    expect(conversationTypeOf(1)).toBe('group');
    expect(conversationTypeOf(3)).toBe('group');
  });
});

describe('childSafeAdditions', () => {
  const COACH = 1;
  const COACH_2 = 2;
  const PARENT_A = 10;
  const PARENT_A2 = 11;
  const OTHER_PARENT = 12;
  const KID_A = 20;
  const KID_B = 21;
  const ORPHAN = 22;
  const ADMIN = 30;
  const parentsOfPlayer = new Map<number, number[]>([
    [KID_A, [PARENT_A, PARENT_A2]],
    [KID_B, [OTHER_PARENT]],
  ]);
  const coachIds = [COACH, COACH_2];
  const people = (...list: [number, Role][]) => list.map(([user_id, role]) => ({ user_id, role }));
  const run = (...list: [number, Role][]) =>
    childSafeAdditions({ participants: people(...list), parentsOfPlayer, coachIds, adminIds: [ADMIN] });

  it("adds a player's parents when an unrelated adult is in the conversation", () => {
    expect(run([KID_A, 'player'], [COACH, 'coach'])).toEqual({
      added: [PARENT_A, PARENT_A2],
      noParentYet: false,
      blocked: false,
    });
    expect(run([ADMIN, 'admin'], [KID_A, 'player'])).toEqual({
      added: [PARENT_A, PARENT_A2],
      noParentYet: false,
      blocked: false,
    });
  });

  it('adds nothing between players, or between a player and only their own parents', () => {
    expect(run([KID_A, 'player'], [KID_B, 'player'])).toEqual({
      added: [],
      noParentYet: false,
      blocked: false,
    });
    expect(run([KID_A, 'player'], [PARENT_A, 'parent'])).toEqual({
      added: [],
      noParentYet: false,
      blocked: false,
    });
    expect(run([PARENT_A, 'parent'], [OTHER_PARENT, 'parent'])).toEqual({
      added: [],
      noParentYet: false,
      blocked: false,
    });
  });

  it('adds each player’s own parents, never twice and never those already chosen', () => {
    expect(run([COACH, 'coach'], [KID_A, 'player'], [KID_B, 'player'], [PARENT_A, 'parent'])).toEqual({
      added: [PARENT_A2, OTHER_PARENT],
      noParentYet: false,
      blocked: false,
    });
    // Another child's parent is an unrelated adult for this child.
    expect(run([OTHER_PARENT, 'parent'], [KID_A, 'player'])).toEqual({
      added: [PARENT_A, PARENT_A2],
      noParentYet: false,
      blocked: false,
    });
  });

  it("brings the team's coaches for a player with no parent account, and says so", () => {
    expect(run([ORPHAN, 'player'], [ADMIN, 'admin'])).toEqual({
      added: [COACH, COACH_2],
      noParentYet: true,
      blocked: false,
    });
    // The chosen coach stays chosen; the rule still says no parent is copied.
    expect(run([COACH, 'coach'], [ORPHAN, 'player'])).toEqual({
      added: [COACH_2],
      noParentYet: true,
      blocked: false,
    });
    // Among players alone, nothing.
    expect(run([ORPHAN, 'player'], [KID_A, 'player'])).toEqual({
      added: [],
      noParentYet: false,
      blocked: false,
    });
  });

  it("copies the club's admins when the team's one coach is the only adult for a player without a parent", () => {
    const ADMIN_2 = 31;
    const oneCoach = (...list: [number, Role][]) =>
      childSafeAdditions({
        participants: people(...list),
        parentsOfPlayer,
        coachIds: [COACH],
        adminIds: [ADMIN, ADMIN_2],
      });
    expect(oneCoach([COACH, 'coach'], [ORPHAN, 'player'])).toEqual({
      added: [ADMIN, ADMIN_2],
      noParentYet: true,
      blocked: false,
    });
    expect(oneCoach([ORPHAN, 'player'], [COACH, 'coach'])).toEqual({
      added: [ADMIN, ADMIN_2],
      noParentYet: true,
      blocked: false,
    });
    // An admin and the coach are two adults already: no other admin is copied.
    expect(oneCoach([ADMIN, 'admin'], [ORPHAN, 'player'])).toEqual({
      added: [COACH],
      noParentYet: true,
      blocked: false,
    });
    // A second coach is enough: the admins are not needed.
    expect(run([COACH, 'coach'], [ORPHAN, 'player'])).toMatchObject({ added: [COACH_2] });
    // Players among themselves, or a player with their parent, need nobody.
    expect(oneCoach([ORPHAN, 'player'], [KID_A, 'player'])).toMatchObject({ added: [], blocked: false });
  });

  it('refuses a player without a parent alone with one adult only when no admin can be copied either', () => {
    const lone = (adminIds: number[], ...list: [number, Role][]) =>
      childSafeAdditions({ participants: people(...list), parentsOfPlayer, coachIds: [COACH], adminIds });
    expect(lone([], [COACH, 'coach'], [ORPHAN, 'player'])).toEqual({
      added: [],
      noParentYet: true,
      blocked: true,
    });
    expect(lone([], [ORPHAN, 'player'], [COACH, 'coach'])).toMatchObject({ blocked: true });
    // The admin writing on a team with no coach of its own is not their own second adult.
    const noCoach = childSafeAdditions({
      participants: people([ADMIN, 'admin'], [ORPHAN, 'player']),
      parentsOfPlayer,
      coachIds: [],
      adminIds: [ADMIN],
    });
    expect(noCoach).toEqual({ added: [], noParentYet: true, blocked: true });
    // An admin and the coach: two adults.
    expect(lone([], [ADMIN, 'admin'], [ORPHAN, 'player'])).toEqual({
      added: [COACH],
      noParentYet: true,
      blocked: false,
    });
    // A player with parents is never blocked, whoever else is there.
    expect(lone([], [COACH, 'coach'], [KID_A, 'player'])).toMatchObject({ blocked: false });
  });
});

describe('maySend', () => {
  const coach: Sender = { user_id: 1, role: 'coach', canSendMessages: true };
  const parent: Sender = { user_id: 2, role: 'parent', canSendMessages: false };
  const moderator: Sender = { user_id: 3, role: 'parent', canSendMessages: true };
  const revoked: Sender = { ...moderator, canSendMessages: false };
  const kid: Sender = { user_id: 4, role: 'player', canSendMessages: false };
  const chosen = (...people: Sender[]) => people.map(({ user_id, role }) => ({ user_id, role }));

  it('lets a sender who may message everyone chosen send', () => {
    expect(maySend({ sender: coach, starter: coach, chosen: chosen(coach, parent, kid) })).toBe(true);
    expect(maySend({ sender: parent, starter: parent, chosen: chosen(parent, coach) })).toBe(true);
    expect(maySend({ sender: moderator, starter: moderator, chosen: chosen(moderator, kid) })).toBe(true);
  });

  it('refuses a sender whose flag was revoked, and everyone they brought in', () => {
    expect(maySend({ sender: revoked, starter: revoked, chosen: chosen(revoked, kid) })).toBe(false);
    expect(maySend({ sender: kid, starter: revoked, chosen: chosen(revoked, kid) })).toBe(false);
  });

  it('lets people answer a starter who may still write to all of them', () => {
    expect(maySend({ sender: parent, starter: coach, chosen: chosen(coach, parent, kid) })).toBe(true);
    expect(maySend({ sender: kid, starter: coach, chosen: chosen(coach, parent, kid) })).toBe(true);
    // The starter gone, each sender answers for themself.
    expect(maySend({ sender: parent, starter: null, chosen: chosen(parent, kid) })).toBe(false);
    expect(maySend({ sender: coach, starter: null, chosen: chosen(coach, parent, kid) })).toBe(true);
  });
});

describe('conversationTitle', () => {
  const me = { user_id: 1, name: 'Me Myself' };
  const others = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'].map((name, i) => ({ user_id: i + 2, name }));
  const title = (
    participants: { user_id: number; name: string }[],
    teamMemberCount = 20,
    memberParticipantCount = participants.length,
    name: string | null = null,
  ) =>
    conversationTitle({ name, viewerId: me.user_id, participants, teamMemberCount, memberParticipantCount });

  it('uses the given name first', () => {
    expect(title([me, ...others.slice(0, 2)], 20, 3, '  Snack rota ')).toBe('Snack rota');
    expect(title([me, ...others.slice(0, 2)], 20, 3, '   ')).toBe('Ann, Bob');
  });
  it("is 'Just you' when no one else is in it", () => {
    expect(title([me])).toBe(MESSAGING_MESSAGES.justYou);
    expect(title([me])).toBe('Just you');
  });
  it('names up to four other people, never the viewer', () => {
    expect(title([me, others[0]!])).toBe('Ann');
    expect(title([me, ...others.slice(0, 4)])).toBe('Ann, Bob, Cat, Dan');
  });
  it("names three and 'and N others' past four", () => {
    expect(title([me, ...others.slice(0, 5)])).toBe('Ann, Bob, Cat and 2 others');
    expect(title([me, ...others])).toBe('Ann, Bob, Cat and 3 others');
  });
  it("is 'Everyone' when every member of the team is in it", () => {
    const all = [me, ...others];
    expect(title(all, 7, 7)).toBe(MESSAGING_MESSAGES.everyone);
    expect(title(all, 7, 7)).toBe('Everyone');
    // An admin who is not a member does not make up for a missing member.
    expect(title(all, 8, 7)).toBe('Ann, Bob, Cat and 3 others');
    // Two people are a pair, not 'Everyone'.
    expect(title([me, others[0]!], 2, 2)).toBe('Ann');
  });
});

describe('messageTimestamp in America/Chicago', () => {
  const now = new Date('2026-11-24T18:00:00Z'); // noon in Chicago

  it('shows the time alone for today', () => {
    expect(messageTimestamp('2026-11-24T15:30:00Z', ZONE, now)).toBe('9:30 AM');
    // 00:30 in Chicago is still today there, though 06:30 in UTC.
    expect(messageTimestamp('2026-11-24T06:30:00Z', ZONE, now)).toBe('12:30 AM');
  });
  it("shows 'Yesterday' and the time for yesterday in the team's zone", () => {
    // The same UTC date as now, but the evening before in Chicago.
    expect(messageTimestamp('2026-11-24T03:00:00Z', ZONE, now)).toBe('Yesterday 9:00 PM');
    expect(messageTimestamp('2026-11-23T06:00:00Z', ZONE, now)).toBe('Yesterday 12:00 AM');
  });
  it('shows MM/DD/YYYY and the time otherwise', () => {
    expect(messageTimestamp('2026-11-23T05:59:00Z', ZONE, now)).toBe('11/22/2026 11:59 PM');
    expect(messageTimestamp('2026-07-04T19:05:00Z', ZONE, now)).toBe('07/04/2026 2:05 PM');
  });
  it('shows nothing for a timestamp it cannot read', () => {
    expect(messageTimestamp('not a date', ZONE, now)).toBe('');
  });
});
