import { describe, expect, it } from 'vitest';
import {
  hourLabel,
  labelInSentence,
  UNSUBSCRIBE_MESSAGES,
} from '../../src/shared/notification-preferences.ts';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS } from '../../src/shared/notifications.ts';
import { createLinkSigner, signUnsubscribe } from '../../src/server/features/auth/signed-links.ts';
import { kindInUnsubscribeToken } from '../../src/web/features/notifications/lib/unsubscribe-link.ts';

// What the preferences form and the unsubscribe page say (docs/product/notifications.md 'Preferences',
// 'Unsubscribe').

describe('notification preference words', () => {
  it('names the digest hours as the 12-hour clock', () => {
    expect([0, 7, 12, 18, 23].map(hourLabel)).toEqual([
      '12:00 AM',
      '7:00 AM',
      '12:00 PM',
      '6:00 PM',
      '11:00 PM',
    ]);
  });

  it('puts a kind in a sentence in lower case, keeping capitals that spell a word', () => {
    expect(UNSUBSCRIBE_MESSAGES.question('New polls')).toBe('Stop emails about new polls?');
    expect(labelInSentence('RSVP reminders')).toBe('RSVP reminders');
    expect(labelInSentence('High-priority announcements')).toBe('high-priority announcements');
    expect(labelInSentence('')).toBe('');
  });
});

describe("the unsubscribe page's reading of a link", () => {
  const links = createLinkSigner('k'.repeat(40));

  it('finds the kind of every link the server signs', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(kindInUnsubscribeToken(signUnsubscribe(links, { userId: 123456, kind }))).toBe(kind);
    }
    expect(NOTIFICATION_KIND_INFO.join_request.label).toBe('Requests to join (coaches)');
  });

  it('finds nothing in what is not one', () => {
    for (const token of ['', 'garbage', 'a.b', `${btoa('{"c":{"k":"weather"}}')}.sig`, `${btoa('[1]')}.x`]) {
      expect(kindInUnsubscribeToken(token)).toBeUndefined();
    }
  });
});
