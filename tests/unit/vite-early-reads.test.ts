import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyReadsScript, signedInFiles } from '../../scripts/vite-early-reads.ts';

// What the page's inline script preloads for a signed-in visit (docs/decisions/052): the signed-in app's
// chunk and what it imports that the entry does not load already, with their styles.

const ROOT = path.join(import.meta.dirname, '../..');

const chunk = (
  fileName: string,
  imports: string[],
  extra: { isEntry?: boolean; facade?: string; css?: string[] } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facade ?? null,
  imports,
  viteMetadata: { importedCss: new Set(extra.css ?? []) },
});

describe('signedInFiles', () => {
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', ['assets/vendor-2.js'], {
      isEntry: true,
      facade: path.join(ROOT, 'src/web/main.tsx'),
    }),
    'assets/vendor-2.js': chunk('assets/vendor-2.js', []),
    'assets/SignedInApp-3.js': chunk(
      'assets/SignedInApp-3.js',
      ['assets/vendor-2.js', 'assets/common-4.js'],
      {
        facade: path.join(ROOT, 'src/web/app/SignedInApp.tsx'),
        css: ['assets/SignedInApp-5.css'],
      },
    ),
    'assets/common-4.js': chunk('assets/common-4.js', ['assets/dates-6.js']),
    'assets/dates-6.js': chunk('assets/dates-6.js', []),
    'assets/Roster-7.js': chunk('assets/Roster-7.js', ['assets/common-4.js'], {
      facade: path.join(ROOT, 'src/web/features/roster/components/RosterPage.tsx'),
    }),
    'assets/SignedInApp-5.css': { type: 'asset' as const, fileName: 'assets/SignedInApp-5.css' },
  };

  it("names the signed-in app's chunk, its imports the entry lacks, and its styles; no lazy screen", () => {
    expect(signedInFiles(bundle)).toEqual([
      '/assets/SignedInApp-3.js',
      '/assets/common-4.js',
      '/assets/dates-6.js',
      '/assets/SignedInApp-5.css',
    ]);
  });

  it('fails the build when the signed-in app has no chunk', () => {
    const { ['assets/SignedInApp-3.js']: _gone, ...rest } = bundle;
    expect(() => signedInFiles(rest)).toThrow('no chunk for src/web/app/SignedInApp.tsx');
  });
});

describe('earlyReadsScript', () => {
  it('is one small script with the files named in it and nothing of React', () => {
    const script = earlyReadsScript(ROOT, ['/assets/SignedInApp-3.js']);
    expect(script).toContain('"/assets/SignedInApp-3.js"');
    expect(script).toContain('/teams/coached');
    // The browser's date formats load while the app's files download (lib/warm-date-formats.ts).
    expect(script).toContain('Intl.DateTimeFormat');
    expect(script).not.toMatch(/react/i);
    expect(script.length).toBeLessThan(2_500);
  });
});
