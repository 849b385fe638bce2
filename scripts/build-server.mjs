// Compiles the server to plain JavaScript in dist/server, which `npm start` runs with node: tsx
// compiling at run time cost about 65 MB of memory in the server's process (docs/decisions/034).
// One bundle per entry (the server, the database's thread, its first-start set-up); packages stay in
// node_modules. Code loaded only when configured (the S3 store) is a chunk of its own, so that its
// imports are read only when it is.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');

export async function buildServer() {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'pglite-worker': 'src/server/db/pglite-worker.ts',
      'pglite-setup': 'src/server/db/pglite-setup.ts',
    },
    outdir,
    // Flat: every file sits in dist/server, where db/sibling-module.ts looks for the entries.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) await buildServer();
