import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/server/plugins/answer-cache.ts';

describe('answer cache', () => {
  it('keeps answers under their tag and lets the oldest go past its budget', () => {
    const cache = new AnswerCache(16_000);
    const body = (i: number) => `${i}`.padEnd(300, '.');
    // Each costs (300 + 6) * 2 + 160 = 772 bytes: 20 fit in 16,000.
    for (let i = 10; i < 35; i += 1) cache.set(`W/"${i}"`, body(i));
    expect(cache.size).toBe(20);
    expect(cache.get('W/"10"')).toBeUndefined();
    expect(cache.get('W/"14"')).toBeUndefined();
    expect(cache.get('W/"15"')).toBe(body(15));
    expect(cache.get('W/"34"')).toBe(body(34));
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
});
