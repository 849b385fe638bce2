import { describe, expect, it } from 'vitest';
import { overviewQuery } from '../../src/shared/api/calendar.ts';
import { overviewSearch, presetQuery, windowOfQuery } from '../../src/shared/rsvp-overview.ts';

// The Event RSVPs overview's presets and query (docs/decisions/050).

describe('the overview window', () => {
  const today = '2026-03-10';

  it('turns each preset into its dates, today counted in the next days and not in the past ones', () => {
    expect(presetQuery('next14', today)).toEqual({ from: today, to: '2026-03-23' });
    expect(presetQuery('next30', today)).toEqual({ from: today, to: '2026-04-08' });
    expect(presetQuery('past14', today)).toEqual({ from: '2026-02-24', to: '2026-03-09' });
    expect(presetQuery('upcoming', today)).toEqual({ from: today });
    expect(presetQuery('all', today)).toEqual({ include_past: true });
    expect(presetQuery('custom', today, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('reads from today on by default, and no start with include_past', () => {
    expect(windowOfQuery({}, today)).toEqual({ from: today, to: null });
    expect(windowOfQuery({ to: '2026-04-01' }, today)).toEqual({ from: today, to: '2026-04-01' });
    expect(windowOfQuery({ include_past: true }, today)).toEqual({ from: null, to: null });
    expect(windowOfQuery({ from: '2026-01-01', include_past: true }, today)).toEqual({
      from: '2026-01-01',
      to: null,
    });
  });

  it('writes a query string the API schema reads back', () => {
    expect(overviewSearch({})).toBe('');
    const search = overviewSearch({ from: '2026-03-01', to: '2026-03-31', type: ['game', 'practice'] });
    expect(search).toBe('?from=2026-03-01&to=2026-03-31&type=game%2Cpractice');
    const parsed = overviewQuery.parse(Object.fromEntries(new URLSearchParams(search)));
    expect(parsed).toEqual({ from: '2026-03-01', to: '2026-03-31', type: ['game', 'practice'] });
    expect(overviewQuery.parse({ include_past: 'true' })).toEqual({ include_past: true });
  });
});
