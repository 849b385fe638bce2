import { describe, expect, it } from 'vitest';
import {
  coalescePushes,
  isSameDayChange,
  nextDigestAt,
  planEmail,
  planPush,
  quietUntil,
} from '../../src/server/features/notifications/delivery-plan.ts';
import { inQuietHours } from '../../src/shared/notifications.ts';

const zone = 'America/Chicago';
const quiet = { start: '21:00', end: '07:00' };
const now = { email: 'now', push: true } as const;
/** An instant given as the team's wall clock. */
const at = (iso: string) => new Date(new Date(`${iso}Z`).getTime() + offsetHours(iso) * 3600_000);
// Chicago is UTC-6 in winter and UTC-5 in summer (from the second Sunday of March to the first of November).
function offsetHours(iso: string): number {
  const d = iso.slice(0, 10);
  return d >= '2026-03-08' && d < '2026-11-01' ? 5 : 6;
}
const news = { kind: 'event_new', eventStartsAt: null } as const;

describe('quiet hours', () => {
  it('holds a span across midnight, and none when start equals end', () => {
    expect(inQuietHours(22 * 60, quiet)).toBe(true);
    expect(inQuietHours(6 * 60 + 59, quiet)).toBe(true);
    expect(inQuietHours(7 * 60, quiet)).toBe(false);
    expect(inQuietHours(12 * 60, { start: '12:00', end: '14:00' })).toBe(true);
    expect(inQuietHours(14 * 60, { start: '12:00', end: '14:00' })).toBe(false);
    expect(inQuietHours(3 * 60, { start: '08:00', end: '08:00' })).toBe(false);
  });

  it('ends at the next 7:00 in the team zone, the same night or the next morning', () => {
    expect(quietUntil(at('2026-12-04T22:30:00'), quiet, zone)).toEqual(at('2026-12-05T07:00:00'));
    expect(quietUntil(at('2026-12-05T01:15:00'), quiet, zone)).toEqual(at('2026-12-05T07:00:00'));
    expect(quietUntil(at('2026-12-05T12:00:00'), quiet, zone)).toBeUndefined();
    expect(quietUntil(at('2026-12-05T22:00:00'), null, zone)).toBeUndefined();
  });

  it('counts wall-clock hours across the change of clocks (DST ends 1 November 2026)', () => {
    // 22:00 CDT on 31 October to 07:00 CST on 1 November: ten hours, not nine.
    const evening = at('2026-10-31T22:00:00');
    const morning = quietUntil(evening, quiet, zone)!;
    expect(morning).toEqual(at('2026-11-01T07:00:00'));
    expect((morning.getTime() - evening.getTime()) / 3600_000).toBe(10);
    // And spring forward (8 March 2026): 22:00 CST to 07:00 CDT is eight hours.
    const spring = at('2026-03-07T22:00:00');
    expect((quietUntil(spring, quiet, zone)!.getTime() - spring.getTime()) / 3600_000).toBe(8);
  });
});

describe('planning an email', () => {
  const base = { preference: now, quiet, zone, sentLastDay: 0 };

  it('follows the preference: off, digest, at once', () => {
    const noon = at('2026-12-05T12:00:00');
    expect(planEmail(news, { ...base, now: noon, preference: { email: 'off', push: true } })).toEqual({
      action: 'off',
    });
    expect(planEmail(news, { ...base, now: noon, preference: { email: 'digest', push: true } })).toEqual({
      action: 'digest',
    });
    expect(planEmail(news, { ...base, now: noon })).toEqual({ action: 'send' });
  });

  it('waits for the end of quiet hours, except a change to an event of the same day', () => {
    const night = at('2026-12-05T05:30:00');
    expect(planEmail(news, { ...base, now: night })).toEqual({
      action: 'defer',
      until: at('2026-12-05T07:00:00'),
    });
    const todaysGame = { kind: 'event_cancelled', eventStartsAt: at('2026-12-05T09:00:00') } as const;
    expect(planEmail(todaysGame, { ...base, now: night })).toEqual({ action: 'send' });
    const tomorrowsGame = { kind: 'event_changed', eventStartsAt: at('2026-12-06T09:00:00') } as const;
    expect(planEmail(tomorrowsGame, { ...base, now: night }).action).toBe('defer');
    // A reminder about today's event still waits: only changes and cancellations cannot.
    const reminder = { kind: 'rsvp_reminder', eventStartsAt: at('2026-12-05T09:00:00') } as const;
    expect(planEmail(reminder, { ...base, now: night }).action).toBe('defer');
  });

  it('sends six a day at once, then the rest wait for the digest', () => {
    const noon = at('2026-12-05T12:00:00');
    expect(planEmail(news, { ...base, now: noon, sentLastDay: 5 })).toEqual({ action: 'send' });
    expect(planEmail(news, { ...base, now: noon, sentLastDay: 6 })).toEqual({ action: 'digest' });
  });
});

describe('planning a push', () => {
  const noon = at('2026-12-05T12:00:00');
  const base = { preference: now, quiet, zone, now: noon, sentLastHour: [] as Date[] };

  it('is off when the kind is, and waits through quiet hours', () => {
    expect(planPush(news, { ...base, preference: { email: 'now', push: false } })).toEqual({ action: 'off' });
    expect(planPush(news, { ...base, now: at('2026-12-05T23:00:00') })).toEqual({
      action: 'defer',
      until: at('2026-12-06T07:00:00'),
    });
  });

  it('sends ten an hour, then waits until the oldest of them is an hour old', () => {
    const minutesAgo = (m: number) => new Date(noon.getTime() - m * 60_000);
    const nine = Array.from({ length: 9 }, (_, i) => minutesAgo(50 - i));
    expect(planPush(news, { ...base, sentLastHour: nine })).toEqual({ action: 'send' });
    const ten = [minutesAgo(55), ...nine];
    expect(planPush(news, { ...base, sentLastHour: ten })).toEqual({
      action: 'defer',
      until: new Date(minutesAgo(55).getTime() + 3600_000),
    });
  });

  it('coalesces what waits when only one push is left in the hour', () => {
    expect(coalescePushes(3, 9)).toBe(true);
    expect(coalescePushes(3, 2)).toBe(false);
    expect(coalescePushes(1, 9)).toBe(false);
  });
});

describe('the digest and same-day changes', () => {
  it('goes at the digest hour today, or tomorrow once it has passed', () => {
    expect(nextDigestAt(at('2026-12-05T09:00:00'), 18, zone)).toEqual(at('2026-12-05T18:00:00'));
    expect(nextDigestAt(at('2026-12-05T18:00:00'), 18, zone)).toEqual(at('2026-12-06T18:00:00'));
  });

  it("reads 'today' in the team's zone, not UTC", () => {
    // 8 PM in Chicago on 5 December is already 6 December in UTC.
    const evening = at('2026-12-05T20:00:00');
    const game = { kind: 'event_changed', eventStartsAt: at('2026-12-05T21:00:00') } as const;
    expect(isSameDayChange(game, evening, zone)).toBe(true);
    expect(isSameDayChange({ ...game, eventStartsAt: at('2026-12-06T08:00:00') }, evening, zone)).toBe(false);
  });
});
