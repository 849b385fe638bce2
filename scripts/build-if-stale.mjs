// `npm start` builds the web app first when dist/web is missing or older than its sources (or was
// built before the build wrote compressed copies and a manifest), and the server (dist/server, plain
// JavaScript that node runs: docs/decisions/034) when it is missing or older than its sources, so
// `npm install && npm start` serves current code without a separate build step.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');
const manifest = path.join(root, 'dist/web/.vite/manifest.json');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'src/web')),
  newestMtime(path.join(root, 'src/shared')),
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  fs.statSync(path.join(root, 'scripts/precompress.ts')).mtimeMs,
);
if (!fs.existsSync(built) || !fs.existsSync(manifest) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web app (dist/web)...');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

const server = path.join(root, 'dist/server/main.js');
const serverSources = Math.max(
  newestMtime(path.join(root, 'src/server')),
  newestMtime(path.join(root, 'src/shared')),
  fs.statSync(path.join(root, 'scripts/build-server.mjs')).mtimeMs,
);
if (!fs.existsSync(server) || fs.statSync(server).mtimeMs < serverSources) {
  console.log('Building the server (dist/server)...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
