import { describe, expect, it } from 'vitest';
import {
  changeNotice,
  eventStart,
  type EventFacts,
  newEventNotice,
  noticeEvent,
  removedNotice,
  seriesChangeNotice,
  seriesRemovedNotice,
  tournamentFacts,
  tournamentGameFacts,
} from '../../src/server/features/events/notices.ts';
import { bellBadge } from '../../src/shared/notifications.ts';

// What the bell says of a change to a game, practice, tournament or tournament game
// (docs/product/notifications.md 'Team events').

const practice = (overrides: Partial<EventFacts> = {}): EventFacts => ({
  label: 'Practice "Passing"',
  date: '2026-12-05',
  time: '17:30',
  location: 'North Field',
  cancelled: false,
  link: '/#tournaments?section=practices&practiceId=4',
  ...overrides,
});
const TODAY = '2026-12-01';

describe('event notices', () => {
  it('names the team, the event, its day and time', () => {
    expect(newEventNotice('U12 Lions', practice())).toEqual({
      kind: 'event_new',
      title: 'U12 Lions: New practice "Passing" on 12/05/2026 at 5:30 PM',
      body: '12/05/2026 at 5:30 PM, North Field',
      link: '/#tournaments?section=practices&practiceId=4',
    });
    expect(newEventNotice('U12 Lions', practice({ time: 'TBD', location: null })).body).toBe(
      '12/05/2026 at TBD',
    );
  });

  it('says what changed: the time, the place, both, a cancellation or a return', () => {
    const title = (after: Partial<EventFacts>, before: Partial<EventFacts> = {}) =>
      changeNotice('U12 Lions', practice(before), practice(after), TODAY)?.title ?? null;
    expect(title({ time: '18:00' })).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026 moved to 12/05/2026 at 6:00 PM',
    );
    expect(title({ location: 'South Field' })).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026 now at South Field',
    );
    expect(title({ date: '2026-12-06', location: 'South Field' })).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026 moved to 12/06/2026 at 5:30 PM at South Field',
    );
    expect(title({ cancelled: true })).toBe('U12 Lions: Practice "Passing" on 12/05/2026 is cancelled');
    expect(title({}, { cancelled: true })).toBe('U12 Lions: Practice "Passing" on 12/05/2026 is back on');
  });

  it('says when the arrival time is set earlier or later: families would come at the wrong time', () => {
    const title = (after: Partial<EventFacts>, before: Partial<EventFacts> = {}) =>
      changeNotice('U12 Lions', practice(before), practice(after), TODAY)?.title ?? null;
    expect(title({ arrival: '17:00' })).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026: arrive by 5:00 PM',
    );
    expect(title({ arrival: '16:45' }, { arrival: '17:00' })).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026: arrive by 4:45 PM',
    );
    // Cleared (arrive for the start, which is later) or unchanged: nothing to act on.
    expect(title({ arrival: null }, { arrival: '17:00' })).toBeNull();
    expect(title({ arrival: '17:00' }, { arrival: '17:00' })).toBeNull();
  });

  it('tells nothing of other edits, of a cancelled event moved, or of one that stays in the past', () => {
    const notice = (before: Partial<EventFacts>, after: Partial<EventFacts>) =>
      changeNotice('U12 Lions', practice(before), practice(after), TODAY);
    expect(notice({}, {})).toBeNull();
    expect(notice({ cancelled: true }, { cancelled: true, time: '19:00' })).toBeNull();
    expect(notice({ date: '2026-11-20' }, { date: '2026-11-21' })).toBeNull();
    // Moved from the past into the future (or back): news.
    expect(notice({ date: '2026-11-20' }, { date: '2026-12-02' })?.kind).toBe('event_changed');
    expect(notice({ date: '2026-12-02' }, { date: '2026-11-20' })?.kind).toBe('event_changed');
  });

  it('says a deleted event was removed, unless it was over or already cancelled', () => {
    const link = '/#tournaments?section=practices';
    expect(removedNotice('U12 Lions', practice(), TODAY, link)).toEqual({
      kind: 'event_cancelled',
      title: 'U12 Lions: Practice "Passing" on 12/05/2026 was removed from the schedule',
      body: '12/05/2026 at 5:30 PM, North Field',
      link,
    });
    expect(removedNotice('U12 Lions', practice({ cancelled: true }), TODAY, link)).toBeNull();
    expect(removedNotice('U12 Lions', practice({ date: '2026-11-30' }), TODAY, link)).toBeNull();
    // Today's event is not over yet.
    expect(removedNotice('U12 Lions', practice({ date: TODAY }), TODAY, link)?.kind).toBe('event_cancelled');
  });

  it('tells one notice for an edit of a series, counting the practices it tells of (decision 048)', () => {
    const weeks = ['2026-11-28', '2026-12-05', '2026-12-12', '2026-12-19'];
    const edits = (after: Partial<EventFacts>, before: (date: string) => Partial<EventFacts> = () => ({})) =>
      weeks.map((date) => ({
        before: practice({ date, ...before(date) }),
        after: practice({ date, ...before(date), ...after }),
      }));
    const title = (...args: Parameters<typeof edits>) =>
      seriesChangeNotice('U12 Lions', edits(...args), TODAY)?.title ?? null;
    // The past week is not news; the three to come are.
    expect(title({ time: '18:30' })).toBe(
      'U12 Lions: 3 practices "Passing" from 12/05/2026 moved to 6:30 PM',
    );
    expect(title({ cancelled: true })).toBe('U12 Lions: 3 practices "Passing" from 12/05/2026 are cancelled');
    // One of them already cancelled: the two cancelled now.
    expect(title({ cancelled: true }, (date) => ({ cancelled: date === '2026-12-12' }))).toBe(
      'U12 Lions: 2 practices "Passing" from 12/05/2026 are cancelled',
    );
    expect(title({ location: 'South Field' })).toBe(
      'U12 Lions: 3 practices "Passing" from 12/05/2026 now at South Field',
    );
    // Moved a day (each practice moved the same): where the first now is.
    const moved = weeks.map((date, i) => ({
      before: practice({ date }),
      after: practice({ date: ['2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20'][i] }),
    }));
    expect(seriesChangeNotice('U12 Lions', moved, TODAY)?.title).toBe(
      'U12 Lions: 3 practices "Passing" from 12/05/2026 moved, the first to 12/06/2026 at 5:30 PM',
    );
    // Only one practice to tell of: its own notice; none: nothing.
    expect(seriesChangeNotice('U12 Lions', edits({ time: '18:30' }).slice(0, 2), TODAY)?.title).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026 moved to 12/05/2026 at 6:30 PM',
    );
    expect(seriesChangeNotice('U12 Lions', edits({ notes: 'x' } as Partial<EventFacts>), TODAY)).toBeNull();
  });

  it('tells one notice for the deletion of a series, counting those the team would be told of', () => {
    const link = '/#tournaments?section=practices';
    const gone = ['2026-11-28', '2026-12-05', '2026-12-12'].map((date) => practice({ date }));
    expect(seriesRemovedNotice('U12 Lions', gone, TODAY, link)).toEqual({
      kind: 'event_cancelled',
      title: 'U12 Lions: 2 practices "Passing" from 12/05/2026 were removed from the schedule',
      body: '12/05/2026 at 5:30 PM, North Field',
      link,
    });
    expect(seriesRemovedNotice('U12 Lions', gone.slice(0, 2), TODAY, link)?.title).toBe(
      'U12 Lions: Practice "Passing" on 12/05/2026 was removed from the schedule',
    );
    expect(seriesRemovedNotice('U12 Lions', gone.slice(0, 1), TODAY, link)).toBeNull();
  });

  it('words a tournament by its days and place; it is over after its last day', () => {
    const cup = (
      overrides: Partial<{ startDate: string; endDate: string; location: string; name: string }>,
    ) =>
      tournamentFacts({
        id: 7,
        name: 'Spring Cup',
        startDate: '2026-12-05',
        endDate: '2026-12-06',
        location: 'Riverside Park',
        ...overrides,
      });
    expect(newEventNotice('U12 Lions', cup({}))).toEqual({
      kind: 'event_new',
      title: 'U12 Lions: New tournament "Spring Cup" on 12/05/2026 - 12/06/2026',
      body: '12/05/2026 - 12/06/2026, Riverside Park',
      link: '/#tournaments?tournamentId=7',
    });
    const title = (after: Parameters<typeof cup>[0], before: Parameters<typeof cup>[0] = {}) =>
      changeNotice('U12 Lions', cup(before), cup(after), TODAY)?.title ?? null;
    expect(title({ startDate: '2026-12-12', endDate: '2026-12-12' })).toBe(
      'U12 Lions: Tournament "Spring Cup" on 12/05/2026 moved to 12/12/2026',
    );
    expect(title({ endDate: '2026-12-07' })).toBe(
      'U12 Lions: Tournament "Spring Cup" on 12/05/2026 moved to 12/05/2026 - 12/07/2026',
    );
    expect(title({ location: 'Hill Fields' })).toBe(
      'U12 Lions: Tournament "Spring Cup" on 12/05/2026 now at Hill Fields',
    );
    expect(title({ name: 'Winter Cup' })).toBeNull();
    // Started before today, still on: news. Over on both sides: not.
    const running = { startDate: '2026-11-30', endDate: '2026-12-01' };
    expect(title({ ...running, location: 'Hill Fields' }, running)).toBe(
      'U12 Lions: Tournament "Spring Cup" on 11/30/2026 now at Hill Fields',
    );
    expect(
      title(
        { startDate: '2026-11-20', endDate: '2026-11-21', location: 'Hill Fields' },
        { startDate: '2026-11-20', endDate: '2026-11-21' },
      ),
    ).toBeNull();
    expect(removedNotice('U12 Lions', cup({}), TODAY, '/#tournaments')?.title).toBe(
      'U12 Lions: Tournament "Spring Cup" on 12/05/2026 was removed from the schedule',
    );
  });

  it('names a tournament game with its tournament, its field as its place; no date yet is "date TBD"', () => {
    const tournament = { id: 7, name: 'Spring Cup', endDate: '2026-12-06' };
    const game = (overrides: Partial<Parameters<typeof tournamentGameFacts>[0]> = {}) =>
      tournamentGameFacts(
        {
          id: 12,
          opponent: 'Eagles',
          date: '2026-12-05',
          time: '09:00',
          field: 'Field 3',
          status: 'scheduled',
          ...overrides,
        },
        tournament,
      );
    expect(newEventNotice('U12 Lions', game())).toEqual({
      kind: 'event_new',
      title: 'U12 Lions: New game vs Eagles (Spring Cup) on 12/05/2026 at 9:00 AM',
      body: '12/05/2026 at 9:00 AM, Field 3',
      link: '/#tournaments?tournamentId=7&gameId=12',
    });
    expect(newEventNotice('U12 Lions', game({ date: null, time: null, field: null }))).toMatchObject({
      title: 'U12 Lions: New game vs Eagles (Spring Cup)',
      body: 'date TBD',
    });
    const notice = (before: Parameters<typeof game>[0], after: Parameters<typeof game>[0]) =>
      changeNotice('U12 Lions', game(before), game(after), TODAY);
    expect(notice({}, { field: 'Field 1' })?.title).toBe(
      'U12 Lions: Game vs Eagles (Spring Cup) on 12/05/2026 now at Field 1',
    );
    expect(notice({ date: null, time: 'TBD' }, {})?.title).toBe(
      'U12 Lions: Game vs Eagles (Spring Cup) moved to 12/05/2026 at 9:00 AM',
    );
    expect(notice({}, { status: 'cancelled' })?.kind).toBe('event_cancelled');
    expect(notice({}, { status: 'completed' })).toBeNull();
    // No date, and its tournament is over: history.
    const over = { id: 7, name: 'Spring Cup', endDate: '2026-11-20' };
    const undated = { id: 12, opponent: 'Eagles', date: null, time: null, field: null, status: 'scheduled' };
    expect(
      changeNotice(
        'U12 Lions',
        tournamentGameFacts(undated, over),
        tournamentGameFacts({ ...undated, field: 'Field 2' }, over),
        TODAY,
      ),
    ).toBeNull();
  });

  it("gives notifyTeam the event's start in the team's zone, the start of its day when the time is TBD", () => {
    expect(eventStart('2026-12-05', '17:30', 'America/Chicago')?.toISOString()).toBe(
      '2026-12-05T23:30:00.000Z',
    );
    expect(eventStart('2026-07-05', 'TBD', 'America/Chicago')?.toISOString()).toBe(
      '2026-07-05T05:00:00.000Z',
    );
    expect(eventStart(null, '09:00', 'America/Chicago')).toBeNull();
    expect(noticeEvent('tournament', { id: 12, date: null, time: null }, 'UTC')).toEqual({
      type: 'tournament',
      id: 12,
      startsAt: null,
    });
  });

  it("shows the bell's unread count up to 99, then 99+", () => {
    expect([0, 1, 99, 100, 2500].map(bellBadge)).toEqual([null, '1', '99', '99+', '99+']);
  });
});
