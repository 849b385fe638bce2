import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

// Builds src/web/early-reads.ts into index.html as an inline script (docs/decisions/052): the page's
// first reads start while the app's files download instead of after they have run. The signed-in app's
// files are named in it, so a page with a stored token fetches them beside the entry. The server allows
// this one inline script by its hash (src/server/plugins/web.ts, inlineScriptHashes).

/** The module the signed-in app is loaded from (app/App.tsx imports it lazily). */
const SIGNED_IN_APP = 'src/web/app/SignedInApp.tsx';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type BuiltFile = BuiltChunk | { type: 'asset'; fileName: string };

/** The chunk and every chunk it imports statically, by file name. */
function closure(bundle: Record<string, BuiltFile>, start: BuiltChunk): BuiltChunk[] {
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * The files a stored token makes the page fetch early: the signed-in app's chunk, the chunks it imports
 * that the entry does not already load, and their styles, as '/assets/...' addresses.
 */
export function signedInFiles(bundle: Record<string, BuiltFile>): string[] {
  const chunks = Object.values(bundle).filter((file): file is BuiltChunk => file.type === 'chunk');
  const signedIn = chunks.find((chunk) =>
    chunk.facadeModuleId?.split(path.sep).join('/').endsWith(SIGNED_IN_APP),
  );
  if (!signedIn) throw new Error(`no chunk for ${SIGNED_IN_APP} in the build`);
  const loadedByEntry = new Set(
    chunks
      .filter((chunk) => chunk.isEntry)
      .flatMap((entry) => closure(bundle, entry).map((chunk) => chunk.fileName)),
  );
  const needed = closure(bundle, signedIn).filter((chunk) => !loadedByEntry.has(chunk.fileName));
  const styles = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  return [...needed.map((chunk) => chunk.fileName), ...styles].map((file) => `/${file}`);
}

/** The early reads' script, built for the page with the signed-in app's files named in it. */
export function earlyReadsScript(root: string, files: readonly string[]): string {
  const built = buildSync({
    entryPoints: [path.join(root, 'src/web/early-reads.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    define: { SIGNED_IN_FILES: JSON.stringify(files) },
  });
  const code = built.outputFiles[0]?.text;
  if (!code) throw new Error('the early reads script built to nothing');
  return code.trim();
}

/** The Vite plugin: only the build gets the script (the dev server's app asks for everything itself). */
export function earlyReads(root: string): Plugin {
  return {
    name: 'club:early-reads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const files = signedInFiles(context.bundle as unknown as Record<string, BuiltFile>);
        return [{ tag: 'script', children: earlyReadsScript(root, files), injectTo: 'head' }];
      },
    },
  };
}
