import type { FastifyRequest } from 'fastify';

// What the request log keeps of an address (docs/product/limits-and-abuse.md 'Privacy in logs and email';
// docs/decisions/026). Addresses carry secrets and personal data: a download's ?token=, the calendar
// feed's secret in its path, an invite page's ?team=CODE&email=...&name=...&token=.... Redacting them by
// pattern failed on spellings the router still accepts ('%74oken=', '/%66eed/'), so nothing is picked out
// any more:
// - no query string is ever logged;
// - a request that matched a route logs the route's pattern, with a parameter's value only when it is a
//   plain number (an id): '/api/teams/12/players', '/api/calendar/feed/7/:file';
// - a request that matched nothing logs its path, each segment decoded where the escape is valid, with
//   everything after a 'feed' segment, and any segment with an '@' or with letters and digits mixed
//   (an email address, a code, a token), replaced.

const REDACTED = '[redacted]';
const ID = /^\d{1,15}$/;
/** An email address, or letters mixed with digits (an invite code, a token, a secret). */
const SECRET_LIKE = /@|^(?=.*\d)(?=.*[A-Za-z]).{6,}$/;

/** The route's pattern with its numeric parameters filled in; any other parameter keeps its name. */
function filledPattern(pattern: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => {
    const value = values[name];
    const text = typeof value === 'number' ? String(value) : value;
    return typeof text === 'string' && ID.test(text) ? text : whole;
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape in this segment only: the others are still read.
    return segment;
  }
}

/** An address that matched no route: its path only, decoded per segment, with secrets replaced. */
export function loggedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  // Decoding may reveal more slashes ('%2Ffeed%2F'): split again after it.
  const segments = path.split('/').map(decodeSegment).join('/').split('/');
  const kept: string[] = [];
  for (const segment of segments) {
    if (/^feed$/i.test(segment.trim())) {
      kept.push(segment, REDACTED);
      break;
    }
    kept.push(SECRET_LIKE.test(segment) ? REDACTED : segment);
  }
  return kept.join('/').replace(/\/{2,}/g, '/');
}

/** The address as the request log keeps it. */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'params' | 'routeOptions'>): string {
  const pattern = request.routeOptions?.url;
  return pattern ? filledPattern(pattern, request.params) : loggedPath(request.url);
}
