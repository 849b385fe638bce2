import { describe, expect, it } from 'vitest';
import {
  applySeriesChange,
  practicesInScope,
  seriesChange,
  type PracticeValues,
  type SeriesMember,
} from '../../src/shared/practice-series.ts';

const member = (id: number, date: string, seriesId: string | null, time = '17:00'): SeriesMember => ({
  id,
  date,
  time,
  seriesId,
});

describe('practicesInScope (decision 048)', () => {
  const a1 = member(1, '2026-12-01', 'A');
  const a2 = member(2, '2026-12-08', 'A');
  const a3 = member(3, '2026-12-15', 'A');
  const a4 = member(4, '2026-12-22', 'A');
  const b1 = member(5, '2026-12-08', 'B');
  const b2 = member(6, '2026-12-15', 'B');
  const single = member(7, '2026-12-15', null);
  const all = [a4, b2, single, a1, a3, b1, a2];

  it("'following' is the practice and the later ones of its series, by start, nothing of another", () => {
    expect(practicesInScope(a2, all, 'following').map((p) => p.id)).toEqual([2, 3, 4]);
    expect(practicesInScope(b1, all, 'following').map((p) => p.id)).toEqual([5, 6]);
    expect(practicesInScope(a4, all, 'following').map((p) => p.id)).toEqual([4]);
  });

  it("'this' is the practice alone, even in a series", () => {
    expect(practicesInScope(a2, all, 'this')).toEqual([a2]);
  });

  it('a practice of no series is alone in either scope', () => {
    expect(practicesInScope(single, all, 'following')).toEqual([single]);
  });

  it('a practice of the series moved before the anchor is not following; one moved after it is', () => {
    const movedEarlier = member(8, '2026-11-30', 'A');
    const sameDayLater = member(9, '2026-12-08', 'A', '18:00');
    const sameDayEarlier = member(10, '2026-12-08', 'A', '16:00');
    expect(
      practicesInScope(a2, [...all, movedEarlier, sameDayLater, sameDayEarlier], 'following').map(
        (p) => p.id,
      ),
    ).toEqual([2, 9, 3, 4]);
  });
});

describe('seriesChange and applySeriesChange (decision 048)', () => {
  const anchor: PracticeValues = {
    title: 'Passing',
    date: '2026-12-08',
    time: '17:00',
    location: 'Field 1',
    address: null,
    duration: 90,
    focus: null,
    notes: null,
    equipmentNeeded: null,
    arrivalTime: null,
    status: 'scheduled',
  };

  it('only what differs from the practice as it was applies: a full form with a new time moves the time alone', () => {
    const change = seriesChange(anchor, { ...anchor, time: '18:30' });
    expect(change).toEqual({ values: { time: '18:30' }, shiftDays: 0 });
    // A later practice with its own location keeps it.
    expect(applySeriesChange({ date: '2026-12-22' }, change)).toEqual({ time: '18:30' });
  });

  it('a new date moves each practice by as many days', () => {
    const change = seriesChange(anchor, { date: '2026-12-09', location: 'Field 2' });
    expect(change).toEqual({ values: { location: 'Field 2' }, shiftDays: 1 });
    expect(applySeriesChange({ date: '2026-12-29' }, change)).toEqual({
      location: 'Field 2',
      date: '2026-12-30',
    });
    expect(seriesChange(anchor, { date: '2026-12-01' }).shiftDays).toBe(-7);
    expect(applySeriesChange({ date: '2027-01-05' }, seriesChange(anchor, { date: '2026-12-01' }))).toEqual({
      date: '2026-12-29',
    });
  });

  it('cancelling, notes, duration and arrival apply to each; clearing a value clears it on each', () => {
    const withNotes = { ...anchor, notes: 'Bring water', arrivalTime: '16:45' };
    const change = seriesChange(withNotes, {
      status: 'cancelled',
      notes: null,
      duration: 60,
      arrivalTime: '16:30',
    });
    expect(change.values).toEqual({ status: 'cancelled', notes: null, duration: 60, arrivalTime: '16:30' });
  });

  it('an edit that changes nothing changes nothing', () => {
    const change = seriesChange(anchor, { ...anchor });
    expect(applySeriesChange({ date: '2026-12-22' }, change)).toEqual({});
  });
});
