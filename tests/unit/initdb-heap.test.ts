import { describe, expect, it } from 'vitest';
import { sparseHeap } from '../../src/server/db/initdb-heap.ts';

// PGlite's initdb puts its helper's memory back before each run of PostgreSQL; the sparse copy must
// leave that memory exactly as a full copy would (docs/decisions/034).

const PAGE = 65_536;

function memoryWith(pages: number, written: Record<number, number>): Uint8Array {
  const memory = new Uint8Array(pages * PAGE);
  for (const [offset, value] of Object.entries(written)) memory[Number(offset)] = value;
  return memory;
}

describe('the sparse copy of initdb’s memory', () => {
  it('keeps only the pages that are not zero', () => {
    const memory = memoryWith(8, { 5: 1, [3 * PAGE + PAGE - 1]: 7 });
    const copy = sparseHeap(() => memory).slice();
    expect([...copy.pages.keys()]).toEqual([0, 3 * PAGE]);
    expect(copy.length).toBe(8 * PAGE);
  });

  it('puts the memory back byte for byte, clearing what was written since, also after it grew', () => {
    let memory = memoryWith(8, { 5: 1, [2 * PAGE + 100]: 9, [3 * PAGE + PAGE - 1]: 7 });
    const original = memory.slice();
    const heap = sparseHeap(() => memory);
    const copy = heap.slice();

    // A run of PostgreSQL writes over kept pages, over zero pages, and grows the memory.
    memory[5] = 2;
    memory[2 * PAGE + 100] = 0;
    memory[4 * PAGE + 12] = 3;
    memory[7 * PAGE + PAGE - 1] = 4;
    const grown = new Uint8Array(10 * PAGE);
    grown.set(memory);
    grown[9 * PAGE] = 5;
    memory = grown;

    heap.set(copy);
    expect(Buffer.from(memory.subarray(0, 8 * PAGE)).equals(Buffer.from(original))).toBe(true);
    // Beyond the copy, as PGlite's own `set` of a shorter copy leaves it.
    expect(memory[9 * PAGE]).toBe(5);
  });
});
