import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The single-page web app: sources in src/web, built into dist/web, which the server sends.
const here = import.meta.dirname;

export default defineConfig({
  root: resolve(here, 'src/web'),
  plugins: [react()],
  build: {
    // '../../dist/web' from the root above.
    outDir: resolve(here, 'dist/web'),
    emptyOutDir: true,
  },
  server: {
    // `npx vite` serves the page; the API is the Fastify server on port 3000.
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
