import { afterEach, describe, expect, it } from 'vitest';
import { calendarRangeQuery } from '../../src/shared/api/calendar.ts';
import {
  CALENDAR_MESSAGES,
  type CalendarGameInput,
  type CalendarPracticeInput,
  type CalendarTournamentInput,
  calendarEvents,
  eventsBetween,
  monthGrid,
  monthOf,
  monthTitle,
  phoneDots,
  shiftMonth,
} from '../../src/shared/calendar.ts';

// The derived calendar event and the month grid (docs/product/calendar-rsvp-and-feed.md;
// docs/decisions/017).

const game = (overrides: Partial<CalendarGameInput> = {}): CalendarGameInput => ({
  id: 1,
  opponent: 'Lions',
  date: '2026-06-10',
  time: '10:00',
  location: 'Riverside Park',
  address: '1 Park Rd',
  kit: null,
  notes: null,
  type: 'friendly',
  status: 'scheduled',
  is_home: true,
  ...overrides,
});
const practice = (overrides: Partial<CalendarPracticeInput> = {}): CalendarPracticeInput => ({
  id: 1,
  title: 'Passing',
  date: '2026-06-09',
  time: '17:30',
  location: 'North Field',
  address: null,
  notes: null,
  duration: null,
  status: 'scheduled',
  ...overrides,
});
const tournament = (overrides: Partial<CalendarTournamentInput> = {}): CalendarTournamentInput => ({
  id: 3,
  name: 'Summer Cup',
  location: 'Lakeside',
  address: '9 Lake Rd',
  notes: 'Bring chairs',
  start_date: '2026-06-12',
  end_date: '2026-06-14',
  games: [],
  ...overrides,
});
const tournamentGame = (
  overrides: Partial<CalendarTournamentInput['games'][number]> = {},
): CalendarTournamentInput['games'][number] => ({
  id: 7,
  opponent: 'Eagles',
  date: '2026-06-13',
  time: '09:00',
  field: null,
  kit: null,
  notes: null,
  status: 'scheduled',
  ...overrides,
});
const derive = (
  input: Partial<Parameters<typeof calendarEvents>[0]>,
  today = '2026-06-01',
): ReturnType<typeof calendarEvents> =>
  calendarEvents({ tournaments: [], games: [], practices: [], ...input }, today);

describe('derived calendar events', () => {
  it("titles a game 'vs' its opponent, its kit 'Not specified' unless set, 90 minutes", () => {
    const [plain] = derive({ games: [game({ type: 'league' })] });
    expect(plain).toMatchObject({
      id: 'game-1',
      source: 'game',
      title: 'vs Lions',
      kit: CALENDAR_MESSAGES.kitNotSpecified,
      type: 'game',
      kind: 'league',
      gameType: 'league',
      durationMinutes: 90,
      location: 'Riverside Park',
      address: '1 Park Rd',
      isPlaceholder: false,
      rsvpEventType: 'game',
      rsvpEventId: 1,
    });
    expect(CALENDAR_MESSAGES.kitNotSpecified).toBe('Not specified');
    expect(derive({ games: [game({ kit: 'Away' })] })[0]?.kit).toBe('Away');
    expect(derive({ games: [game({ kit: '' })] })[0]?.kit).toBe('Not specified');
  });

  it("gives a practice kit 'N/A', its own duration or 90 minutes", () => {
    const [first, second] = derive({
      practices: [practice(), practice({ id: 2, date: '2026-06-16', duration: 45 })],
    });
    expect(CALENDAR_MESSAGES.kitNotApplicable).toBe('N/A');
    expect(first).toMatchObject({
      id: 'practice-1',
      title: 'Passing',
      kit: 'N/A',
      type: 'practice',
      kind: 'practice',
      gameType: null,
      status: null,
      durationMinutes: 90,
      rsvpEventType: 'practice',
    });
    expect(second?.durationMinutes).toBe(45);
  });

  it('keeps a cancelled practice on the schedule, marked cancelled', () => {
    const [cancelled] = derive({ practices: [practice({ status: 'cancelled' })] });
    expect(cancelled).toMatchObject({ id: 'practice-1', title: 'Passing', status: 'cancelled' });
  });

  it("places 'Tournament (TBD)' only on tournament days without a game, and takes no RSVP there", () => {
    const events = derive({ tournaments: [tournament({ games: [tournamentGame()] })] });
    expect(events.map((e) => [e.id, e.date, e.isPlaceholder])).toEqual([
      ['tournament-3-2026-06-12', '2026-06-12', true],
      ['tournament-game-7', '2026-06-13', false],
      ['tournament-3-2026-06-14', '2026-06-14', true],
    ]);
    const [placeholder, played] = events;
    expect(placeholder).toMatchObject({
      title: 'Tournament (TBD)',
      time: null,
      durationMinutes: null,
      kit: 'Not specified',
      location: 'Lakeside',
      rsvpEventType: null,
      rsvpEventId: null,
      tournamentName: 'Summer Cup',
      tournamentNotes: 'Bring chairs',
      gameType: 'tournament',
      status: null,
    });
    expect(played).toMatchObject({
      title: 'vs Eagles',
      durationMinutes: 60,
      rsvpEventType: 'tournament',
      rsvpEventId: 7,
      kind: 'tournament',
      // The RSVP closing rule's bound for a game of the tournament.
      tournamentEndDate: '2026-06-14',
    });
    // Every day of a one-day tournament without games is one placeholder; two games on a day, none.
    expect(derive({ tournaments: [tournament({ end_date: '2026-06-12' })] })).toHaveLength(1);
    const full = derive({
      tournaments: [
        tournament({
          start_date: '2026-06-13',
          end_date: '2026-06-13',
          games: [tournamentGame(), tournamentGame({ id: 8, time: '13:00' })],
        }),
      ],
    });
    expect(full.map((e) => e.id)).toEqual(['tournament-game-7', 'tournament-game-8']);
  });

  it('leaves out tournament games without a date, and joins the field to the location', () => {
    const events = derive({
      tournaments: [
        tournament({
          start_date: '2026-06-13',
          end_date: '2026-06-13',
          games: [tournamentGame({ field: 'Field 2' }), tournamentGame({ id: 9, date: null })],
        }),
      ],
    });
    expect(events.map((e) => e.id)).toEqual(['tournament-game-7']);
    expect(events[0]?.location).toBe('Lakeside, Field 2');
  });

  it('shows an unknown time as null (TBD): no duration, sorted after the timed events of its day', () => {
    const events = derive({
      tournaments: [
        tournament({
          start_date: '2026-06-13',
          end_date: '2026-06-13',
          games: [tournamentGame({ time: 'TBD' }), tournamentGame({ id: 8, time: null })],
        }),
      ],
      games: [game({ date: '2026-06-13', time: '18:00' })],
      practices: [practice({ date: '2026-06-13', time: '07:00' })],
    });
    expect(events.map((e) => [e.id, e.time, e.durationMinutes])).toEqual([
      ['practice-1', '07:00', 90],
      ['game-1', '18:00', 90],
      ['tournament-game-7', null, null],
      ['tournament-game-8', null, null],
    ]);
  });

  it("gives the tournament's status from today", () => {
    const cup = tournament();
    expect(derive({ tournaments: [cup] }, '2026-06-11')[0]?.tournamentStatus).toBe('upcoming');
    expect(derive({ tournaments: [cup] }, '2026-06-14')[0]?.tournamentStatus).toBe('active');
    expect(derive({ tournaments: [cup] }, '2026-06-15')[0]?.tournamentStatus).toBe('completed');
  });

  it('picks the events between two dates, both included', () => {
    const events = derive({
      games: [
        game({ date: '2026-05-31' }),
        game({ id: 2, date: '2026-06-01' }),
        game({ id: 3, date: '2026-06-30' }),
      ],
      practices: [practice({ date: '2026-07-01' })],
    });
    expect(eventsBetween(events, '2026-06-01', '2026-06-30').map((e) => e.id)).toEqual(['game-2', 'game-3']);
    expect(eventsBetween(events, '2026-06-02', '2026-06-29')).toEqual([]);
  });

  it('reads a range of real dates only', () => {
    expect(calendarRangeQuery.safeParse({ from: '2026-02-01', to: '2026-02-28' }).success).toBe(true);
    expect(calendarRangeQuery.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
    expect(calendarRangeQuery.safeParse({ from: '2028-02-29', to: '2028-03-01' }).success).toBe(true);
    expect(calendarRangeQuery.safeParse({ from: '2026-06-01' }).error?.issues[0]?.message).toBe(
      'to is required',
    );
  });
});

describe('month grid', () => {
  const savedZone = process.env['TZ'];
  afterEach(() => {
    if (savedZone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = savedZone;
  });

  /** Every day of the grid once, consecutive, Sunday to Saturday rows. */
  function expectWholeWeeks(grid: ReturnType<typeof monthGrid>) {
    const days = grid.flat().map((d) => d.date);
    for (const week of grid) expect(week).toHaveLength(7);
    for (const week of grid) expect(new Date(`${week[0]?.date}T00:00:00Z`).getUTCDay()).toBe(0);
    for (let i = 1; i < days.length; i += 1) {
      const gap = Date.parse(`${days[i]}T00:00:00Z`) - Date.parse(`${days[i - 1]}T00:00:00Z`);
      expect(gap).toBe(86_400_000);
    }
  }
  const inMonth = (grid: ReturnType<typeof monthGrid>) =>
    grid
      .flat()
      .filter((d) => d.inMonth)
      .map((d) => d.date);

  it('February 2026 starts on a Sunday and fills exactly four weeks', () => {
    const grid = monthGrid('2026-02');
    expectWholeWeeks(grid);
    expect(grid).toHaveLength(4);
    expect(grid[0]?.[0]).toEqual({ date: '2026-02-01', inMonth: true });
    expect(grid[3]?.[6]).toEqual({ date: '2026-02-28', inMonth: true });
    expect(inMonth(grid)).toHaveLength(28);
  });

  it('February 2028 has its 29th, with January and March days around it', () => {
    const grid = monthGrid('2028-02');
    expectWholeWeeks(grid);
    expect(grid).toHaveLength(5);
    expect(grid[0]?.slice(0, 3)).toEqual([
      { date: '2028-01-30', inMonth: false },
      { date: '2028-01-31', inMonth: false },
      { date: '2028-02-01', inMonth: true },
    ]);
    expect(inMonth(grid)).toHaveLength(29);
    expect(inMonth(grid).at(-1)).toBe('2028-02-29');
    expect(grid[4]?.[6]).toEqual({ date: '2028-03-04', inMonth: false });
  });

  it.each([
    ['2026-03', 5, '2026-03-01', '2026-04-04', 31],
    ['2026-11', 5, '2026-11-01', '2026-12-05', 30],
  ])(
    '%s (a daylight-saving month) has every day once, in a zone that changes clocks',
    (month, weeks, first, last, days) => {
      process.env['TZ'] = 'America/Chicago';
      const grid = monthGrid(month);
      expectWholeWeeks(grid);
      expect(grid).toHaveLength(weeks);
      expect(grid[0]?.[0]?.date).toBe(first);
      expect(grid.at(-1)?.[6]?.date).toBe(last);
      expect(inMonth(grid)).toHaveLength(days);
      expect(new Set(grid.flat().map((d) => d.date)).size).toBe(weeks * 7);
    },
  );

  it('takes six weeks when the month needs them (May 2026) and crosses the year (December 2026)', () => {
    const may = monthGrid('2026-05');
    expectWholeWeeks(may);
    expect(may).toHaveLength(6);
    expect(may[5]?.[0]).toEqual({ date: '2026-05-31', inMonth: true });
    const december = monthGrid('2026-12');
    expectWholeWeeks(december);
    expect(december.at(-1)?.slice(-2)).toEqual([
      { date: '2027-01-01', inMonth: false },
      { date: '2027-01-02', inMonth: false },
    ]);
  });

  it('shifts months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(shiftMonth('2026-11', 26)).toBe('2029-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });

  it('names months and finds the month of a date', () => {
    expect(monthTitle('2026-11')).toBe('November 2026');
    expect(monthTitle('2027-01')).toBe('January 2027');
    expect(monthOf('2026-02-28')).toBe('2026-02');
  });

  it('shows at most six dots on a phone, then how many more', () => {
    expect(phoneDots([])).toEqual({ shown: [], more: 0 });
    expect(phoneDots([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 0 });
    expect(phoneDots([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 3 });
  });
});
