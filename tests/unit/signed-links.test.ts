import { describe, expect, it } from 'vitest';
import {
  createLinkSigner,
  signRsvpAnswer,
  signUnsubscribe,
  verifyRsvpAnswer,
  verifyUnsubscribe,
} from '../../src/server/features/auth/signed-links.ts';

describe('signed links (docs/decisions/043)', () => {
  const secret = 'a'.repeat(40);
  const later = new Date(Date.UTC(2030, 0, 1));

  it('gives back the claims of a link it signed, for that purpose only', () => {
    const links = createLinkSigner(secret);
    const token = links.sign('rsvp-answer', { u: 4, p: 9, r: 'yes' }, later);
    expect(links.verify('rsvp-answer', token)).toEqual({ u: 4, p: 9, r: 'yes' });
    expect(links.verify('unsubscribe', token)).toBeUndefined();
  });

  it('refuses a tampered link, one signed with another secret, and garbage', () => {
    const links = createLinkSigner(secret);
    const token = links.sign('unsubscribe', { u: 4, k: 'poll_new' }, later);
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('"u":4', '"u":5')).toString(
      'base64url',
    );
    expect(links.verify('unsubscribe', `${forged}.${signature}`)).toBeUndefined();
    expect(links.verify('unsubscribe', `${body}.${signature.slice(0, -2)}`)).toBeUndefined();
    expect(createLinkSigner('b'.repeat(40)).verify('unsubscribe', token)).toBeUndefined();
    expect(links.verify('unsubscribe', 'nonsense')).toBeUndefined();
    expect(links.verify('unsubscribe', `${token}.x`)).toBeUndefined();
  });

  it('says expired once its time has come', () => {
    let now = Date.UTC(2029, 11, 31, 23, 59);
    const links = createLinkSigner(secret, () => now);
    const token = links.sign('rsvp-answer', { u: 1 }, later);
    expect(links.verify('rsvp-answer', token)).toEqual({ u: 1 });
    now = later.getTime();
    expect(links.verify('rsvp-answer', token)).toBe('expired');
  });
});

describe('RSVP answer and unsubscribe links', () => {
  const links = createLinkSigner('c'.repeat(40));
  const later = new Date(Date.UTC(2030, 0, 1));

  it('carry exactly what they may do', () => {
    const claims = { userId: 3, playerId: 8, eventType: 'game', eventId: 12, response: 'maybe' } as const;
    expect(verifyRsvpAnswer(links, signRsvpAnswer(links, claims, later))).toEqual(claims);
    const off = { userId: 3, kind: 'poll_new' } as const;
    expect(verifyUnsubscribe(links, signUnsubscribe(links, off))).toEqual(off);
    // One purpose's link is refused by the other.
    expect(verifyUnsubscribe(links, signRsvpAnswer(links, claims, later))).toBeUndefined();
  });

  it('refuse claims outside the lists, even correctly signed', () => {
    const odd = links.sign('rsvp-answer', { u: 3, p: 8, t: 'party', e: 1, r: 'yes' }, later);
    expect(verifyRsvpAnswer(links, odd)).toBeUndefined();
    const oddKind = links.sign('unsubscribe', { u: 3, k: 'everything' }, later);
    expect(verifyUnsubscribe(links, oddKind)).toBeUndefined();
  });
});
