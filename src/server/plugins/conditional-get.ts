// Conditional GETs (RFC 9110 section 13), the one place a request's validators are compared with an
// answer's: the signed-in scope's polled reads (team-scope.ts) and the calendar feed use these.
//
// If-None-Match compares weakly (RFC 9110 8.8.3.2, 13.1.2): `W/"x"` and `"x"` are the same tag, so a
// client or proxy that drops or adds the W/ still gets its 304. The header may list several tags, and
// `*` stands for any current answer. If-Modified-Since counts only when If-None-Match is absent.

/** An If-None-Match header: any answer (`*`), or the opaque parts of the tags it lists. */
export type IfNoneMatch = { any: true } | { any: false; tags: string[] };

/** One element of the list: `*`, or an entity tag, weak or not, and nothing else. */
const ELEMENT = /^(?:\*|(?:W\/)?"([^"]*)")$/;

/** Undefined when the header is absent or names no tag; malformed elements are left out. */
export function parseIfNoneMatch(header: string | string[] | undefined): IfNoneMatch | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  const tags: string[] = [];
  // A tag's opaque part holds no '"' but may hold ',': split on the commas outside quotes.
  for (const element of text.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const match = ELEMENT.exec(element.trim());
    if (!match) continue;
    if (match[1] === undefined) return { any: true };
    tags.push(match[1]);
  }
  return tags.length > 0 ? { any: false, tags } : undefined;
}

/** The opaque part of an entity tag: `W/"x"` and `"x"` both give `x`. */
export function opaqueTag(etag: string): string {
  return /^(?:W\/)?"([^"]*)"$/.exec(etag.trim())?.[1] ?? etag;
}

/** Whether the header names this answer's tag, weakly compared (`*` is not counted here). */
export function namesTag(header: IfNoneMatch | undefined, etag: string): boolean {
  if (!header || header.any) return false;
  const own = opaqueTag(etag);
  return header.tags.includes(own);
}

/** Whether If-None-Match makes this answer a 304: it names the tag, or is `*` (an answer exists). */
export function noneMatchFails(header: IfNoneMatch | undefined, etag: string): boolean {
  return header?.any === true || namesTag(header, etag);
}

/** A Last-Modified value: the HTTP date of an instant, whole seconds (RFC 9110 5.6.7). */
export const httpDate = (instant: Date) => instant.toUTCString();

/**
 * Whether If-Modified-Since makes a GET a 304 (RFC 9110 13.1.3): only without If-None-Match, and only
 * for a valid date on or after the answer's last change (whole seconds, as Last-Modified says it).
 */
export function notModifiedSince(
  headers: { 'if-none-match'?: string | string[] | undefined; 'if-modified-since'?: string | undefined },
  lastModified: Date,
): boolean {
  if (headers['if-none-match'] !== undefined) return false;
  const since = headers['if-modified-since'];
  if (!since) return false;
  const parsed = Date.parse(since);
  if (Number.isNaN(parsed)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(parsed / 1000);
}
