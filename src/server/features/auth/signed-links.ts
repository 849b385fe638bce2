import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TARGETS, type UnsubscribeTarget } from '../../../shared/notifications.ts';
import {
  RSVP_EVENT_TYPES,
  RSVP_RESPONSES,
  type RsvpEventType,
  type RsvpResponse,
} from '../../../shared/rsvp.ts';

// Links that work without signing in (docs/decisions/043): an RSVP answer from an email, one-click
// unsubscribe. Each carries what it may do, for whom and until when, signed with a key derived from the
// app's signing secret for its purpose alone, so a link made for one purpose is refused by every other.
// Stateless: nothing is stored per link; a tampered or expired link is refused.

export type LinkPurpose = 'rsvp-answer' | 'unsubscribe';

export interface LinkSigner {
  /** A token carrying `claims` for `purpose`, valid until `expiresAt`. */
  sign(purpose: LinkPurpose, claims: Record<string, string | number>, expiresAt: Date): string;
  /**
   * The claims of a token signed for `purpose`; 'expired' past its time; undefined for anything tampered,
   * malformed or signed for another purpose.
   */
  verify(purpose: LinkPurpose, token: string): Record<string, string | number> | 'expired' | undefined;
}

export function createLinkSigner(secret: string, now = () => Date.now()): LinkSigner {
  const keyOf = (purpose: LinkPurpose) => createHmac('sha256', secret).update(`link:${purpose}`).digest();
  const mac = (purpose: LinkPurpose, body: string) =>
    createHmac('sha256', keyOf(purpose)).update(body).digest();
  return {
    sign(purpose, claims, expiresAt) {
      const body = Buffer.from(
        JSON.stringify({ c: claims, e: Math.floor(expiresAt.getTime() / 1000) }),
      ).toString('base64url');
      return `${body}.${mac(purpose, body).toString('base64url')}`;
    },
    verify(purpose, token) {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length > 0) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(purpose, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const { c, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
          c: Record<string, string | number>;
          e: number;
        };
        if (typeof e !== 'number' || typeof c !== 'object' || c === null) return undefined;
        return now() >= e * 1000 ? 'expired' : c;
      } catch {
        return undefined;
      }
    },
  };
}

/** An RSVP answer from an email: one person, one player, one event, one answer (expires at its start). */
export interface RsvpAnswerClaims {
  userId: number;
  playerId: number;
  eventType: RsvpEventType;
  eventId: number;
  response: RsvpResponse;
}

/**
 * Turning one kind of notification email off for one person (the email's unsubscribe link), or with
 * 'digest' the daily digest (every kind whose email goes to the digest).
 */
export interface UnsubscribeClaims {
  userId: number;
  kind: UnsubscribeTarget;
}

/** The web page an RSVP answer link opens (one button that records it, docs/product/notifications.md). */
export const RSVP_ANSWER_PATH = '/rsvp-answer';
/** The web page an email's visible unsubscribe link opens; List-Unsubscribe-Post goes to the API. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';

export function signRsvpAnswer(links: LinkSigner, claims: RsvpAnswerClaims, expiresAt: Date): string {
  const { userId: u, playerId: p, eventType: t, eventId: e, response: r } = claims;
  return links.sign('rsvp-answer', { u, p, t, e, r }, expiresAt);
}

export function verifyRsvpAnswer(links: LinkSigner, token: string): RsvpAnswerClaims | 'expired' | undefined {
  const c = links.verify('rsvp-answer', token);
  if (c === undefined || c === 'expired') return c;
  const { u, p, t, e, r } = c;
  if (typeof u !== 'number' || typeof p !== 'number' || typeof e !== 'number') return undefined;
  if (!RSVP_EVENT_TYPES.includes(t as RsvpEventType)) return undefined;
  if (!RSVP_RESPONSES.includes(r as RsvpResponse)) return undefined;
  return { userId: u, playerId: p, eventType: t as RsvpEventType, eventId: e, response: r as RsvpResponse };
}

/** Unsubscribe links last a year: an old email's link still works for a good while. */
const UNSUBSCRIBE_DAYS = 365;

export function signUnsubscribe(links: LinkSigner, claims: UnsubscribeClaims, now = new Date()): string {
  return links.sign(
    'unsubscribe',
    { u: claims.userId, k: claims.kind },
    new Date(now.getTime() + UNSUBSCRIBE_DAYS * 86_400_000),
  );
}

export function verifyUnsubscribe(
  links: LinkSigner,
  token: string,
): UnsubscribeClaims | 'expired' | undefined {
  const c = links.verify('unsubscribe', token);
  if (c === undefined || c === 'expired') return c;
  const { u, k } = c;
  if (typeof u !== 'number' || !UNSUBSCRIBE_TARGETS.includes(k as UnsubscribeTarget)) return undefined;
  return { userId: u, kind: k as UnsubscribeTarget };
}
