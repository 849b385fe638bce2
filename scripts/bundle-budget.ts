import fs from 'node:fs';
import path from 'node:path';
import { brotli, gzip } from './precompress.ts';

// What the first load costs: the JavaScript a browser downloads for the sign-in page and for a
// signed-in dashboard, read from the build's manifest, and the budgets they must stay within.

export const WEB_DIST = path.resolve(import.meta.dirname, '../dist/web');

/** Brotli bytes (1 KB = 1000 bytes, as the issue counts). */
export const BUDGETS = { signIn: 120_000, dashboard: 170_000 };
export type Page = keyof typeof BUDGETS;
export const PAGE_NAMES: Record<Page, string> = { signIn: 'sign-in page', dashboard: 'signed-in dashboard' };

/**
 * The page's entry (index.html) and, for the dashboard, the lazily loaded signed-in app, whose file holds
 * the dashboard's schedule and cards too (docs/decisions/040).
 */
const ENTRY = 'index.html';
const DASHBOARD_MODULES = ['app/SignedInApp.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Weight {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No build manifest at ${file}: run "npm run build" first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The JavaScript files of these chunks and of everything they import statically. */
function scriptsOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}": update scripts/bundle-budget.ts.`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

function weigh(dist: string, files: string[]): Weight {
  const weight: Weight = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(dist, file));
    weight.raw += bytes.length;
    weight.gzip += gzip(bytes).length;
    weight.brotli += brotli(bytes).length;
  }
  return weight;
}

export function measureFirstLoad(dist = WEB_DIST): Record<Page, Weight> {
  const manifest = readManifest(dist);
  return {
    signIn: weigh(dist, scriptsOf(manifest, [ENTRY])),
    dashboard: weigh(dist, scriptsOf(manifest, [ENTRY, ...DASHBOARD_MODULES])),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** One line per page with its figures, and whether every page is within its brotli budget. */
export function checkBudgets(
  weights: Record<Page, Weight>,
  budgets: Record<Page, number> = BUDGETS,
): { lines: string[]; ok: boolean } {
  const pages = Object.keys(budgets) as Page[];
  const lines = pages.map((page) => {
    const { raw, gzip, brotli, files } = weights[page];
    const verdict = brotli <= budgets[page] ? 'within' : 'OVER';
    return (
      `${PAGE_NAMES[page].padEnd(20)} ${String(files.length).padStart(2)} scripts  raw ${kb(raw).padStart(9)}` +
      `  gzip ${kb(gzip).padStart(8)}  brotli ${kb(brotli).padStart(8)}  (${verdict} budget ${kb(budgets[page])})`
    );
  });
  return { lines, ok: pages.every((page) => weights[page].brotli <= budgets[page]) };
}
