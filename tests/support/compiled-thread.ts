import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { inject } from 'vitest';
import type { CompiledThread } from '../../src/server/db/connect.ts';

// Each test app's PGlite runs on a thread of its own. Through tsx, every such thread compiled
// pglite-worker.ts again (about 0.8 s of CPU), and PGlite compiled its WebAssembly again (about 0.45 s):
// the run bundles the thread once (global-setup.ts), and each test process compiles the WebAssembly
// once for all its apps (docs/decisions/033).

/** Where the bundled thread is written: inside the project, so that its imports find node_modules. */
const FOLDER = path.resolve(import.meta.dirname, '../../.cache/test-threads');
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;

/** Bundles db/pglite-worker.ts as scripts/build-server.mjs does; returns the file's URL. */
export async function bundlePgliteWorker(): Promise<string> {
  const result = await build({
    absWorkingDir: path.resolve(import.meta.dirname, '../..'),
    entryPoints: ['src/server/db/pglite-worker.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild wrote no pglite-worker bundle');
  // Named by its content: runs of other sources (another branch) never overwrite it mid-run.
  const file = path.join(
    FOLDER,
    `pglite-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  if (!fs.existsSync(file)) {
    fs.mkdirSync(FOLDER, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  // Bundles of other sources are removed once unused for a day, as the database templates are.
  const now = new Date();
  fs.utimesSync(file, now, now);
  for (const name of fs.readdirSync(FOLDER)) {
    const other = path.join(FOLDER, name);
    if (other !== file && now.getTime() - fs.statSync(other).mtimeMs > UNUSED_FOR_MS)
      fs.rmSync(other, { force: true });
  }
  return pathToFileURL(file).href;
}

let wasmModule: Promise<WebAssembly.Module> | undefined;

/** Node's WebAssembly global: the project's types (no DOM library) declare its types but not its value. */
const { compile } = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

/** The run's bundled thread, and PGlite's WebAssembly compiled once in this process. */
export async function compiledThread(): Promise<CompiledThread> {
  wasmModule ??= (async () => {
    // PGlite's entry point sits in its dist/ folder, beside pglite.wasm.
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return compile(await fs.promises.readFile(path.join(dist, 'pglite.wasm')));
  })();
  return { module: new URL(inject('pgliteWorker')), wasmModule: await wasmModule };
}
