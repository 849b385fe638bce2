import { describe, expect, it } from 'vitest';
import { CALENDAR_LIMITS, calendarEvents } from '../../src/shared/calendar.ts';
import { addDays, daysBetween } from '../../src/shared/events.ts';
import { nextUpEvents } from '../../src/web/features/dashboard/lib/next-up.ts';
import {
  dayTally,
  ROWS_AT_ONCE,
  scheduleWeeks,
  weeksWithin,
  weekTitle,
  windowRanges,
} from '../../src/web/features/calendar/lib/schedule.ts';

// The schedule list's windows and weeks and Next up's choice (docs/product/calendar-rsvp-and-feed.md
// 'Schedule list', 'Next up'; docs/decisions/045), on a season: 30 tournaments, 200 games, 100 practices.

const TODAY = '2026-11-26';

function season() {
  const games = Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    opponent: `Opponent ${i}`,
    date: addDays(TODAY, -60 + Math.floor(i * 1.5)),
    time: '10:00',
    location: 'Riverside Park',
    address: null,
    kit: null,
    notes: null,
    type: 'league' as const,
    status: i === 41 ? ('cancelled' as const) : ('scheduled' as const),
    is_home: true,
  }));
  const practices = Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    title: 'Training',
    date: addDays(TODAY, -40 + i * 3),
    time: '17:30',
    location: 'North Field',
    address: null,
    notes: null,
    duration: 90,
    status: 'scheduled' as const,
  }));
  const tournaments = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    name: `Cup ${i}`,
    location: 'Lakeside',
    address: null,
    notes: null,
    start_date: addDays(TODAY, -30 + i * 10),
    end_date: addDays(TODAY, -29 + i * 10),
    games:
      i % 3 === 2
        ? []
        : [
            {
              id: i * 2 + 1,
              opponent: 'Falcons',
              date: addDays(TODAY, -30 + i * 10),
              time: '09:00',
              field: null,
              kit: null,
              notes: null,
              status: 'scheduled' as const,
            },
          ],
  }));
  return calendarEvents({ tournaments, games, practices }, TODAY);
}

describe('schedule list', () => {
  it('reads long windows in parts the API accepts, covering a year without gaps', () => {
    for (const window of ['upcoming', 'past'] as const) {
      const parts = windowRanges(window, TODAY);
      for (const part of parts)
        expect(daysBetween(part.from, part.to)).toBeLessThanOrEqual(CALENDAR_LIMITS.maxRangeDays);
      for (let i = 1; i < parts.length; i += 1)
        expect(parts[i]?.from).toBe(addDays(parts[i - 1]?.to ?? '', 1));
      if (window === 'upcoming') expect(parts[0]?.from).toBe(TODAY);
      else expect(parts.at(-1)?.to).toBe(addDays(TODAY, -1));
    }
    expect(windowRanges('next2weeks', TODAY)).toEqual([{ from: TODAY, to: addDays(TODAY, 13) }]);
  });

  it('groups a season by week, Sunday first, in order, with each row formatted once', () => {
    const events = season();
    const started = performance.now();
    const weeks = scheduleWeeks(events, 'upcoming', 'all', TODAY);
    const took = performance.now() - started;
    // A generous bound on a shared machine: a per-row luxon or Intl call would cost far more.
    expect(took).toBeLessThan(250);
    expect(weeks[0]?.title).toBe('Week of Nov 22 - 28');
    const dates = weeks.flatMap((w) => w.rows.map((r) => r.event.date));
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d) => d >= TODAY)).toBe(true);
    for (const week of weeks) expect(new Date(`${week.start}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(weeks[0]?.rows[0]).toMatchObject({ day: expect.stringMatching(/^\w{3}, \w{3} \d+$/) });

    const past = scheduleWeeks(events, 'past', 'all', TODAY).flatMap((w) => w.rows.map((r) => r.event.date));
    expect([...past].sort().reverse()).toEqual(past);
    expect(past.every((d) => d < TODAY)).toBe(true);

    const twoWeeks = scheduleWeeks(events, 'next2weeks', 'practices', TODAY).flatMap((w) => w.rows);
    expect(twoWeeks.every((r) => r.event.type === 'practice' && r.event.date <= addDays(TODAY, 13))).toBe(
      true,
    );
    expect(twoWeeks.length).toBeGreaterThan(0);
  });

  it('shows a tournament day without a game once per tournament and week', () => {
    const weeks = scheduleWeeks(season(), 'upcoming', 'tournaments', TODAY);
    const placeholders = weeks.flatMap((w) =>
      w.rows.filter((r) => r.event.isPlaceholder).map((r) => `${r.event.tournamentId}:${w.start}`),
    );
    expect(placeholders.length).toBeGreaterThan(0);
    expect(new Set(placeholders).size).toBe(placeholders.length);
  });

  it("names a day's events per type and a week across two months", () => {
    const events = season().filter((e) => e.date === addDays(TODAY, 4));
    expect(dayTally(events).reduce((n, t) => n + t.count, 0)).toBe(events.length);
    expect(weekTitle('2026-11-29')).toBe('Week of Nov 29 - Dec 5');
  });
});

describe('the list renders a slice of a season at a time', () => {
  const week = (start: string, rows: number) => ({
    start,
    title: start,
    rows: Array.from({ length: rows }, () => ({}) as never),
  });

  it('shows whole weeks up to the budget of rows, and always one', () => {
    const weeks = [week('a', 20), week('b', 20), week('c', 4), week('d', 4)];
    expect(weeksWithin(weeks, 20)).toBe(1);
    expect(weeksWithin(weeks, 30)).toBe(2);
    expect(weeksWithin(weeks, 40)).toBe(2);
    expect(weeksWithin(weeks, 41)).toBe(3);
    expect(weeksWithin([week('a', 50), week('b', 1)], 30)).toBe(1);
    expect(weeksWithin([], 30)).toBe(0);
  });

  it("keeps a season's first render small however dense its weeks", () => {
    const weeks = scheduleWeeks(season(), 'upcoming', 'all', TODAY);
    const shown = weeks.slice(0, weeksWithin(weeks, ROWS_AT_ONCE));
    const rows = shown.reduce((n, w) => n + w.rows.length, 0);
    expect(rows).toBeGreaterThanOrEqual(ROWS_AT_ONCE);
    expect(rows - shown.at(-1)!.rows.length).toBeLessThan(ROWS_AT_ONCE);
  });
});

describe('Next up', () => {
  it('takes the next three not started and not cancelled, a tournament once', () => {
    const events = season().filter((e) => e.date >= TODAY);
    const next = nextUpEvents(events, (e) => e.date > TODAY);
    expect(next).toHaveLength(3);
    expect(next.every((e) => e.date > TODAY && e.status !== 'cancelled')).toBe(true);
    const cancelled = season().find((e) => e.status === 'cancelled');
    expect(cancelled).toBeTruthy();
    expect(nextUpEvents([cancelled!], () => true)).toEqual([]);
  });
});
