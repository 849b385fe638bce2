import { describe, expect, it } from 'vitest';
import { acceptsGzip, AnswerCache } from '../../src/server/plugins/answer-cache.ts';

describe('answer cache', () => {
  it('keeps answers under their tag and lets the oldest go past its budget', () => {
    const cache = new AnswerCache(16_000);
    const body = (i: number) => `${i}`.padEnd(300, '.');
    // Each costs (300 + 6) * 2 + 160 = 772 bytes: 20 fit in 16,000.
    for (let i = 10; i < 35; i += 1) cache.set(`W/"${i}"`, body(i));
    expect(cache.size).toBe(20);
    expect(cache.get('W/"10"')).toBeUndefined();
    expect(cache.get('W/"14"')).toBeUndefined();
    expect(cache.get('W/"15"')?.body).toBe(body(15));
    expect(cache.get('W/"34"')?.body).toBe(body(34));
  });

  it('counts what each entry costs beyond its characters, so small answers cannot outgrow the budget', () => {
    const cache = new AnswerCache(10_000);
    for (let i = 0; i < 1_000; i += 1) cache.set(`W/"${i}"`, '{"count":3}');
    // Without the per-entry cost 1,000 such answers would fit in 10,000 bytes "of characters".
    expect(cache.size).toBeLessThan(100);
  });

  it('keeps nothing while disabled and never keeps one answer bigger than a sixteenth of the budget', () => {
    const cache = new AnswerCache(16_000);
    cache.set('W/"big"', 'x'.repeat(1_000));
    expect(cache.get('W/"big"')).toBeUndefined();
    cache.enabled = false;
    cache.set('W/"small"', 'x');
    cache.enabled = true;
    expect(cache.get('W/"small"')).toBeUndefined();
  });

  it('adds the gzipped bytes to a kept answer later, counting them, and never replaces them', () => {
    const cache = new AnswerCache(16_000);
    cache.set('W/"a"', 'x'.repeat(300));
    expect(cache.get('W/"a"')?.gzipped).toBeUndefined();
    const gzipped = Buffer.from('zipped');
    cache.set('W/"a"', 'x'.repeat(300), gzipped);
    expect(cache.get('W/"a"')?.gzipped).toBe(gzipped);
    cache.set('W/"a"', 'x'.repeat(300), Buffer.from('other'));
    expect(cache.get('W/"a"')?.gzipped).toBe(gzipped);
    // 20 plain answers of this size fit (see above); with 6,000 gzipped bytes each, far fewer do.
    for (let i = 0; i < 20; i += 1) cache.set(`W/"${i}"`, 'x'.repeat(300), Buffer.alloc(6_000));
    expect(cache.size).toBeLessThan(4);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['identity', false],
    ['deflate, br', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('takes no header, or a repeated one, as no', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['gzip', 'br'])).toBe(false);
  });
});
