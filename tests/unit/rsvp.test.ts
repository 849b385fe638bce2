import { describe, expect, it } from 'vitest';
import { rsvpListQuery, rsvpSubmitAllBody, rsvpSubmitBody } from '../../src/shared/api/calendar.ts';
import { ROLES } from '../../src/shared/roles.ts';
import {
  canRsvpFor,
  RSVP_COACH_DAYS,
  RSVP_LABELS,
  RSVP_MESSAGES,
  rsvpClosedMessage,
  rsvpClosesAt,
  rsvpCoachesCloseAt,
  rsvpCounts,
  rsvpEligible,
  rsvpEventKey,
  rsvpWindow,
} from '../../src/shared/rsvp.ts';

// The RSVP rules shared by the page and the server (docs/product/calendar-rsvp-and-feed.md 'RSVPs';
// docs/decisions/017).

describe('who may answer for a player', () => {
  const cases = [
    { status: 'active', is_mine: true },
    { status: 'active', is_mine: false },
    { status: 'inactive', is_mine: true },
    { status: 'inactive', is_mine: false },
  ];

  it.each(ROLES)('%s: the whole table of status and is_mine', (role) => {
    const runsTeam = role === 'coach' || role === 'admin';
    expect(cases.map((player) => canRsvpFor(role, player))).toEqual([true, runsTeam, false, false]);
  });

  it('takes no answer for any status but active, whoever asks', () => {
    for (const role of ROLES) {
      expect(canRsvpFor(role, { status: 'injured', is_mine: true })).toBe(false);
      expect(canRsvpFor(role, { status: '', is_mine: true })).toBe(false);
    }
  });

  it('keeps the eligible players in their order', () => {
    const players = [
      { id: 1, status: 'active', is_mine: false },
      { id: 2, status: 'active', is_mine: true },
      { id: 3, status: 'inactive', is_mine: true },
      { id: 4, status: 'active', is_mine: true },
    ];
    expect(rsvpEligible('parent', players).map((p) => p.id)).toEqual([2, 4]);
    expect(rsvpEligible('player', players).map((p) => p.id)).toEqual([2, 4]);
    expect(rsvpEligible('coach', players).map((p) => p.id)).toEqual([1, 2, 4]);
    expect(rsvpEligible('admin', players).map((p) => p.id)).toEqual([1, 2, 4]);
    // No fallback to "the first active player" for a player matched by nothing.
    expect(rsvpEligible('player', [players[0]!])).toEqual([]);
  });
});

describe('counts and labels', () => {
  it('counts each answer', () => {
    expect(rsvpCounts([])).toEqual({ yes: 0, maybe: 0, no: 0 });
    expect(
      rsvpCounts([{ response: 'yes' }, { response: 'no' }, { response: 'yes' }, { response: 'maybe' }]),
    ).toEqual({ yes: 2, maybe: 1, no: 1 });
  });

  it("says the spec's success messages", () => {
    expect(RSVP_LABELS).toEqual({ yes: 'Attending', maybe: 'Maybe Attending', no: 'Not Attending' });
    expect(RSVP_MESSAGES.submitted('Ava', 'yes')).toBe('✓ RSVP submitted for Ava: attending');
    expect(RSVP_MESSAGES.submitted('Ava', 'maybe')).toBe('✓ RSVP submitted for Ava: maybe attending');
    expect(RSVP_MESSAGES.submitted('Ava', 'no')).toBe('✓ RSVP submitted for Ava: not attending');
    expect(RSVP_MESSAGES.submittedAll(3, 'no')).toBe('✓ RSVP submitted for 3 players: not attending');
    expect(RSVP_MESSAGES.failed()).toBe('Failed to submit RSVP: Unknown error');
    expect(RSVP_MESSAGES.failed('Event not found')).toBe('Failed to submit RSVP: Event not found');
  });

  it('keys an event by kind and id, so a game and a practice with one id differ', () => {
    expect(rsvpEventKey('game', 5)).toBe('game:5');
    expect(rsvpEventKey('game', 5)).not.toBe(rsvpEventKey('practice', 5));
  });
});

describe('request shapes', () => {
  const body = { event_type: 'tournament', event_id: 3, player_id: 4, response: 'maybe' };

  it('reads an answer, blank notes as none', () => {
    expect(rsvpSubmitBody.parse({ ...body, notes: '  ' })).toEqual({ ...body, notes: null });
    expect(rsvpSubmitBody.parse({ ...body, notes: ' Late ' }).notes).toBe('Late');
  });

  it.each([
    [{ event_type: 'tournament_day' }, 'Event type must be game, tournament or practice'],
    [{ event_id: 2 ** 31 }, 'Event id is out of range'],
    [{ event_id: 0 }, 'Event id must be a positive number'],
    [{ player_id: '4' }, 'Player id must be a number'],
    [{ response: 'attending' }, 'Response must be yes, no or maybe'],
    [{ notes: 'x'.repeat(501) }, 'Notes must be no more than 500 characters'],
  ])('refuses %o', (change, message) => {
    const parsed = rsvpSubmitBody.safeParse({ ...body, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('needs one to a hundred players at once', () => {
    const all = { event_type: 'game', event_id: 1, response: 'yes' };
    expect(rsvpSubmitAllBody.safeParse({ ...all, player_ids: [] }).error?.issues[0]?.message).toBe(
      RSVP_MESSAGES.choosePlayers,
    );
    expect(rsvpSubmitAllBody.safeParse({ ...all, player_ids: [1, 2] }).success).toBe(true);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(rsvpSubmitAllBody.safeParse({ ...all, player_ids: many }).success).toBe(false);
  });

  it('reads the team of the list from the query string; without one the list spans every team', () => {
    expect(rsvpListQuery.parse({ team_id: '12' })).toEqual({ team_id: 12 });
    expect(rsvpListQuery.parse({})).toEqual({});
    expect(rsvpListQuery.safeParse({ team_id: '2147483648' }).success).toBe(false);
  });
});

describe('RSVPs close when the event starts (docs/product/calendar-rsvp-and-feed.md)', () => {
  const CHICAGO = 'America/Chicago';
  const at = (iso: string) => new Date(iso);
  const game = { date: '2026-09-12', time: '10:00', tournamentEndDate: null };

  it('closes for parents and players exactly at the start, in the team zone', () => {
    // 10:00 CDT is 15:00 UTC.
    expect(rsvpClosesAt(game, CHICAGO)?.toISOString()).toBe('2026-09-12T15:00:00.000Z');
    for (const role of ['parent', 'player'] as const) {
      expect(rsvpClosedMessage(role, game, CHICAGO, at('2026-09-12T14:59:59.999Z'))).toBeUndefined();
      expect(rsvpClosedMessage(role, game, CHICAGO, at('2026-09-12T15:00:00.000Z'))).toBe(
        'This event has started; RSVPs are closed.',
      );
    }
    // The same wall-clock time elsewhere is another instant.
    expect(rsvpClosesAt(game, 'Europe/Berlin')?.toISOString()).toBe('2026-09-12T08:00:00.000Z');
    expect(rsvpWindow(game, 'Europe/Berlin', at('2026-09-12T09:00:00Z'))).toBe('coaches');
    expect(rsvpWindow(game, CHICAGO, at('2026-09-12T09:00:00Z'))).toBe('open');
  });

  it('lets coaches and admins answer for 7 days after the start, to the minute', () => {
    const sevenDays = at('2026-09-19T15:00:00.000Z');
    for (const role of ['coach', 'admin'] as const) {
      expect(rsvpClosedMessage(role, game, CHICAGO, at('2026-09-12T15:00:00Z'))).toBeUndefined();
      expect(rsvpClosedMessage(role, game, CHICAGO, new Date(sevenDays.getTime() - 1))).toBeUndefined();
      expect(rsvpClosedMessage(role, game, CHICAGO, sevenDays)).toBe(RSVP_MESSAGES.closedForCoaches);
    }
    expect(RSVP_MESSAGES.closedForCoaches).toContain(`${RSVP_COACH_DAYS} days`);
    expect(rsvpWindow(game, CHICAGO, sevenDays)).toBe('closed');
  });

  it('keeps 7 days on the wall clock across a clock change', () => {
    // 10:00 CDT on 2026-10-28; 7 days later the clocks have gone back: 10:00 CST is 16:00 UTC.
    const before = { date: '2026-10-28', time: '10:00', tournamentEndDate: null };
    expect(rsvpCoachesCloseAt(before, CHICAGO)?.toISOString()).toBe('2026-11-04T16:00:00.000Z');
  });

  it('closes an event without a known time (all-day, TBD) at the end of its day', () => {
    for (const time of [null, 'TBD', '']) {
      const day = { date: '2026-06-06', time, tournamentEndDate: null };
      expect(rsvpClosesAt(day, CHICAGO)?.toISOString()).toBe('2026-06-07T05:00:00.000Z');
      expect(rsvpWindow(day, CHICAGO, at('2026-06-07T04:59:59Z'))).toBe('open');
      expect(rsvpWindow(day, CHICAGO, at('2026-06-07T05:00:00Z'))).toBe('coaches');
      expect(rsvpWindow(day, CHICAGO, at('2026-06-14T05:00:00Z'))).toBe('closed');
    }
  });

  it("closes a tournament game without a date at the end of its tournament's last day", () => {
    // The tournament ends on 2026-06-07: its day ends at midnight CDT, 05:00 UTC on the 8th.
    const undated = { date: null, time: null, tournamentEndDate: '2026-06-07' };
    expect(rsvpClosesAt(undated, CHICAGO)?.toISOString()).toBe('2026-06-08T05:00:00.000Z');
    expect(rsvpClosedMessage('parent', undated, CHICAGO, at('2026-06-08T04:59:59Z'))).toBeUndefined();
    expect(rsvpClosedMessage('parent', undated, CHICAGO, at('2026-06-08T05:00:00Z'))).toBe(
      RSVP_MESSAGES.closed,
    );
    expect(rsvpClosedMessage('coach', undated, CHICAGO, at('2026-06-08T05:00:00Z'))).toBeUndefined();
    expect(rsvpClosedMessage('coach', undated, CHICAGO, at('2026-06-15T05:00:00Z'))).toBe(
      RSVP_MESSAGES.closedForCoaches,
    );
    // In the team's zone: the same last day ends earlier in Berlin.
    expect(rsvpClosesAt(undated, 'Europe/Berlin')?.toISOString()).toBe('2026-06-07T22:00:00.000Z');
    // A TBD time without a date is still undated; a dated game keeps its own day.
    expect(rsvpClosesAt({ ...undated, time: 'TBD' }, CHICAGO)?.toISOString()).toBe(
      '2026-06-08T05:00:00.000Z',
    );
    expect(rsvpClosesAt({ ...undated, date: '2026-06-06', time: '09:00' }, CHICAGO)?.toISOString()).toBe(
      '2026-06-06T14:00:00.000Z',
    );
  });

  it('reads an autumn-overlap time as its first occurrence', () => {
    // 01:30 on 2026-11-01 in Chicago happens at 06:30 UTC (CDT) and again at 07:30 (CST).
    const night = { date: '2026-11-01', time: '01:30', tournamentEndDate: null };
    expect(rsvpClosesAt(night, CHICAGO)?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(rsvpWindow(night, CHICAGO, at('2026-11-01T07:00:00Z'))).toBe('coaches');
  });
});
