import { describe, expect, it } from 'vitest';
import { expiresAtFor, inferExpiry } from '../../src/shared/announcement-expiry.ts';
import {
  commentCount,
  isArchived,
  isExpiringSoon,
  linkify,
  pinnedFirst,
  preview,
} from '../../src/shared/announcements.ts';
import { claimSeconds } from '../../src/server/features/announcements/chat-outbox.ts';
import {
  CHAT_POST_MAX_CHARS,
  chatPostText,
  POST_TIMEOUT_MS,
} from '../../src/server/features/announcements/chat-sender.ts';

// Announcement expiry and display rules (docs/product/announcements.md).

const ZONE = 'America/Chicago';
const DAY = 86_400_000;
const now = new Date('2026-11-24T15:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('expiresAtFor', () => {
  it('never is null; N days is now plus N days', () => {
    expect(expiresAtFor({ type: 'never' }, ZONE, now)).toBeNull();
    expect(expiresAtFor({ type: 'days', days: 7 }, ZONE, now)).toBe('2026-12-01T15:00:00.000Z');
  });

  it('a date is the end of that day in the team zone, across DST', () => {
    // Standard time (UTC-6).
    expect(expiresAtFor({ type: 'date', date: '2026-12-01' }, ZONE, now)).toBe('2026-12-02T05:59:59.999Z');
    // Daylight time (UTC-5).
    expect(expiresAtFor({ type: 'date', date: '2026-07-04' }, ZONE, now)).toBe('2026-07-05T04:59:59.999Z');
    // The days DST starts and ends.
    expect(expiresAtFor({ type: 'date', date: '2026-03-08' }, ZONE, now)).toBe('2026-03-09T04:59:59.999Z');
    expect(expiresAtFor({ type: 'date', date: '2026-11-01' }, ZONE, now)).toBe('2026-11-02T05:59:59.999Z');
  });

  it('refuses nonsense', () => {
    expect(() => expiresAtFor({ type: 'date', date: '2026-02-30' }, ZONE, now)).toThrow();
    expect(() => expiresAtFor({ type: 'days', days: 0 }, ZONE, now)).toThrow();
  });
});

describe('inferExpiry', () => {
  it('is never without an expiry', () => {
    expect(inferExpiry(null, now, ZONE)).toEqual({ type: 'never' });
  });

  it('is days only when the days left are exactly one of the choices', () => {
    for (const days of [1, 3, 7, 14, 30, 60, 90]) {
      expect(inferExpiry(after(days * DAY), now, ZONE)).toEqual({ type: 'days', days });
    }
    // Edited an hour after it was set to 7 days: still 7.
    expect(inferExpiry(after(7 * DAY - 3_600_000), now, ZONE)).toEqual({ type: 'days', days: 7 });
    for (const days of [2, 5, 10, 91, 365]) {
      expect(inferExpiry(after(days * DAY), now, ZONE).type).toBe('date');
    }
  });

  it('otherwise is the day it ends on in the team zone', () => {
    expect(inferExpiry('2026-12-06T05:59:59.999Z', now, ZONE)).toEqual({ type: 'date', date: '2026-12-05' });
    // Round trip through the end of a chosen day.
    const end = expiresAtFor({ type: 'date', date: '2027-03-14' }, ZONE, now) ?? '';
    expect(inferExpiry(end, now, ZONE)).toEqual({ type: 'date', date: '2027-03-14' });
  });
});

describe('archived, soon, preview, linkify', () => {
  it('archives once the expiry passed; soon within 24 hours', () => {
    expect(isArchived(null, now)).toBe(false);
    expect(isArchived(after(-1), now)).toBe(true);
    expect(isArchived(after(1000), now)).toBe(false);
    expect(isExpiringSoon(after(23 * 3_600_000), now)).toBe(true);
    expect(isExpiringSoon(after(25 * 3_600_000), now)).toBe(false);
    expect(isExpiringSoon(after(-1000), now)).toBe(false);
    expect(isExpiringSoon(null, now)).toBe(false);
  });

  it('previews 120 characters', () => {
    expect(preview('short')).toBe('short');
    expect(preview('x'.repeat(120))).toBe('x'.repeat(120));
    expect(preview('y'.repeat(121))).toBe(`${'y'.repeat(120)}...`);
  });

  it('splits http(s) links out of text, leaving markup and trailing punctuation as text', () => {
    expect(linkify('See https://club.example/a?b=1. <b>Now</b>')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://club.example/a?b=1', href: 'https://club.example/a?b=1' },
      { kind: 'text', text: '. <b>Now</b>' },
    ]);
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
    expect(linkify('')).toEqual([]);
  });
});

describe('chatPostText (GroupMe takes at most 1,000 characters)', () => {
  it('keeps a text of 1,000 and cuts a longer one to 1,000 ending with an ellipsis', () => {
    expect(chatPostText('a'.repeat(1000))).toBe('a'.repeat(1000));
    const cut = chatPostText('b'.repeat(1001));
    expect(cut).toHaveLength(CHAT_POST_MAX_CHARS);
    expect(cut).toBe(`${'b'.repeat(999)}…`);
  });

  it('never splits an emoji in two', () => {
    const cut = chatPostText(`${'c'.repeat(998)}😀${'d'.repeat(10)}`);
    expect(cut).toBe(`${'c'.repeat(998)}…`);
    expect(cut.length).toBeLessThanOrEqual(CHAT_POST_MAX_CHARS);
  });
});

describe('claimSeconds', () => {
  it('covers a whole batch of posts each taking its full timeout, with a margin', () => {
    expect(claimSeconds(20, POST_TIMEOUT_MS)).toBeGreaterThan((20 * POST_TIMEOUT_MS) / 1000);
    expect(claimSeconds(1, POST_TIMEOUT_MS)).toBeGreaterThan(POST_TIMEOUT_MS / 1000);
  });
});

describe('pinnedFirst and commentCount (docs/product/announcements.md, issue 20)', () => {
  const now = new Date('2026-11-24T18:00:00Z');
  const a = (id: number, priority: string, expires_at: string | null = null) => ({
    id,
    priority,
    expires_at,
  });

  it('puts unexpired high-priority posts first and keeps the given order within each group', () => {
    const list = [
      a(5, 'normal'),
      a(4, 'high', '2026-11-24T17:59:59Z'),
      a(3, 'low'),
      a(2, 'high', '2026-11-25T00:00:00Z'),
      a(1, 'high'),
    ];
    expect(pinnedFirst(list, now).map((x) => x.id)).toEqual([2, 1, 5, 4, 3]);
    expect(list.map((x) => x.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it("says '1 comment' and 'N comments'", () => {
    expect([0, 1, 2, 12].map(commentCount)).toEqual(['0 comments', '1 comment', '2 comments', '12 comments']);
  });
});
