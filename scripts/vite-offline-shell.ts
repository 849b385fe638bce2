import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Writes this release's app shell into the built service worker (dist/web/sw.js): the files it keeps for
// offline reading and a version named after them (docs/decisions/047). A release that changes any file
// changes the worker's bytes, so browsers install the new worker, which keeps the new shell under a new
// cache name and deletes the old one.

/** The line of src/web/public/sw.js this replaces. */
export const SHELL_PLACEHOLDER = "const SHELL = { version: 'dev', files: [] };";

/** Files of the built app a page may need offline: the page, its scripts, styles, fonts and images. */
const SHELL_FILE = /\.(?:html|js|css|svg|png|woff2?|webmanifest)$/;

/**
 * The shell's addresses ('/index.html', '/assets/...'), given the built files relative to the root:
 * not the worker itself, the compressed copies, source maps or the build's own manifest (.vite/).
 */
export function shellFiles(relativePaths: readonly string[]): string[] {
  return relativePaths
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SHELL_FILE.test(file) && file !== 'sw.js' && !file.startsWith('.'))
    .map((file) => `/${file}`)
    .sort();
}

/** The release's version: a digest of its files' names and contents. */
export function shellVersion(files: readonly { name: string; bytes: Buffer }[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.bytes).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The worker's source with the shell in place of the placeholder; throws when it has none. */
export function withShell(source: string, shell: { version: string; files: readonly string[] }): string {
  if (!source.includes(SHELL_PLACEHOLDER)) throw new Error('sw.js has no shell placeholder to replace');
  return source.replace(SHELL_PLACEHOLDER, `const SHELL = ${JSON.stringify(shell)};`);
}

/** Writes the shell into dir/sw.js once the build has written its files. */
export function writeShell(dir: string): void {
  const relative = fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const files = shellFiles(relative);
  const version = shellVersion(
    files.map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, name.slice(1))) })),
  );
  const worker = path.join(dir, 'sw.js');
  fs.writeFileSync(worker, withShell(fs.readFileSync(worker, 'utf8'), { version, files }));
}

/** The Vite plugin: registered before the one that compresses, so sw.js is compressed with its shell. */
export function offlineShell(): Plugin {
  return {
    name: 'club:offline-shell',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) writeShell(options.dir);
    },
  };
}
