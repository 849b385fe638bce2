import { describe, expect, it } from 'vitest';
import {
  groupByMonth,
  monthLabel,
  monthOfDate,
  monthOfInstant,
  monthsOpenByDefault,
} from '../../src/web/lib/months.ts';
import { matchesWords, searchWords } from '../../src/web/lib/search.ts';

// Long lists (docs/decisions/051-long-lists.md): months in the team's time zone, and the search words.

describe('months', () => {
  it('names a month and the items without a date', () => {
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(monthLabel('')).toBe('No date');
    expect(monthOfDate('2026-12-31')).toBe('2026-12');
    expect(monthOfDate(null)).toBe('');
  });

  it("puts an instant in the team's month, not UTC's", () => {
    expect(monthOfInstant('2026-12-01T03:00:00.000Z', 'America/Chicago')).toBe('2026-11');
    expect(monthOfInstant('2026-12-01T03:00:00.000Z', 'Europe/Berlin')).toBe('2026-12');
    expect(monthOfInstant('not a date', 'America/Chicago')).toBe('');
  });

  it('groups in the order of the list, with the count of each month', () => {
    const items = ['2026-06-16', '2026-06-30', '2026-07-07', null, '2026-06-02'];
    const groups = groupByMonth(items, monthOfDate);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['June 2026', 3],
      ['July 2026', 1],
      ['No date', 1],
    ]);
    expect(groups[0]?.items).toEqual(['2026-06-16', '2026-06-30', '2026-06-02']);
  });

  const season = (dates: string[]) => groupByMonth(dates, monthOfDate);
  const weekly = (first: string, weeks: number) =>
    Array.from({ length: weeks }, (_, i) =>
      new Date(Date.parse(`${first}T12:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10),
    );

  it('opens every month of a short list', () => {
    const groups = season(weekly('2026-06-02', 10));
    expect([...monthsOpenByDefault(groups, '2026-06')]).toEqual(['2026-06', '2026-07', '2026-08']);
  });

  it('opens the current month of a long list and folds the rest', () => {
    const groups = season(weekly('2026-06-02', 20));
    expect([...monthsOpenByDefault(groups, '2026-06')]).toEqual(['2026-06']);
  });

  it('opens the first month listed when the current one has nothing', () => {
    const groups = season(weekly('2026-07-07', 20));
    expect([...monthsOpenByDefault(groups, '2026-06')]).toEqual(['2026-07']);
  });

  it('late in a month, opens the next month too until three items show', () => {
    // November 24 is the last practice of November: December opens as well.
    const groups = season(weekly('2026-11-24', 20));
    expect([...monthsOpenByDefault(groups, '2026-11')]).toEqual(['2026-11', '2026-12']);
  });
});

describe('search words', () => {
  it('ignores case, accents and spaces; every word must be found', () => {
    const words = searchWords('  JOSE  gar ');
    expect(words).toEqual(['jose', 'gar']);
    expect(matchesWords(words, ['José García'])).toBe(true);
    expect(matchesWords(words, ['José', 'Garner'])).toBe(true);
    expect(matchesWords(words, ['José Lopez'])).toBe(false);
    expect(matchesWords(searchWords('   '), ['anything'])).toBe(true);
  });
});
