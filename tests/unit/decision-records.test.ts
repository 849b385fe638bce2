import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision record says when it was taken and whether it still holds, and the index lists each
// one (docs/decisions/README.md): a record missing from the index is one a newcomer never finds.

const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = fs
  .readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are there', () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records)('%s has a Date: and a Status: line', (name) => {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}\b/m);
    expect(text).toMatch(/^Status: \S/m);
  });

  it.each(records)('%s is in the index', (name) => {
    expect(index).toContain(`](${name})`);
  });

  it('has no index entry without its record', () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.filter((name) => !records.includes(name as string))).toEqual([]);
  });
});
