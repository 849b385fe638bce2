import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The product's rules live in docs/product and the records in docs/decisions (decision 032). The
// specification and its decision page they came from are not in this repository, so a citation of them
// is one a maintainer cannot follow: this test keeps them out of everything we ship and read.

const root = path.resolve(import.meta.dirname, '../..');
const self = path.relative(root, import.meta.filename);
const SCOPES = ['src', 'tests', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|json|md|css|html|sql|txt|yml|yaml)$/;

/** Tracked files under the scopes (git ls-files), or every file there when this is not a git checkout. */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--', ...SCOPES], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    const walk = (rel: string): string[] => {
      const full = path.join(root, rel);
      if (!fs.existsSync(full)) return [];
      if (!fs.statSync(full).isDirectory()) return [rel];
      return fs.readdirSync(full).flatMap((name) => walk(path.join(rel, name)));
    };
    return SCOPES.flatMap(walk);
  }
}

const CITATIONS: { what: string; pattern: RegExp }[] = [
  { what: 'the outside decision page', pattern: /DECISIONS\.md/ },
  { what: 'the outside specification folder', pattern: /shared\/spec\b/ },
  { what: 'a citation of the specification by part', pattern: /\bspec(ification)?(['’]s)?\s+part\s+[12]\b/i },
  { what: 'a citation by part and section', pattern: /\bparts?\s+[12],?\s+(sections?|§)\s*\d/i },
];

/** Problems of one file's text: outside citations, and relative paths to a `shared` folder beside the repository. */
export function outsideCitations(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const { what, pattern } of CITATIONS) {
      if (pattern.test(line)) problems.push(`${where}: ${what}: ${line.trim()}`);
    }
    // '../shared' inside src is src/shared (an import); from the root or past it, it is the outside folder.
    // A TypeScript module path ('../shared/polls.ts') is an import, perhaps in a lint probe's text that
    // stands for another file: the outside folder holds no TypeScript.
    for (const match of line.matchAll(/((?:\.\.[/\\])+)shared\b(?![/\\][\w./\\-]+\.tsx?\b)/g)) {
      const target = path.resolve(root, path.dirname(file), `${match[1]}shared`);
      if (path.relative(root, target).startsWith('..')) {
        problems.push(`${where}: a path out of the repository: ${line.trim()}`);
      }
    }
  });
  return problems;
}

describe('citations', () => {
  it('finds what it is meant to find', () => {
    expect(outsideCitations('README.md', 'See ../shared/spec for the rules.')).toHaveLength(2);
    expect(outsideCitations('src/server/app.ts', '// DECISIONS.md says so')).toHaveLength(1);
    expect(outsideCitations('src/shared/x.ts', '// spec part 1 section 5')).toHaveLength(2);
    expect(outsideCitations('tests/unit/x.test.ts', '// (part 2, section 8)')).toHaveLength(1);
    expect(outsideCitations('src/server/cli/x.ts', "import { a } from '../../shared/events.ts';")).toEqual(
      [],
    );
    expect(outsideCitations('src/server/config.ts', "import { a } from '../shared/teams.ts';")).toEqual([]);
    expect(outsideCitations('docs/x.md', 'docs/product/events.md (Scores); decision 014')).toEqual([]);
    expect(outsideCitations('docs/x.md', 'see ../../shared/STACK-NOTES.md')).toHaveLength(1);
    // A lint probe's module path, standing for a file deeper in the tree.
    expect(
      outsideCitations('tests/unit/x.test.ts', "'import { a } from '../../../../shared/polls.ts';'"),
    ).toEqual([]);
    expect(
      outsideCitations('tests/unit/x.test.ts', "'import type { T } from '../../../../shared/api/teams.ts';'"),
    ).toEqual([]);
    expect(outsideCitations('docs/x.md', 'see ../../shared/spec/part-1.md')).toHaveLength(2);
  });

  it('no file under src, tests, docs or the README cites the outside specification or its decision page', () => {
    const files = trackedFiles().filter((file) => file !== self && TEXT.test(file));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) return [];
      return outsideCitations(file, fs.readFileSync(full, 'utf8'));
    });
    expect(problems).toEqual([]);
  });
});
