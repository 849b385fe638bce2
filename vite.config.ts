import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { earlyReads } from './scripts/vite-early-reads.ts';
import { precompressDirectory } from './scripts/precompress.ts';
import { offlineShell } from './scripts/vite-offline-shell.ts';

// The single-page web app: sources in src/web, built into dist/web, which the server sends.
const here = import.meta.dirname;

/** Writes brotli and gzip copies beside the built files; the server sends them as they are. */
function precompress(): Plugin {
  return {
    name: 'club:precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressDirectory(options.dir);
    },
  };
}

export default defineConfig({
  root: resolve(here, 'src/web'),
  plugins: [react(), earlyReads(here), offlineShell(), precompress()],
  build: {
    // '../../dist/web' from the root above.
    outDir: resolve(here, 'dist/web'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page loads, for the first-load budget (npm run size).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries the first page needs (React, TanStack Query, zod) in a file of their own:
          // it keeps its name, and stays cached, across releases that change only our code. Our own
          // code of the first page is one file with the entry ('boot'); luxon one file ('dates'); the
          // shared rules, web lib and components the signed-in app and its screens use, one file
          // ('common'). Left to itself the bundler made 13 small files for the signed-in dashboard, and
          // a phone opens only a few connections: each file waited its turn, a round trip each
          // (docs/decisions/040, 2026-11-26 update).
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            { name: 'boot', test: /[\\/]src[\\/]web[\\/]/, tags: ['$initial'] },
            { name: 'dates', test: /[\\/]node_modules[\\/]luxon[\\/]/ },
            // What only the long lists of the lazy screens use (month groups, search: decision 051), kept
            // out of 'common' so the dashboard's first load does not carry it.
            {
              name: 'lists',
              test: /[\\/]src[\\/]web[\\/](components[\\/](MonthGroups|SearchField)|lib[\\/](months|search))\./,
            },
            { name: 'common', test: /[\\/]src[\\/](shared|web[\\/](lib|components))[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // `npx vite` serves the page; the API is the Fastify server on port 3000.
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
