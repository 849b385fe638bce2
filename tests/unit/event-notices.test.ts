import { describe, expect, it } from 'vitest';
import { changeNotice, type EventFacts, newEventNotice } from '../../src/server/features/events/notices.ts';
import { bellBadge } from '../../src/shared/notifications.ts';

// What the bell says of a change to a game or practice (docs/product/notifications.md 'Team events').

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

  it("shows the bell's unread count up to 99, then 99+", () => {
    expect([0, 1, 99, 100, 2500].map(bellBadge)).toEqual([null, '1', '99', '99+', '99+']);
  });
});
