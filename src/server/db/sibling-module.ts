import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The database's thread (pglite-worker) and its first-start set-up (pglite-setup) are modules of their
// own. `npm start` runs the compiled bundle (scripts/build-server.mjs puts them beside it in dist/server,
// run by plain node); tests, the CLI and `npm run dev:server` run the TypeScript sources through tsx.

/** Whether this process runs the TypeScript sources (through tsx or vitest) rather than the bundle. */
export const RUNNING_TYPESCRIPT = import.meta.url.endsWith('.ts');

/** The module `name` beside this one (db/ in the sources, dist/server in the bundle). */
export function siblingModule(name: string): URL {
  return new URL(`./${name}.${RUNNING_TYPESCRIPT ? 'ts' : 'js'}`, import.meta.url);
}

/**
 * tsx's loader as a file URL, for a thread or child process that runs TypeScript: a worker thread does
 * not inherit the `--import tsx` hooks of the app's thread (nor vitest's).
 */
export function tsxModule(subpath: 'tsx/esm/api' | 'tsx/esm'): string {
  return pathToFileURL(
    createRequire(import.meta.url)
      .resolve(subpath)
      .replace(/\.cjs$/, '.mjs'),
  ).href;
}
