import { describe, expect, it } from 'vitest';
import { directionsUrl } from '../../src/shared/event-links.ts';
import {
  addDays,
  arrivalCheck,
  EVENT_MESSAGES,
  compareByDateTime,
  compareTournaments,
  daysBetween,
  formatDate,
  formatDateRange,
  formatTime,
  gameDateCheck,
  gameRecord,
  gameResult,
  isAlreadyAdded,
  isCalendarDate,
  isUpcoming,
  recordText,
  tournamentStatus,
  weeklyDates,
} from '../../src/shared/events.ts';
import {
  clockGap,
  isRepeatedLocalTime,
  nonexistentTimeMessage,
  todayIn,
  zonedStart,
} from '../../src/shared/event-dates.ts';

const CHICAGO = 'America/Chicago';

describe('today in the team time zone', () => {
  it('is Chicago’s date, not UTC’s', () => {
    // 2026-06-01 04:30 UTC is still May 31 in Chicago (UTC-5 in summer).
    expect(todayIn(CHICAGO, new Date('2026-06-01T04:30:00Z'))).toBe('2026-05-31');
    expect(todayIn(CHICAGO, new Date('2026-06-01T05:00:00Z'))).toBe('2026-06-01');
    // In winter Chicago is UTC-6.
    expect(todayIn(CHICAGO, new Date('2026-12-01T05:59:59Z'))).toBe('2026-11-30');
    expect(todayIn(CHICAGO, new Date('2026-12-01T06:00:00Z'))).toBe('2026-12-01');
  });

  it('keeps a tournament ending today active at 23:59 Chicago time and completed at 00:00', () => {
    const ends = '2026-06-14';
    const at = (utc: string) => tournamentStatus('2026-06-12', ends, todayIn(CHICAGO, new Date(utc)));
    expect(at('2026-06-15T04:59:00Z')).toBe('active'); // 23:59 CDT on the 14th
    expect(at('2026-06-15T05:00:00Z')).toBe('completed'); // 00:00 CDT on the 15th
  });

  it('finds the right day across the daylight-saving changes', () => {
    // Spring forward: 2026-03-08 02:00 CST becomes 03:00 CDT.
    expect(todayIn(CHICAGO, new Date('2026-03-08T05:59:00Z'))).toBe('2026-03-07');
    expect(todayIn(CHICAGO, new Date('2026-03-08T06:00:00Z'))).toBe('2026-03-08');
    expect(todayIn(CHICAGO, new Date('2026-03-09T04:59:00Z'))).toBe('2026-03-08');
    expect(todayIn(CHICAGO, new Date('2026-03-09T05:00:00Z'))).toBe('2026-03-09');
    // Fall back: 2026-11-01 02:00 CDT becomes 01:00 CST.
    expect(todayIn(CHICAGO, new Date('2026-11-02T05:59:00Z'))).toBe('2026-11-01');
    expect(todayIn(CHICAGO, new Date('2026-11-02T06:00:00Z'))).toBe('2026-11-02');
  });

  it('answers each instant its own day however the instants asked before it run (the day is kept)', () => {
    // Within a day, at its edges, back and forth across midnight, and in another zone between.
    const asked: [string, string, string][] = [
      [CHICAGO, '2026-06-01T05:00:00.000Z', '2026-06-01'],
      [CHICAGO, '2026-06-02T04:59:59.999Z', '2026-06-01'],
      [CHICAGO, '2026-06-02T05:00:00.000Z', '2026-06-02'],
      [CHICAGO, '2026-06-02T04:59:59.999Z', '2026-06-01'],
      ['Pacific/Auckland', '2026-06-02T04:59:59.999Z', '2026-06-02'],
      [CHICAGO, '2026-06-01T04:59:59.999Z', '2026-05-31'],
      [CHICAGO, '2026-06-01T12:00:00.000Z', '2026-06-01'],
    ];
    for (const [zone, instant, day] of asked) expect(todayIn(zone, new Date(instant)), instant).toBe(day);
  });

  it('knows the day in a zone whose midnight a clock change skips', () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 (-03), 04:00 UTC.
    const SANTIAGO = 'America/Santiago';
    expect(todayIn(SANTIAGO, new Date('2026-09-06T03:59:59.999Z'))).toBe('2026-09-05');
    expect(todayIn(SANTIAGO, new Date('2026-09-06T04:00:00.000Z'))).toBe('2026-09-06');
    expect(todayIn(SANTIAGO, new Date('2026-09-06T03:59:59.999Z'))).toBe('2026-09-05');
    expect(todayIn(SANTIAGO, new Date('2026-09-07T02:59:59.999Z'))).toBe('2026-09-06');
    expect(todayIn(SANTIAGO, new Date('2026-09-07T03:00:00.000Z'))).toBe('2026-09-07');
  });
});

describe('tournament status', () => {
  it('is upcoming before the start, active from start to end inclusive, completed after', () => {
    expect(tournamentStatus('2026-06-12', '2026-06-14', '2026-06-11')).toBe('upcoming');
    expect(tournamentStatus('2026-06-12', '2026-06-14', '2026-06-12')).toBe('active');
    expect(tournamentStatus('2026-06-12', '2026-06-14', '2026-06-14')).toBe('active');
    expect(tournamentStatus('2026-06-12', '2026-06-14', '2026-06-15')).toBe('completed');
  });

  it('sorts active first, upcoming by start ascending, completed by start descending', () => {
    const t = (id: number, status: 'upcoming' | 'active' | 'completed', start_date: string) => ({
      id,
      status,
      start_date,
    });
    const sorted = [
      t(1, 'completed', '2026-01-01'),
      t(2, 'upcoming', '2026-09-01'),
      t(3, 'active', '2026-06-01'),
      t(4, 'completed', '2026-03-01'),
      t(5, 'upcoming', '2026-07-01'),
    ].sort(compareTournaments);
    expect(sorted.map((x) => x.id)).toEqual([3, 5, 2, 4, 1]);
  });
});

describe('scores', () => {
  const game = (status: 'completed' | 'scheduled', our: number | null, their: number | null) => ({
    status,
    our_score: our,
    opponent_score: their,
  });

  it('says Won, Lost or Tied only for a completed game with both scores', () => {
    expect(gameResult(game('completed', 3, 1))).toBe('won');
    expect(gameResult(game('completed', 0, 2))).toBe('lost');
    expect(gameResult(game('completed', 2, 2))).toBe('tied');
    expect(gameResult(game('scheduled', 3, 1))).toBeUndefined();
    expect(gameResult(game('completed', 3, null))).toBeUndefined();
  });

  it('counts the W/L/D record of completed games', () => {
    const record = gameRecord([
      game('completed', 3, 1),
      game('completed', 1, 1),
      game('completed', 0, 4),
      game('completed', 2, 0),
      game('scheduled', 5, 0),
      game('completed', null, null),
    ]);
    expect(record).toEqual({ wins: 2, losses: 1, draws: 1 });
    expect(recordText(record)).toBe('2-1-1');
  });
});

describe('game date against the tournament', () => {
  const start = '2026-06-12';
  const end = '2026-06-14';
  it('says nothing within the dates', () => {
    expect(gameDateCheck('2026-06-12', start, end)).toBeUndefined();
    expect(gameDateCheck('2026-06-14', start, end)).toBeUndefined();
  });
  it('gives a notice up to 3 days before and 7 days after, a warning beyond', () => {
    expect(gameDateCheck('2026-06-09', start, end)).toBe('notice');
    expect(gameDateCheck('2026-06-08', start, end)).toBe('warning');
    expect(gameDateCheck('2026-06-21', start, end)).toBe('notice');
    expect(gameDateCheck('2026-06-22', start, end)).toBe('warning');
  });
  it('counts days across a month end and a daylight-saving change', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(gameDateCheck('2026-03-05', '2026-03-08', '2026-03-08')).toBe('notice');
  });
});

describe('sorting by date and time', () => {
  it('puts TBD and empty times after timed games of the day, and undated games last', () => {
    const rows = [
      { id: 1, date: '2026-06-12', time: 'TBD' },
      { id: 2, date: '2026-06-12', time: '14:00' },
      { id: 3, date: null, time: '08:00' },
      { id: 4, date: '2026-06-12', time: '09:30' },
      { id: 5, date: '2026-06-11', time: null },
      { id: 6, date: '2026-06-12', time: '' },
    ];
    expect(rows.sort(compareByDateTime).map((r) => r.id)).toEqual([5, 4, 2, 1, 6, 3]);
  });
});

describe('dates and formats', () => {
  it('refuses impossible dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
  });

  it('shows MM/DD/YYYY and 12-hour times', () => {
    expect(formatDate('2026-06-01')).toBe('06/01/2026');
    expect(formatDateRange('2026-06-01', '2026-06-03')).toBe('06/01/2026 - 06/03/2026');
    expect(formatDateRange('2026-06-01', '2026-06-01')).toBe('06/01/2026');
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('15:30')).toBe('3:30 PM');
    expect(formatTime('TBD')).toBe('TBD');
    expect(formatTime(null)).toBe('TBD');
  });

  it('makes weekly series on the same weekday, across daylight-saving changes', () => {
    expect(weeklyDates('2026-03-02', 0)).toEqual(['2026-03-02']);
    expect(weeklyDates('2026-03-02', 4)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23']);
    expect(weeklyDates('2026-10-26', 2)).toEqual(['2026-10-26', '2026-11-02']);
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
  });

  it('calls today upcoming and yesterday past', () => {
    expect(isUpcoming('2026-06-12', '2026-06-12')).toBe(true);
    expect(isUpcoming('2026-06-11', '2026-06-12')).toBe(false);
    expect(isUpcoming(null, '2026-06-12')).toBe(false);
  });
});

describe('times that do not exist, and times that happen twice (docs/product/events.md)', () => {
  it('refuses a time in the spring-forward gap, naming the gap', () => {
    expect(nonexistentTimeMessage('2026-03-08', '02:30', CHICAGO)).toBe(
      '2:30 AM does not exist on 03/08/2026 in America/Chicago: clocks go from 2:00 AM to 3:00 AM. Please choose another time.',
    );
    expect(clockGap('2026-03-08', '02:00', CHICAGO)).toEqual({ from: '02:00', to: '03:00' });
    expect(clockGap('2026-03-08', '02:59', CHICAGO)).toEqual({ from: '02:00', to: '03:00' });
    // The minutes on either side exist; so does 02:30 on any other day, and in a zone without DST.
    for (const [date, time, zone] of [
      ['2026-03-08', '01:59', CHICAGO],
      ['2026-03-08', '03:00', CHICAGO],
      ['2026-03-09', '02:30', CHICAGO],
      ['2026-03-08', '02:30', 'America/Phoenix'],
      ['2026-03-08', '02:30', 'UTC'],
    ] as const) {
      expect(nonexistentTimeMessage(date, time, zone), `${date} ${time} ${zone}`).toBeUndefined();
    }
  });

  it('names each zone its own gap (Europe at 02:00, a half-hour change)', () => {
    expect(nonexistentTimeMessage('2026-03-29', '02:15', 'Europe/Berlin')).toBe(
      '2:15 AM does not exist on 03/29/2026 in Europe/Berlin: clocks go from 2:00 AM to 3:00 AM. Please choose another time.',
    );
    expect(clockGap('2026-10-04', '02:15', 'Australia/Lord_Howe')).toEqual({ from: '02:00', to: '02:30' });
    expect(clockGap('2026-10-04', '02:30', 'Australia/Lord_Howe')).toBeUndefined();
  });

  it('passes what is not a date and a clock time (TBD, blank) and unknown zones', () => {
    expect(nonexistentTimeMessage('2026-03-08', 'TBD', CHICAGO)).toBeUndefined();
    expect(nonexistentTimeMessage('', '02:30', CHICAGO)).toBeUndefined();
    expect(nonexistentTimeMessage('2026-03-08', '02:30', 'Mars/Olympus')).toBeUndefined();
  });

  it('reads a time of the autumn overlap as its first occurrence', () => {
    const night = zonedStart('2026-11-01', '01:30', CHICAGO);
    expect(night.toUTC().toISO()).toBe('2026-11-01T06:30:00.000Z');
    expect(isRepeatedLocalTime(night)).toBe(true);
    expect(isRepeatedLocalTime(night.plus({ minutes: 90 }))).toBe(false);
    // The first minute after the overlap, and an ordinary day, have one reading.
    expect(zonedStart('2026-11-01', '02:00', CHICAGO).toUTC().toISO()).toBe('2026-11-01T08:00:00.000Z');
    expect(isRepeatedLocalTime(zonedStart('2026-07-01', '01:30', CHICAGO))).toBe(false);
  });
});

describe('quick-add: a tournament already on the team (docs/product/events.md)', () => {
  const cup = { id: 5, name: 'Spring Cup', start_date: '2026-06-06', end_date: '2026-06-07' };

  it('knows the same name and dates, whatever the case and spacing', () => {
    expect(isAlreadyAdded({ ...cup, id: 9, name: '  spring   CUP ' }, cup)).toBe(true);
    expect(isAlreadyAdded({ ...cup, id: 9, end_date: '2026-06-08' }, cup)).toBe(false);
    expect(isAlreadyAdded({ ...cup, id: 9, name: 'Spring Cup II' }, cup)).toBe(false);
  });

  it('knows a copy after a rename, the original itself, and two copies of one original', () => {
    const copy = {
      id: 9,
      name: 'Renamed',
      start_date: '2026-07-01',
      end_date: '2026-07-01',
      source_tournament_id: 5,
    };
    expect(isAlreadyAdded(copy, cup)).toBe(true);
    expect(isAlreadyAdded(cup, copy)).toBe(true);
    expect(isAlreadyAdded(copy, { ...copy, id: 12, name: 'Other name' })).toBe(true);
    expect(isAlreadyAdded(copy, { ...cup, id: 6, name: 'Autumn Cup' })).toBe(false);
    // A tournament not stored yet (id 0) is compared by its original only when it names one.
    expect(isAlreadyAdded({ ...cup, id: 7, name: 'x' }, { ...cup, id: 0, name: 'y' })).toBe(false);
  });
});

describe('arrival time and directions (docs/product/events.md, issue 20)', () => {
  it('refuses an arrival after the start, and only that', () => {
    expect(arrivalCheck('09:15', '10:00')).toBeUndefined();
    expect(arrivalCheck('10:00', '10:00')).toBeUndefined();
    expect(arrivalCheck('10:01', '10:00')).toBe(EVENT_MESSAGES.arrivalAfterStart);
    expect(arrivalCheck(null, '10:00')).toBeUndefined();
    expect(arrivalCheck('09:00', 'TBD')).toBeUndefined();
  });

  it('links an address to directions in Google Maps, encoded', () => {
    expect(directionsUrl(' 12 Park Rd, Springfield & Co ')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20Park%20Rd%2C%20Springfield%20%26%20Co',
    );
  });
});
