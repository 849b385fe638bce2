import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Node 20 is what runs the app here and in CI. A package in the lock file whose `engines.node` starts
// above 20 makes `npm ci` warn on every install and may use what Node 20 lacks (STACK-NOTES).

/** The lowest major version each `||` alternative of an engines range admits, or undefined if unknown. */
function lowestMajors(range: string): (number | undefined)[] {
  return range.split('||').map((alternative) => {
    const bound = /(?:>=|\^|~|=|^)\s*v?(\d+)/.exec(alternative.trim());
    return bound?.[1] === undefined ? undefined : Number(bound[1]);
  });
}

function admitsNode20(range: string): boolean {
  return lowestMajors(range).some((major) => major === undefined || major <= 20);
}

describe('dependencies', () => {
  it('reads engine ranges', () => {
    expect(admitsNode20('>=18')).toBe(true);
    expect(admitsNode20('>= 20.19.0')).toBe(true);
    expect(admitsNode20('^20.19.0 || ^22.12.0 || >=24')).toBe(true);
    expect(admitsNode20('>=22')).toBe(false);
    expect(admitsNode20('>= 22.0.0')).toBe(false);
    expect(admitsNode20('^22 || >=24')).toBe(false);
  });

  it('every installed package declares support for Node 20', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node && !admitsNode20(node) ? [`${name.replace(/^.*node_modules\//, '')} (${node})`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
