import { describe, expect, it } from 'vitest';
import { inferPollExpiry, pollExpiresAt } from '../../src/shared/poll-expiry.ts';
import {
  hasDuplicateOptions,
  isArchived,
  normalizeOption,
  remapOptions,
  voteCounts,
} from '../../src/shared/polls.ts';

// Poll rules (docs/product/polls.md 'Fields and rules'; docs/decisions/019).

const ZONE = 'America/Chicago';
const now = new Date('2026-11-24T18:00:00Z'); // noon in Chicago

describe('pollExpiresAt', () => {
  it('never expires', () => {
    expect(pollExpiresAt({ type: 'never', days: 7, date: '' }, ZONE, now)).toBeNull();
  });
  it('expires N days from now', () => {
    expect(pollExpiresAt({ type: 'days', days: 7, date: '' }, ZONE, now)).toBe('2026-12-01T18:00:00.000Z');
  });
  it('runs through the END of the chosen day in the team zone (CST and CDT)', () => {
    expect(pollExpiresAt({ type: 'date', days: 7, date: '2026-12-01' }, ZONE, now)).toBe(
      '2026-12-02T05:59:59.999Z',
    );
    expect(pollExpiresAt({ type: 'date', days: 7, date: '2027-07-04' }, ZONE, now)).toBe(
      '2027-07-05T04:59:59.999Z',
    );
    expect(() => pollExpiresAt({ type: 'date', days: 7, date: 'soon' }, ZONE, now)).toThrow();
  });
});

describe('inferPollExpiry', () => {
  it("is 'never' without an expiry", () => {
    expect(inferPollExpiry(null, now, ZONE).type).toBe('never');
  });
  it("is 'days' for 1 to 365 remaining days (rounded up)", () => {
    expect(inferPollExpiry('2026-12-01T18:00:00.000Z', now, ZONE)).toEqual({
      type: 'days',
      days: 7,
      date: '2026-12-01',
    });
    expect(inferPollExpiry('2026-11-24T19:00:00.000Z', now, ZONE)).toMatchObject({ type: 'days', days: 1 });
    expect(inferPollExpiry('2027-11-24T18:00:00.000Z', now, ZONE)).toMatchObject({ type: 'days', days: 365 });
  });
  it("is 'date' when already expired or further than 365 days", () => {
    expect(inferPollExpiry('2026-11-20T18:00:00.000Z', now, ZONE)).toEqual({
      type: 'date',
      days: 7,
      date: '2026-11-20',
    });
    expect(inferPollExpiry('2027-11-26T18:00:00.000Z', now, ZONE)).toMatchObject({
      type: 'date',
      date: '2027-11-26',
    });
  });
  it('names the date in the team zone (late evening in Chicago is the next day in UTC)', () => {
    expect(inferPollExpiry('2026-12-02T05:59:59.999Z', now, ZONE)).toMatchObject({ date: '2026-12-01' });
  });
});

describe('poll helpers', () => {
  it('archives a poll once its expiry has passed', () => {
    expect(isArchived(null, now)).toBe(false);
    expect(isArchived('2026-11-24T17:59:59Z', now)).toBe(true);
    expect(isArchived('2026-11-24T18:00:01Z', now)).toBe(false);
  });
  it('counts votes per option', () => {
    expect(
      voteCounts(3, [{ option_index: 0 }, { option_index: 2 }, { option_index: 2 }, { option_index: 5 }]),
    ).toEqual([1, 0, 2]);
  });
  it('maps old options to new indexes by text, dropping removed ones', () => {
    expect(remapOptions(['Red', 'Green', 'Blue'], ['Blue', 'Red', 'Purple'])).toEqual([1, null, 0]);
  });
  it('finds duplicate options ignoring case and spaces', () => {
    expect(hasDuplicateOptions(['Yes', ' yes'])).toBe(true);
    expect(hasDuplicateOptions(['Yes', 'No'])).toBe(false);
  });
  it('keeps votes when only the capitalisation or spacing of an option changes', () => {
    expect(remapOptions(['Yes', 'No'], ['yes', ' NO '])).toEqual([0, 1]);
  });
  it('treats composed and decomposed accents as the same option (Unicode NFC)', () => {
    const composed = 'Caf\u00e9';
    const decomposed = 'Cafe\u0301';
    expect(hasDuplicateOptions([composed, decomposed])).toBe(true);
    expect(remapOptions([decomposed, 'Tea'], ['Tea', composed])).toEqual([1, 0]);
    expect(normalizeOption(` ${decomposed.toUpperCase()} `)).toBe(normalizeOption(composed));
  });
});
