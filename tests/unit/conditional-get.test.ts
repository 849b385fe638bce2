import { describe, expect, it } from 'vitest';
import {
  namesTag,
  noneMatchFails,
  notModifiedSince,
  opaqueTag,
  parseIfNoneMatch,
} from '../../src/server/plugins/conditional-get.ts';

// The one comparison of a request's validators with an answer's (RFC 9110 section 13), used by every
// polled read and the calendar feed.

describe('If-None-Match', () => {
  it('compares weakly: W/ or not, the opaque parts decide', () => {
    for (const header of ['W/"a.1"', '"a.1"', ' "x", W/"a.1" ', 'W/"x",W/"a.1"']) {
      expect(namesTag(parseIfNoneMatch(header), 'W/"a.1"'), header).toBe(true);
      expect(namesTag(parseIfNoneMatch(header), '"a.1"'), header).toBe(true);
    }
    for (const header of ['W/"a.2"', 'a.1', 'W/"a.1"x', '', '"a.1', 'W/ "a.1"']) {
      expect(namesTag(parseIfNoneMatch(header), 'W/"a.1"'), header).toBe(false);
    }
    expect(opaqueTag('W/"abc"')).toBe('abc');
  });

  it('reads a comma inside a tag as part of it, and repeated headers as one list', () => {
    expect(parseIfNoneMatch('"a,b", W/"c"')).toEqual({ any: false, tags: ['a,b', 'c'] });
    expect(parseIfNoneMatch(['"a"', 'W/"b"'])).toEqual({ any: false, tags: ['a', 'b'] });
  });

  it("takes '*' for any current answer, but only noneMatchFails counts it", () => {
    const star = parseIfNoneMatch('*');
    expect(star).toEqual({ any: true });
    expect(namesTag(star, 'W/"a"')).toBe(false);
    expect(noneMatchFails(star, 'W/"a"')).toBe(true);
    expect(noneMatchFails(parseIfNoneMatch('"b"'), 'W/"a"')).toBe(false);
    expect(noneMatchFails(undefined, 'W/"a"')).toBe(false);
  });
});

describe('If-Modified-Since', () => {
  const changed = new Date('2026-11-20T10:00:00.400Z');
  const header = (value: string) => ({ 'if-modified-since': value });

  it('answers 304 from the second of the last change on, in whole seconds', () => {
    expect(notModifiedSince(header('Fri, 20 Nov 2026 10:00:00 GMT'), changed)).toBe(true);
    expect(notModifiedSince(header('Fri, 20 Nov 2026 11:00:00 GMT'), changed)).toBe(true);
    expect(notModifiedSince(header('Fri, 20 Nov 2026 09:59:59 GMT'), changed)).toBe(false);
  });

  it('is ignored when If-None-Match is sent, or the date is not one', () => {
    const both = { 'if-none-match': 'W/"x"', 'if-modified-since': 'Fri, 20 Nov 2026 11:00:00 GMT' };
    expect(notModifiedSince(both, changed)).toBe(false);
    expect(notModifiedSince(header('yesterday'), changed)).toBe(false);
    expect(notModifiedSince({}, changed)).toBe(false);
  });
});
