import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, measureFirstLoad } from '../../scripts/bundle-budget.ts';

// The budget script reads the build manifest: the sign-in page is the entry and its static imports;
// the dashboard adds the signed-in app's chunk (which holds the dashboard's cards) and its imports;
// lazily loaded screens count for neither.

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'club-budget-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

function chunk(name: string, bytes: Buffer): string {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets', name), bytes);
  return `assets/${name}`;
}
const text = (size: number) =>
  Buffer.from('const answer = 42;\n'.repeat(Math.ceil(size / 19)).slice(0, size));

const files = {
  entry: chunk('index-a1.js', text(40_000)),
  vendor: chunk('vendor-b2.js', randomBytes(30_000)), // incompressible: raw = about the compressed size
  app: chunk('SignedInApp-c3.js', text(20_000)),
  appShared: chunk('Modal-d4.js', text(5_000)),
  roster: chunk('RosterPage-e5.js', text(90_000)),
  css: chunk('index-f6.css', text(9_000)),
};
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': {
      file: files.entry,
      isEntry: true,
      imports: ['_vendor-b2.js'],
      dynamicImports: ['app/SignedInApp.tsx', 'features/roster/components/RosterPage.tsx'],
      css: [files.css],
    },
    '_vendor-b2.js': { file: files.vendor },
    '_Modal-d4.js': { file: files.appShared, imports: ['_vendor-b2.js'] },
    'app/SignedInApp.tsx': { file: files.app, isDynamicEntry: true, imports: ['index.html', '_Modal-d4.js'] },
    'features/roster/components/RosterPage.tsx': { file: files.roster, imports: ['_Modal-d4.js'] },
  }),
);

describe('the first-load budget', () => {
  it('counts the entry and its imports for the sign-in page, and adds the signed-in app for the dashboard', () => {
    const weights = measureFirstLoad(dist);
    expect(weights.signIn.files).toEqual([files.entry, files.vendor]);
    expect(weights.dashboard.files.sort()).toEqual(
      [files.entry, files.vendor, files.app, files.appShared].sort(),
    );
    expect(weights.signIn.raw).toBe(70_000);
    expect(weights.dashboard.raw).toBe(95_000);

    const entry = fs.readFileSync(path.join(dist, files.entry));
    const vendor = fs.readFileSync(path.join(dist, files.vendor));
    const brotliOf = (bytes: Buffer) =>
      zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(Math.abs(weights.signIn.brotli - (brotliOf(entry) + brotliOf(vendor)))).toBeLessThan(100);
    expect(weights.signIn.gzip).toBeGreaterThan(weights.signIn.brotli);
    expect(weights.signIn.gzip).toBeLessThan(weights.signIn.raw);
  });

  it('passes within the budgets and fails, naming the page, when one is exceeded', () => {
    const weights = measureFirstLoad(dist);
    expect(checkBudgets(weights).ok).toBe(true);

    const tight = checkBudgets(weights, { signIn: weights.signIn.brotli - 1, dashboard: BUDGETS.dashboard });
    expect(tight.ok).toBe(false);
    expect(tight.lines[0]).toMatch(/^sign-in page .*\(OVER budget/);
    expect(tight.lines[1]).toMatch(/^signed-in dashboard .*\(within budget 170\.0 KB\)/);
  });

  it('stops with a message when there is no build', () => {
    expect(() => measureFirstLoad(path.join(dist, 'missing'))).toThrow(/run "npm run build" first/);
  });
});
